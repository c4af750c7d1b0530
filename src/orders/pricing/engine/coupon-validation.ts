import { createProcessingContext, runProcessors } from './process-order';
import { findCoupon } from './promotions/coupons';
import { isPromotionEligible } from './promotions/eligibility';
import type { EngineOrder, EngineShop } from './types';

/**
 * Whether the order's coupon may be put on the cart ("Coupon code is invalid." otherwise): the code must
 * exist and its promotion must pass the eligibility chain (dates, usage limit, coupon limits, rules).
 *
 * Rules are judged against the cart as it stands before the coupon takes effect, i.e. processed without
 * any coupon. Neither the promotion's channels nor its exclusivity are checked here, only whether it
 * qualifies.
 */
export function isCouponEligible(order: EngineOrder, shop: EngineShop, now: Date): boolean {
  const found = findCoupon(shop.promotions, order.couponCode);
  if (found === null) {
    return false;
  }
  const context = createProcessingContext(shop, now);
  const cartBeforeCoupon = runProcessors({ ...order, couponCode: null }, context);
  // Totals from the coupon-free run, but the coupon itself must be visible to the coupon check.
  const candidate = { ...cartBeforeCoupon, source: order };
  return isPromotionEligible(found.promotion, { order: candidate, shop, now });
}
