import type { EnginePromotion } from '../types';
import { findCoupon, isCouponUsable } from './coupons';
import { isRuleSatisfied, type RuleSubject } from './rules';

export interface EligibilitySubject extends RuleSubject {
  now: Date;
}

/** Inclusive window; the candidate query is stricter (see activePromotionsForChannel). */
export function isWithinDuration(promotion: EnginePromotion, now: Date): boolean {
  const time = now.getTime();
  return (
    (promotion.startsAt === null || time >= promotion.startsAt.getTime()) &&
    (promotion.endsAt === null || time <= promotion.endsAt.getTime())
  );
}

export function isUnderUsageLimit(promotion: EnginePromotion): boolean {
  return promotion.usageLimit === null || promotion.used < promotion.usageLimit;
}

/** A coupon-based promotion needs the order's coupon to be one of its own, and that coupon to be usable. */
export function isCouponRequirementMet(promotion: EnginePromotion, { order, shop, now }: EligibilitySubject): boolean {
  if (!promotion.couponBased) {
    return true;
  }
  const found = findCoupon(shop.promotions, order.source.couponCode);
  if (found === null || found.promotion.code !== promotion.code) {
    return false;
  }
  return isCouponUsable(found.coupon, order.source.customer, now);
}

export function areRulesSatisfied(promotion: EnginePromotion, subject: RuleSubject): boolean {
  return promotion.rules.every((rule) => isRuleSatisfied(rule, subject));
}

/** The full eligibility chain: duration, usage limit, coupon, then every rule. */
export function isPromotionEligible(promotion: EnginePromotion, subject: EligibilitySubject): boolean {
  return (
    isWithinDuration(promotion, subject.now) &&
    isUnderUsageLimit(promotion) &&
    isCouponRequirementMet(promotion, subject) &&
    areRulesSatisfied(promotion, subject)
  );
}
