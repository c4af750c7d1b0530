import type { EntityManager } from '@mikro-orm/postgresql';
import { reprocessOrder } from '../../order-processing/order-processor';
import { CheckoutError } from './checkout-error';
import { placeOrder, type PlacedOrder } from './place-order';

export interface CompleteCheckoutOptions {
  /** The clock for processing; also checkoutCompletedAt unless `completedAt` is given. Defaults to now. */
  now?: Date;
  completedAt?: Date;
  /** A fixed number (fixtures); by default the next one from the shared sequence. */
  number?: string;
}

/**
 * Locks the cart row (concurrent changes to the cart wait for the checkout, and a second checkout of
 * the same cart finds it placed), then the rows whose usage limits the processing checks: promotions
 * with a usage limit in the cart's channel, in id order, and the cart's coupon. Otherwise two checkouts
 * could both take the last use of a promotion or coupon.
 */
async function lockCartForCheckout(tx: EntityManager, orderId: number): Promise<void> {
  const [order] = await tx.execute<Array<{ checkout_state: string; channel_id: number; promotion_coupon_id: number | null }>>(
    'select o.checkout_state, o.channel_id, o.promotion_coupon_id from orders o where o.id = ? for update',
    [orderId],
  );
  if (order === undefined) throw new CheckoutError('not_found', `Order ${orderId} does not exist`);
  if (order.checkout_state !== 'cart') throw new CheckoutError('not_a_cart', `Order ${orderId} is not a cart (its checkout is ${order.checkout_state})`);
  await tx.execute(
    `select p.id from promotion p
      where p.usage_limit is not null and exists (select 1 from promotion_channel pc where pc.promotion_id = p.id and pc.channel_id = ?)
      order by p.id
        for update`,
    [order.channel_id],
  );
  if (order.promotion_coupon_id !== null) {
    await tx.execute('select id from promotion_coupon where id = ? for update', [order.promotion_coupon_id]);
  }
}

/**
 * Completes the checkout of a cart inside the caller's transaction (use only `tx` within it): locks
 * it, reprocesses it with the current catalogue, promotions and prices, and places it. Throws a
 * CheckoutError when the order is missing, not a cart, or cannot be placed, and the engine's
 * OrderProcessingError when the shop cannot price it; the caller's transaction then rolls back.
 */
export async function completeCheckout(tx: EntityManager, orderId: number, options: CompleteCheckoutOptions = {}): Promise<PlacedOrder> {
  const now = options.now ?? new Date();
  await lockCartForCheckout(tx, orderId);
  await reprocessOrder(tx, orderId, now);
  return placeOrder(tx, orderId, { now, completedAt: options.completedAt ?? now, ...(options.number !== undefined && { number: options.number }) });
}
