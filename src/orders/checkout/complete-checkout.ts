import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { reprocessOrder } from '../../order-processing/order-processor';
import { PromotionCoupon } from '../../promotions/entities/promotion-coupon.entity';
import { Promotion } from '../../promotions/entities/promotion.entity';
import { canApplyCheckout, checkoutTransitionRefused } from '../state-machines/checkout-state-machine';
import { CheckoutError } from './checkout-error';
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
 * The order's checkout state and coupon, and the promotions with a usage limit in its channel (by id),
 * read while locking the order row alone. Reading the promotions apart cost one more statement on every
 * checkout, most of which find none.
 */
const LOCK_ORDER = `
  select o.checkout_state, o.promotion_coupon_id,
         coalesce((select array_agg(p.id order by p.id)
                     from promotion p join promotion_channel pc on pc.promotion_id = p.id
                    where pc.channel_id = o.channel_id and p.usage_limit is not null), '{}') as limited_promotion_ids
    from orders o
   where o.id = ?
     for update of o`;

interface LockedOrderRow {
  checkout_state: string;
  promotion_coupon_id: number | null;
  limited_promotion_ids: number[];
}

/**
 * Locks the order (concurrent changes to it wait for the checkout, and a second checkout of the same
 * order then finds it completed: the checkout's `complete` transition no longer applies), then what
 * the processing checks usage limits against: promotions with a usage limit in the order's channel, in
 * id order, and the order's coupon. Otherwise two checkouts could both take the last use of a
 * promotion or coupon.
 */
async function lockCartForCheckout(tx: EntityManager, orderId: number): Promise<void> {
  const [order] = await tx.execute<LockedOrderRow[]>(LOCK_ORDER, [orderId]);
  if (order === undefined) throw new CheckoutError('not_found', `Order ${orderId} does not exist`);
  if (!canApplyCheckout(order.checkout_state, 'complete')) throw new CheckoutError('wrong_state', checkoutTransitionRefused('complete', order.checkout_state));
  if (order.limited_promotion_ids.length > 0) {
    await tx.find(Promotion, { id: { $in: order.limited_promotion_ids } }, { fields: ['id'], orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
  }
  if (order.promotion_coupon_id !== null) {
    await tx.findOne(PromotionCoupon, order.promotion_coupon_id, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_WRITE });
  }
}

/**
 * Completes the checkout of an order inside the caller's transaction (use only `tx` within it): locks
 * it, checks that its checkout may complete (payment selected or skipped), reprocesses it with the
 * current catalogue, promotions and prices, and places it. The API's complete step and
 * `npm run cli -- order:complete` both come here. Throws a CheckoutError when the order is missing,
 * in the wrong checkout state or cannot be placed, and the engine's OrderProcessingError when the
 * shop cannot price it; the caller's transaction then rolls back.
 */
export async function completeCheckout(tx: EntityManager, orderId: number, options: CompleteCheckoutOptions = {}): Promise<PlacedOrder> {
  const now = options.now ?? new Date();
  await lockCartForCheckout(tx, orderId);
  await reprocessOrder(tx, orderId, now);
  // reprocessOrder writes through SQL behind the unit of work: forget what was loaded before it (remove once it works through entities).
  tx.clear();
  return placeOrder(tx, orderId, {
    completedAt: options.completedAt ?? now,
    notes: options.notes ?? null,
    ...(options.number !== undefined && { number: options.number }),
  });
}
