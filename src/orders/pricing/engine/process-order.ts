import { ORDER_PROCESSORS } from './processors';
import { buildResult } from './result';
import type { EngineOrder, EngineResult, EngineShop } from './types';
import { createWorkingOrder, type ProcessingContext, type WorkingOrder } from './working-order';
import { createZoneLookup } from './zones';

export function createProcessingContext(shop: EngineShop, now: Date): ProcessingContext {
  return { shop, now, zones: createZoneLookup(shop.zones) };
}

/** Runs the whole chain on a fresh copy of the order and returns the working state. */
export function runProcessors(order: EngineOrder, context: ProcessingContext): WorkingOrder {
  const working = createWorkingOrder(order);
  for (const processor of ORDER_PROCESSORS) {
    processor(working, context);
  }
  return working;
}

/**
 * Recomputes a cart from scratch: shipment, unit prices, shipping charges, promotions, taxes and the cart
 * payment. Pure: the same input always gives the same result, and `now` is the only clock.
 * Throws an OrderProcessingError when the shop configuration cannot price the cart.
 */
export function processOrder(order: EngineOrder, shop: EngineShop, now: Date): EngineResult {
  return buildResult(runProcessors(order, createProcessingContext(shop, now)), shop);
}
