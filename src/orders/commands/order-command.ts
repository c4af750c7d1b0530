import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest, resourceNotFound, type ResourceName } from '../../common/errors/api-error';
import { lockCustomerOfOrder } from '../../database/lock-order';
import { inWriteTransaction } from '../../database/write-transaction';
import type { EventOutbox } from '../../events';
import type { OrderAggregate } from '../domain/order-aggregate';
import { OrderProcessingError } from '../pricing/engine';
import type { Cart } from '../queries/cart.read-model';
import { priceOrder } from '../pricing/pricing';
import { lockAndLoadOrder, type LockOrderOptions } from './load-order';
import { orderBefore, recordOrderEvents } from './order-events';
import { assignValueIds } from './value-ids';

export interface OrderCommandOptions extends LockOrderOptions {
  /** What a missing order is called in the 404 (`cart`, `order`), or the error it is. */
  missing: ResourceName | (() => Error);
  /** Lock the order's customer before the order (level 1 of src/database/lock-order.ts): checkout completion. */
  lockCustomer?: boolean;
  /** The outbox the change records its events in (order-events.ts); null: it records none (the fixtures pricing their carts). */
  outbox: EventOutbox | null;
}

/** One change of an order: given the loaded aggregate (and the transaction, for the few reads it needs), it changes it. */
export type OrderChange<T> = (order: OrderAggregate, tx: EntityManager) => Promise<T> | T;

/**
 * The answer, read after the flush in the same transaction (through the resource's GET read path);
 * `cart` is the cart as its event read it (null when the change made no cart event), to answer from.
 */
export type OrderAnswer<T, R> = (tx: EntityManager, changed: T, cart: Cart | null) => Promise<R>;

/**
 * The one write path of an order, inside a transaction the caller runs:
 * 1-2. lock the order row (its customer's first, when asked), so changes of one order run one after
 *    another, and load the aggregate (one loader: lines, units, adjustments, shipments, payments, pricing
 *    facts), in one round trip;
 * 3. let the command change it through its domain methods;
 * 4. price it when it is still a cart and pricing has not seen the last change;
 * 5. give the units and adjustments it made their ids (value-ids.ts), then flush once: the unit of work
 *    writes whatever changed;
 * 6. record its events (order-events.ts), written by the outbox when the transaction commits.
 * Answers what the change returned.
 */
export async function changeOrder<T>(tx: EntityManager, orderId: number, options: OrderCommandOptions, change: OrderChange<T>): Promise<T> {
  return (await changeAndRecord(tx, orderId, options, change)).changed;
}

async function changeAndRecord<T>(tx: EntityManager, orderId: number, options: OrderCommandOptions, change: OrderChange<T>): Promise<{ changed: T; cart: Cart | null }> {
  if (options.lockCustomer === true) await lockCustomerOfOrder(tx, orderId);
  const order = await lockAndLoadOrder(tx, orderId, options);
  if (order === null) throw typeof options.missing === 'function' ? options.missing() : resourceNotFound(options.missing);
  const before = orderBefore(order);
  const changed = await change(order, tx);
  if (order.needsPricing) await priceOrder(order);
  if (!order.isDiscarded) await assignValueIds(tx, order.order, order.items);
  await tx.flush();
  const cart = options.outbox === null ? null : await recordOrderEvents(tx, options.outbox, order, before);
  return { changed, cart };
}

/**
 * Runs changeOrder in a write transaction of its own (retried on a deadlock, see write-transaction.ts).
 * An order the shop cannot price (no channel price, no shipping amount, …) rolls back and answers 400
 * with the engine's reason.
 */
export async function orderCommand<T>(em: EntityManager, orderId: number, options: OrderCommandOptions, change: OrderChange<T>): Promise<T>;
export async function orderCommand<T, R>(em: EntityManager, orderId: number, options: OrderCommandOptions, change: OrderChange<T>, answer: OrderAnswer<T, R>): Promise<R>;
export async function orderCommand<T, R>(em: EntityManager, orderId: number, options: OrderCommandOptions, change: OrderChange<T>, answer?: OrderAnswer<T, R>): Promise<T | R> {
  try {
    return await inWriteTransaction(em, async (tx) => {
      const { changed, cart } = await changeAndRecord(tx, orderId, options, change);
      return answer === undefined ? changed : answer(tx, changed, cart);
    });
  } catch (error) {
    if (error instanceof OrderProcessingError) throw badRequest(error.message);
    throw error;
  }
}
