import type { EngineCoupon, EngineCustomer, EnginePromotion } from '../types';

export interface CouponWithPromotion {
  coupon: EngineCoupon;
  promotion: EnginePromotion;
}

/** Finds a coupon by code across all promotions; the first match wins. */
export function findCoupon(promotions: readonly EnginePromotion[], code: string | null): CouponWithPromotion | null {
  if (code === null) {
    return null;
  }
  for (const promotion of promotions) {
    const coupon = promotion.coupons.find((candidate) => candidate.code === code);
    if (coupon !== undefined) {
      return { coupon, promotion };
    }
  }
  return null;
}

function isCouponUnexpired(coupon: EngineCoupon, now: Date): boolean {
  return coupon.expiresAt === null || now.getTime() < coupon.expiresAt.getTime();
}

function isCouponUnderUsageLimit(coupon: EngineCoupon): boolean {
  return coupon.usageLimit === null || coupon.used < coupon.usageLimit;
}

/** Skipped for guests and unsaved customers, who cannot have earlier orders with the coupon. */
export function isCouponUnderPerCustomerLimit(coupon: EngineCoupon, customer: EngineCustomer | null): boolean {
  if (coupon.perCustomerUsageLimit === null || customer === null || customer.id === null) {
    return true;
  }
  const usedByCustomer = Object.hasOwn(customer.couponUsage, coupon.code) ? customer.couponUsage[coupon.code] : 0;
  return usedByCustomer < coupon.perCustomerUsageLimit;
}

export function isCouponUsable(coupon: EngineCoupon, customer: EngineCustomer | null, now: Date): boolean {
  return isCouponUnexpired(coupon, now) && isCouponUnderUsageLimit(coupon) && isCouponUnderPerCustomerLimit(coupon, customer);
}
