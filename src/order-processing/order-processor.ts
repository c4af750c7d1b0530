import type { EntityManager } from '@mikro-orm/postgresql';
import { processOrder, type EngineResult, type EngineShop } from './engine';
import { loadOrderInput, type LoadedOrder, type LoadOrderInputOptions } from './load-order-input';
import { persistEngineResult, type PersistedAdjustment } from './persist-engine-result';
import { shopFor } from './shop-configuration-cache';

/** An order ready for the engine: its input and the shop configuration of its channel. */
export interface OrderForProcessing extends LoadedOrder {
  shop: EngineShop;
}

/**
 * Loads an order and its channel's shop configuration: one statement, plus one more when the cached
 * configuration is not current. Options as for loadOrderInput (a coupon to try instead of the stored one).
 */
export async function loadOrderForProcessing(em: EntityManager, orderId: number, options: LoadOrderInputOptions = {}): Promise<OrderForProcessing> {
  const loaded = await loadOrderInput(em, orderId, options);
  return { ...loaded, shop: await shopFor(em, loaded) };
}

export interface ProcessedOrder {
  result: EngineResult;
  /** The adjustments as stored, with their new ids. */
  adjustments: PersistedAdjustment[];
}

/** Runs the engine on a loaded order and stores the outcome (one statement). */
export async function processLoadedOrder(em: EntityManager, order: OrderForProcessing, now: Date = new Date()): Promise<ProcessedOrder> {
  const result = processOrder(order.input, order.shop, now);
  return { result, adjustments: await persistEngineResult(em, order, result) };
}

/**
 * Recomputes one order from scratch through the engine and stores the outcome. Call it inside the
 * transaction that changed the order (and that locked the cart row), with that transaction's EntityManager.
 * Throws the engine's OrderProcessingError when the shop cannot price the order.
 */
export async function reprocessOrder(em: EntityManager, orderId: number, now: Date = new Date()): Promise<EngineResult> {
  return (await processLoadedOrder(em, await loadOrderForProcessing(em, orderId), now)).result;
}
