import { aCoupon, aCustomer, anOrder, aPromotion, aShop, line, NOW } from '../testing/builders';
import { pricedWorkingOrder } from '../testing/working';
import type { EngineCoupon, EngineCustomer, EnginePromotion, EnginePromotionRule } from '../types';
import {
  findCoupon,
  isCouponUnderPerCustomerLimit,
  isCouponUsable,
} from './coupons';
import { areRulesSatisfied, isCouponRequirementMet, isPromotionEligible, isUnderUsageLimit, isWithinDuration } from './eligibility';

const before = new Date(NOW.getTime() - 1);
const after = new Date(NOW.getTime() + 1);

describe('promotion duration (inclusive)', () => {
  it.each<[string, Date | null, Date | null, boolean]>([
    ['open-ended', null, null, true],
    ['starting exactly now', NOW, null, true],
    ['ending exactly now', null, NOW, true],
    ['not started yet', after, null, false],
    ['already ended', null, before, false],
  ])('%s', (_, startsAt, endsAt, expected) => {
    expect(isWithinDuration(aPromotion({ startsAt, endsAt }), NOW)).toBe(expected);
  });
});

describe('promotion usage limit', () => {
  it.each<[number | null, number, boolean]>([
    [null, 1000, true],
    [3, 2, true],
    [3, 3, false],
  ])('limit %p used %p → %p', (usageLimit, used, expected) => {
    expect(isUnderUsageLimit(aPromotion({ usageLimit, used }))).toBe(expected);
  });
});

describe('coupons', () => {
  const customer = aCustomer({ couponUsage: { SAVE: 1 } });

  it.each<[string, Partial<EngineCoupon>, EngineCustomer | null, boolean]>([
    ['an unlimited coupon', {}, customer, true],
    ['a coupon expiring later', { expiresAt: after }, customer, true],
    ['a coupon expiring exactly now', { expiresAt: NOW }, customer, false],
    ['an expired coupon', { expiresAt: before }, customer, false],
    ['a coupon under its usage limit', { usageLimit: 2, used: 1 }, customer, true],
    ['a used-up coupon', { usageLimit: 2, used: 2 }, customer, false],
    ['a coupon the customer used up', { perCustomerUsageLimit: 1 }, customer, false],
    ['a coupon the customer may use once more', { perCustomerUsageLimit: 2 }, customer, true],
    ['a per-customer limit for a guest', { perCustomerUsageLimit: 1 }, aCustomer({ id: null, couponUsage: { SAVE: 5 } }), true],
    ['a per-customer limit without customer', { perCustomerUsageLimit: 1 }, null, true],
    ['a per-customer limit never used by the customer', { perCustomerUsageLimit: 1 }, aCustomer(), true],
  ])('%s', (_, overrides, who, expected) => {
    expect(isCouponUsable(aCoupon('SAVE', overrides), who, NOW)).toBe(expected);
  });

  it('ignores inherited keys of the usage map', () => {
    expect(isCouponUnderPerCustomerLimit(aCoupon('toString', { perCustomerUsageLimit: 1 }), aCustomer())).toBe(true);
  });

  it('finds a coupon with its promotion, or nothing', () => {
    const promotions = [aPromotion({ code: 'a' }), aPromotion({ code: 'b', coupons: [aCoupon('X'), aCoupon('Y')] })];
    expect(findCoupon(promotions, 'Y')?.promotion.code).toBe('b');
    expect(findCoupon(promotions, 'Z')).toBeNull();
    expect(findCoupon(promotions, null)).toBeNull();
  });
});

describe('promotion eligibility', () => {
  const couponPromotion = aPromotion({ code: 'coupon_promo', couponBased: true, coupons: [aCoupon('SAVE')] });
  const otherCouponPromotion = aPromotion({ code: 'other', couponBased: true, coupons: [aCoupon('OTHER')] });
  const shop = aShop({ promotions: [couponPromotion, otherCouponPromotion] });
  const subjectWith = (couponCode: string | null) => ({
    order: pricedWorkingOrder(anOrder({ items: [line('A', 1000)], couponCode })),
    shop,
    now: NOW,
  });

  it.each<[string, EnginePromotion, string | null, boolean]>([
    ['a promotion without coupon', aPromotion(), null, true],
    ['a coupon promotion without coupon on the order', couponPromotion, null, false],
    ['a coupon promotion with its own coupon', couponPromotion, 'SAVE', true],
    ['a coupon promotion with another promotion’s coupon', couponPromotion, 'OTHER', false],
    ['a coupon promotion with an unknown coupon', couponPromotion, 'NOPE', false],
  ])('coupon requirement for %s', (_, promotion, couponCode, expected) => {
    expect(isCouponRequirementMet(promotion, subjectWith(couponCode))).toBe(expected);
  });

  const itemTotalAtLeast = (amount: number): EnginePromotionRule => ({ type: 'item_total', configuration: { WEB: { amount } } });

  it('needs every rule to hold', () => {
    const subject = subjectWith(null);
    expect(areRulesSatisfied(aPromotion({ rules: [] }), subject)).toBe(true);
    expect(areRulesSatisfied(aPromotion({ rules: [itemTotalAtLeast(500), itemTotalAtLeast(1000)] }), subject)).toBe(true);
    expect(areRulesSatisfied(aPromotion({ rules: [itemTotalAtLeast(500), itemTotalAtLeast(1001)] }), subject)).toBe(false);
  });

  it.each<[string, Partial<EnginePromotion>, boolean]>([
    ['an eligible promotion', {}, true],
    ['a promotion not started', { startsAt: after }, false],
    ['a used-up promotion', { usageLimit: 1, used: 1 }, false],
    ['a promotion whose rule fails', { rules: [itemTotalAtLeast(5000)] }, false],
  ])('chains every check: %s', (_, overrides, expected) => {
    expect(isPromotionEligible(aPromotion(overrides), subjectWith(null))).toBe(expected);
  });
});
