import type { EntityManager } from '@mikro-orm/postgresql';
import { lockCouponCounter, lockLimitedPromotionCounters } from '../../database/lock-order';
import { inWriteTransaction } from '../../database/write-transaction';
import type { EventOutbox } from '../../events';
import type { OrderAggregate } from '../domain/order-aggregate';
import { canApplyCheckout, checkoutTransitionRefused } from '../domain/state-machines/checkout-state-machine';
import { COUPON_INVALID } from '../http/forms/cart.forms';
import { isCouponUsable } from '../pricing/engine';
import { engineCustomerOf, priceOrder } from '../pricing/pricing';
import { CheckoutError } from './checkout-error';
import { lockAndLoad, save } from '../write-path/write-path';
import { placeOrder, type PlacedOrder } from './place-order';

export interface CompleteCheckoutOptions {
  /** The clock for processing; also checkoutCompletedAt unless `completedAt` is given. Defaults to now. */
  now?: Date;
  completedAt?: Date;
  /** A fixed number (fixtures); by default the next one from the shared sequence. */
  number?: string;
  /** Stored on the order; left out, the order has none. */
  notes?: string | null;
}

/**
 * Locks the usage counters the order is judged by (levels 3 and 4 of src/database/lock-order.ts): the
 * order's coupon, then the channel's promotions with a usage limit in id order; the order is then judged
 * and priced by the counters as read under those locks, so two checkouts of different carts cannot both
 * take the last use. Shops without such limits and orders without a coupon spend no statement here.
 */
async function lockUsage(tx: EntityManager, order: OrderAggregate): Promise<void> {
  const couponUsed = order.coupon === null ? null : await lockCouponCounter(tx, order.coupon.id);
  const { shop, promotionIds } = order.configuration;
  const limitedIds = promotionIds.filter((_, index) => shop.promotions[index].usageLimit !== null);
  const promotions = await lockLimitedPromotionCounters(tx, limitedIds);
  if (promotions.size > 0 || couponUsed !== null) order.countUsageAsLocked(promotions, couponUsed);
}

/**
 * The order's coupon must still be usable now, by its counters as read under the locks: its usage limit,
 * its per-customer limit (the customer's placed orders, counted under the customer's lock) and its
 * expiry. Otherwise placing it would push the coupon past its limits, or place the order without the
 * discount it was shown with: it is refused as the complete step's form error, like the cart form's.
 */
function checkCouponStillUsable(order: OrderAggregate, now: Date): void {
  if (order.coupon !== null && !isCouponUsable(order.coupon, engineCustomerOf(order), now)) throw new CheckoutError('not_placeable', COUPON_INVALID);
}

/**
 * Completes the checkout of an order, through the order's write path in the caller's transaction: locks
 * the order's customer, then the order, loads it with what placing needs, checks that
 * its checkout may complete (payment selected or skipped), locks and checks the usage counters, prices
 * it with the current catalogue, promotions and prices, and places it. The API's complete step, `npm run
 * cli -- order:complete` and the fixtures come here. Throws a CheckoutError when the order is missing, in
 * the wrong checkout state or cannot be placed, and the engine's OrderProcessingError when the shop
 * cannot price it; the caller's transaction then rolls back.
 */
async function completeCheckout(tx: EntityManager, outbox: EventOutbox, orderId: number, options: CompleteCheckoutOptions): Promise<PlacedOrder> {
  const now = options.now ?? new Date();
  const missing = () => new CheckoutError('not_found', `Order ${orderId} does not exist`);
  const order = await lockAndLoad(tx, { order: orderId, missing, lockCustomer: true });
  if (!canApplyCheckout(order.order.checkoutState, 'complete')) throw new CheckoutError('wrong_state', checkoutTransitionRefused('complete', order.order.checkoutState));
  await lockUsage(tx, order);
  checkCouponStillUsable(order, now);
  await priceOrder(order, now);
  const placed = await placeOrder(tx, order, {
    completedAt: options.completedAt ?? now,
    notes: options.notes ?? null,
    ...(options.number !== undefined && { number: options.number }),
  });
  await save(tx, order, outbox);
  return placed;
}

/** Completes a cart's checkout in a write transaction of its own; its events go to `outbox`. */
export function completeCheckoutInTransaction(em: EntityManager, outbox: EventOutbox, cartId: number, options: CompleteCheckoutOptions = {}): Promise<PlacedOrder> {
  return inWriteTransaction(em, (tx) => completeCheckout(tx, outbox, cartId, options));
}
