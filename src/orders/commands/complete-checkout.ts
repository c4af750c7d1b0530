import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadOrderForProcessing, priceLoadedOrder, withLockedUsage, type OrderForProcessing } from '../pricing/order-processor';
import { COUPON_INVALID } from '../http/forms/cart.forms';
import { lockCouponCounter, lockCustomerOfOrder, lockLimitedPromotionCounters } from '../../database/lock-order';
import { isCouponUsable } from '../pricing/engine';
import { canApplyCheckout, checkoutTransitionRefused } from '../domain/state-machines/checkout-state-machine';
import { CheckoutError } from './checkout-error';
import { loadOrderToPlace, placeOrder, type PlacedOrder } from './place-order';

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
 * order's coupon, then the channel's promotions with a usage limit in id order, and prices the order
 * with the counters as read under those locks: two checkouts of different carts cannot both take the
 * last use. Shops without such limits and orders without a coupon spend no statement here.
 */
async function lockUsage(tx: EntityManager, order: OrderForProcessing): Promise<void> {
  const couponUsed = order.coupon === null ? null : await lockCouponCounter(tx, order.coupon.id);
  const { shop, promotionIds } = order.snapshot;
  const limitedIds = promotionIds.filter((_, index) => shop.promotions[index].usageLimit !== null);
  const promotions = await lockLimitedPromotionCounters(tx, limitedIds);
  if (promotions.size === 0 && couponUsed === null) return;
  await withLockedUsage(tx, order, promotions, couponUsed);
}

/**
 * The order's coupon must still be usable now, by its counters as read under the locks: its usage limit,
 * its per-customer limit (the customer's placed orders, counted under the customer's lock) and its
 * expiry. Otherwise placing it would push the coupon past its limits, or place the order without the
 * discount it was shown with: it is refused as the complete step's form error, like the cart form's.
 */
function checkCouponStillUsable(order: OrderForProcessing, now: Date): void {
  if (order.coupon !== null && !isCouponUsable(order.coupon, order.input.customer, now)) throw new CheckoutError('not_placeable', COUPON_INVALID);
}

/**
 * Completes the checkout of an order inside the caller's transaction (use only `tx` within it): locks
 * the order's customer, then the order with what placing it needs (a concurrent completion waits, then finds it completed: the
 * `complete` transition no longer applies), checks that its checkout may complete (payment selected or
 * skipped), reprocesses it with the current catalogue, promotions and prices, and places it. The API's
 * complete step and `npm run cli -- order:complete` both come here. Throws a CheckoutError when the order
 * is missing, in the wrong checkout state or cannot be placed, and the engine's OrderProcessingError when
 * the shop cannot price it; the caller's transaction then rolls back.
 */
export async function completeCheckout(tx: EntityManager, orderId: number, options: CompleteCheckoutOptions = {}): Promise<PlacedOrder> {
  const now = options.now ?? new Date();
  await lockCustomerOfOrder(tx, orderId);
  const order = await loadOrderToPlace(tx, orderId, LockMode.PESSIMISTIC_WRITE);
  if (order === null) throw new CheckoutError('not_found', `Order ${orderId} does not exist`);
  if (!canApplyCheckout(order.checkoutState, 'complete')) throw new CheckoutError('wrong_state', checkoutTransitionRefused('complete', order.checkoutState));
  const loaded = await loadOrderForProcessing(tx, orderId);
  await lockUsage(tx, loaded);
  checkCouponStillUsable(loaded, now);
  // Not flushed here: placing the order flushes the pricing with it, in one go.
  await priceLoadedOrder(tx, loaded, now);
  return placeOrder(tx, order, {
    completedAt: options.completedAt ?? now,
    notes: options.notes ?? null,
    ...(options.number !== undefined && { number: options.number }),
  });
}
