import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, resourceNotFound } from '../../common/errors/api-error';
import { Order } from '../domain/order.entity';
import { OrderProcessingError } from '../pricing/engine';
import { processLoadedOrder, type OrderForProcessing, type ProcessedOrder } from '../pricing/order-processor';
import { inWriteTransaction } from '../../database/write-transaction';

/**
 * Locks the cart row (only orders still in checkout state `cart`) until the transaction ends, so changes
 * to one cart are applied one after another. Null when there is no such cart.
 */
function lockCart(tx: EntityManager, cartId: number): Promise<Order | null> {
  return tx.findOne(Order, { id: cartId, checkoutState: 'cart' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

/**
 * Runs one change of a cart in a single transaction that starts by locking the cart row; a missing cart
 * is a 404. Everything inside must go through `tx`. A cart the shop cannot price (an engine failure such
 * as a missing channel price or shipping amount) rolls back and answers 400 with the reason.
 */
export async function changeCart<T>(em: EntityManager, cartId: number, change: (tx: EntityManager, cart: Order) => Promise<T>): Promise<T> {
  try {
    return await inWriteTransaction(em, async (tx) => {
      const cart = await lockCart(tx, cartId);
      if (cart === null) throw resourceNotFound('cart');
      return change(tx, cart);
    });
  } catch (error) {
    if (error instanceof OrderProcessingError) throw badRequest(error.message);
    throw error;
  }
}

/** A cart as processed: what was loaded, the engine result and the adjustments as stored. */
export interface ProcessedCart extends ProcessedOrder {
  order: OrderForProcessing;
}

/** Recomputes prices, adjustments, shipment, payment and totals of the loaded cart with the changes made to it, and flushes. */
export async function processCart(tx: EntityManager, order: OrderForProcessing, now: Date = new Date()): Promise<ProcessedCart> {
  return { order, ...(await processLoadedOrder(tx, order, now)) };
}
