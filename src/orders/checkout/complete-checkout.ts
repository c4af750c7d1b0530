import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadOrderForProcessing, processLoadedOrder, withLockedUsage, type OrderForProcessing } from '../../order-processing/order-processor';
import { PromotionCoupon } from '../../promotions/entities/promotion-coupon.entity';
import { Promotion } from '../../promotions/entities/promotion.entity';
import { canApplyCheckout, checkoutTransitionRefused } from '../state-machines/checkout-state-machine';
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
 * Locks what the usage limits are checked against (the channel's promotions with a usage limit, in id
 * order, then the order's coupon) and prices the order with the counters as read under those locks:
 * otherwise two checkouts of different carts could both take the last use of a promotion or coupon.
 * Shops without such limits spend no statement here.
 */
async function lockUsageCounters(tx: EntityManager, order: OrderForProcessing): Promise<void> {
  const { shop, promotionIds } = order.snapshot;
  const limitedIds = promotionIds.filter((_, index) => shop.promotions[index].usageLimit !== null);
  const promotions = limitedIds.length === 0 ? [] : await tx.find(Promotion, { id: { $in: limitedIds } }, { fields: ['used'], orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  const coupon = order.coupon === null ? null : await tx.findOne(PromotionCoupon, order.coupon.id, { fields: ['used'], lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  if (promotions.length === 0 && coupon === null) return;
  await withLockedUsage(tx, order, new Map(promotions.map((promotion) => [promotion.id, promotion.used])), coupon?.used ?? null);
}

/**
 * Completes the checkout of an order inside the caller's transaction (use only `tx` within it): locks
 * the order with what placing it needs (a concurrent completion waits, then finds it completed: the
 * `complete` transition no longer applies), checks that its checkout may complete (payment selected or
 * skipped), reprocesses it with the current catalogue, promotions and prices, and places it. The API's
 * complete step and `npm run cli -- order:complete` both come here. Throws a CheckoutError when the order
 * is missing, in the wrong checkout state or cannot be placed, and the engine's OrderProcessingError when
 * the shop cannot price it; the caller's transaction then rolls back.
 */
export async function completeCheckout(tx: EntityManager, orderId: number, options: CompleteCheckoutOptions = {}): Promise<PlacedOrder> {
  const now = options.now ?? new Date();
  const order = await loadOrderToPlace(tx, orderId, LockMode.PESSIMISTIC_WRITE);
  if (order === null) throw new CheckoutError('not_found', `Order ${orderId} does not exist`);
  if (!canApplyCheckout(order.checkoutState, 'complete')) throw new CheckoutError('wrong_state', checkoutTransitionRefused('complete', order.checkoutState));
  const loaded = await loadOrderForProcessing(tx, orderId);
  await lockUsageCounters(tx, loaded);
  await processLoadedOrder(tx, loaded, now);
  return placeOrder(tx, order, {
    completedAt: options.completedAt ?? now,
    notes: options.notes ?? null,
    ...(options.number !== undefined && { number: options.number }),
  });
}
