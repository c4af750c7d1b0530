import type { EntityManager } from '@mikro-orm/postgresql';
import { processOrder, type EngineResult } from './engine';
import { loadOrderInput } from './load-order-input';
import { loadShopConfiguration } from './load-shop-configuration';
import { persistEngineResult } from './persist-engine-result';

/**
 * Recomputes one order from scratch through the engine and stores the outcome. Call it inside the
 * transaction that changed the order (and that locked the cart row), with that transaction's EntityManager.
 * Throws the engine's OrderProcessingError when the shop cannot price the order.
 */
export async function reprocessOrder(em: EntityManager, orderId: number, now: Date = new Date()): Promise<EngineResult> {
  const loaded = await loadOrderInput(em, orderId);
  const shop = await loadShopConfiguration(em, loaded.channelId);
  const result = processOrder(loaded.input, shop, now);
  await persistEngineResult(em, loaded, result);
  return result;
}
