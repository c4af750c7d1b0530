import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, resourceNotFound, type ResourceName } from '../../common/errors/api-error';
import { lockCustomerOfOrder } from '../../database/lock-order';
import { inWriteTransaction, writeConflict } from '../../database/write-transaction';
import type { EventOutbox } from '../../events';
import type { OrderAggregate } from '../domain/order-aggregate';
import type { Order } from '../domain/order.entity';
import { OrderProcessingError } from '../pricing/engine';
import { priceOrder } from '../pricing/pricing';
import type { Cart } from '../queries/cart.read-model';
import { lockAndLoadOrder } from './load-order';
import { recordCartCreated, recordOrderEvents } from './order-events';
import { assignValueIds } from './value-ids';

/*
 * The one write path of an order, in steps a command calls in this order, inside one transaction:
 *   inOrderTransaction → lockAndLoad → (check, change the aggregate through its methods) → save,
 * or, for a new cart, inOrderTransaction → (check, create) → saveNewCart. Each command
 * (src/orders/commands/) reads as those steps.
 */

/** What a command locks and loads: a cart (anything else is a 404 "cart"), or an order whatever its state. */
export type OrderLoad =
  | {
      cart: number;
      /** The code of a variant about to be added: its facts are read with the cart. */
      addingVariant?: string;
      /** A coupon (null: none) to judge and price the cart with instead of its own. */
      withCoupon?: string | null;
    }
  | {
      order: number;
      /** What a missing order is called in the 404 (`order`, `shipment`, …), or the error it is. */
      missing: ResourceName | (() => Error);
      /** Lock the order's customer before the order (level 1 of src/database/lock-order.ts): checkout completion. */
      lockCustomer?: boolean;
    };

/**
 * Runs of a command after the first whose flush met a foreign-key violation. Such a violation means a row
 * the command read without locking it (the variant added, the cart's channel, a promotion or coupon of the
 * cached shop configuration) was deleted by a transaction that committed in between; the next run reads
 * again and meets the row's absence as the request's error (an unknown variant, …) or prices without it.
 */
const RUNS_AFTER_VANISHED_REFERENCE = 2;

/**
 * Runs a command in a write transaction of its own (retried on a deadlock, see write-transaction.ts; run
 * again when a row it relied on was deleted meanwhile, after which only a collision answers 409). An order
 * the shop cannot price (no channel price, no shipping amount, …) rolls back and answers 400 with the
 * engine's reason.
 */
export async function inOrderTransaction<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  for (let run = 0; ; run++) {
    try {
      return await inWriteTransaction(em, work);
    } catch (error) {
      if (error instanceof OrderProcessingError) throw badRequest(error.message);
      if (!(error instanceof ForeignKeyConstraintViolationException)) throw error;
      if (run >= RUNS_AFTER_VANISHED_REFERENCE) throw writeConflict();
    }
  }
}

/**
 * Locks the order row (its customer's first, when asked), so changes of one order run one after
 * another, and loads the aggregate: the facts pricing reads with the lock, then the order with its
 * lines, shipments and payments (load-order.ts). A 404 when there is no such order.
 */
export async function lockAndLoad(tx: EntityManager, load: OrderLoad): Promise<OrderAggregate> {
  if ('cart' in load) {
    const options = { cartsOnly: true, addedVariantCode: load.addingVariant, ...(load.withCoupon !== undefined && { couponCode: load.withCoupon }) };
    const cart = await lockAndLoadOrder(tx, load.cart, options);
    if (cart === null) throw resourceNotFound('cart');
    return cart;
  }
  if (load.lockCustomer === true) await lockCustomerOfOrder(tx, load.order);
  const order = await lockAndLoadOrder(tx, load.order, {});
  if (order === null) throw typeof load.missing === 'function' ? load.missing() : resourceNotFound(load.missing);
  return order;
}

/** What saving a change answers: the cart as its event read it (null when the change made no cart event). */
export interface Saved {
  cart: Cart | null;
}

/**
 * Saves the change: prices the order when it is still a cart and pricing has not seen the last change,
 * gives the units and adjustments it made their ids, flushes once (the unit of work writes whatever
 * changed) and records its events (order-events.ts), written by the outbox when the transaction
 * commits. `outbox` null: no event (the fixtures pricing their carts).
 */
export async function save(tx: EntityManager, order: OrderAggregate, outbox: EventOutbox | null): Promise<Saved> {
  if (order.needsPricing) await priceOrder(order);
  if (!order.isDiscarded) await assignValueIds(tx, order.order, order.items);
  await tx.flush();
  return { cart: outbox === null ? null : await recordOrderEvents(tx, outbox, order) };
}

/** What every command runs with: the request's EntityManager (each command forks its own transaction) and the events outbox. */
export interface OrderCommandContext {
  em: EntityManager;
  outbox: EventOutbox;
}

/** Saves a cart just created (nothing to price yet: it has no line) and records its `cart.created`. */
export async function saveNewCart(tx: EntityManager, cart: Order, outbox: EventOutbox): Promise<Cart> {
  await tx.flush();
  return recordCartCreated(tx, outbox, cart.id);
}
