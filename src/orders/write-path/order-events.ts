import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventOutbox, EventType } from '../../events';
import type { OrderAggregate, StatesAsLoaded } from '../domain/order-aggregate';
import { findCartShapeOf, type Cart } from '../queries/cart.read-model';
import { findOrder } from '../queries/order.read-model';
import { serializeCart } from '../serializers/cart.serializer';
import { serializeOrder } from '../serializers/order.serializer';

const reached = (before: ReadonlyMap<number, string>, now: ReadonlyArray<{ id: number; state: string }>, state: string): boolean =>
  now.some((item) => item.state === state && before.get(item.id) !== state);

/** The events of a placed order's change, in the order they are written (fulfilment last: it follows from the others). */
function placedOrderEvents(order: OrderAggregate, before: StatesAsLoaded): EventType[] {
  const types: EventType[] = [];
  const state = order.order.state;
  if (state === 'cancelled' && before.state !== 'cancelled') types.push('order.cancelled');
  if (reached(before.payments, order.payments, 'completed')) types.push('payment.completed');
  if (reached(before.shipments, order.shipments, 'shipped')) types.push('shipment.shipped');
  if (state === 'fulfilled' && before.state !== 'fulfilled') types.push('order.fulfilled');
  return types;
}

/** The order as GET /orders/{id} answers it, read in the write's transaction after its flush. */
async function orderData(tx: EntityManager, id: number): Promise<unknown> {
  const order = await findOrder(tx, id);
  if (order === null) throw new Error(`The order ${id} just changed cannot be read`);
  return serializeOrder(order);
}

/**
 * Records the events of one change of an order made through its write path, after its flush (told from
 * its states as loaded and now): a cart
 * is `cart.updated` (or `cart.deleted`, or `order.placed` when the change placed it); a placed order
 * gets one event per thing that happened to it. The data is read through the resource's GET read path
 * once (one statement for a cart, five for an order), and shared by the events of the change. Answers
 * the cart it read, if any, so the write's own answer can be taken from it instead of reading again.
 */
export async function recordOrderEvents(tx: EntityManager, outbox: EventOutbox, order: OrderAggregate): Promise<Cart | null> {
  const id = order.order.id;
  const before = order.asLoaded;
  if (before.wasCart && order.isDiscarded) {
    await outbox.record(tx, { type: 'cart.deleted', data: { id } });
    return null;
  }
  if (before.wasCart && order.isCart) {
    const cart = await findCartShapeOf(tx, id);
    if (cart === null) throw new Error(`The cart ${id} just changed cannot be read`);
    await outbox.record(tx, { type: 'cart.updated', data: serializeCart(cart, 'detailed') });
    return cart;
  }
  const types: EventType[] = before.wasCart ? ['order.placed'] : placedOrderEvents(order, before);
  if (types.length > 0) {
    const data = await orderData(tx, id);
    for (const type of types) await outbox.record(tx, { type, data });
  }
  return null;
}

/** A cart the write path just created: `cart.created`, with the cart as GET cart reads it. Answers that cart. */
export async function recordCartCreated(tx: EntityManager, outbox: EventOutbox, id: number): Promise<Cart> {
  const cart = await findCartShapeOf(tx, id);
  if (cart === null) throw new Error(`The cart ${id} just created cannot be read`);
  await outbox.record(tx, { type: 'cart.created', data: serializeCart(cart, 'detailed') });
  return cart;
}

/** Carts removed with their customer: one `cart.deleted` each, in id order. */
export async function recordCartsDeleted(tx: EntityManager, outbox: EventOutbox, ids: readonly number[]): Promise<void> {
  for (const id of ids) await outbox.record(tx, { type: 'cart.deleted', data: { id } });
}
