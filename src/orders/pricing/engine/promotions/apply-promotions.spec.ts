import { aCoupon, anOrder, aPromotion, aShop, line, NOW } from '../testing/builders';
import { pricedWorkingOrder, unitAmounts } from '../testing/working';
import type { EngineItem, EnginePromotion, EnginePromotionAction, EnginePromotionRule } from '../types';
import { itemsTotal } from '../working-order';
import { activePromotionsForChannel, applyPromotions } from './apply-promotions';

const before = new Date(NOW.getTime() - 1000);
const after = new Date(NOW.getTime() + 1000);

const fixed = (amount: number): EnginePromotionAction => ({ type: 'order_fixed_discount', configuration: { WEB: { amount } } });
const percent = (percentage: number): EnginePromotionAction => ({
  type: 'order_percentage_discount',
  configuration: { percentage },
});
const itemTotalAtLeast = (amount: number): EnginePromotionRule => ({ type: 'item_total', configuration: { WEB: { amount } } });

function applied(promotions: EnginePromotion[], items: EngineItem[] = [line('A', 1000, 3)], couponCode: string | null = null) {
  const order = pricedWorkingOrder(anOrder({ items, couponCode }));
  applyPromotions(order, aShop({ promotions }), NOW);
  return order;
}

describe('activePromotionsForChannel', () => {
  it('keeps promotions of the channel whose window strictly contains now, by priority, ties in order', () => {
    const promotions = [
      aPromotion({ code: 'low', priority: 0 }),
      aPromotion({ code: 'high_1', priority: 5 }),
      aPromotion({ code: 'other_channel', priority: 9, channelCodes: ['MOBILE'] }),
      aPromotion({ code: 'high_2', priority: 5 }),
      aPromotion({ code: 'starts_now', startsAt: NOW }),
      aPromotion({ code: 'ends_now', endsAt: NOW }),
      aPromotion({ code: 'running', priority: -1, startsAt: before, endsAt: after }),
    ];
    expect(activePromotionsForChannel(promotions, 'WEB', NOW).map((promotion) => promotion.code)).toEqual([
      'high_1',
      'high_2',
      'low',
      'running',
    ]);
  });
});

describe('applyPromotions', () => {
  it('applies non-exclusive promotions by priority, each seeing the previous discounts', () => {
    const order = applied([
      aPromotion({ code: 'needs_2000', priority: 0, rules: [itemTotalAtLeast(2000)], actions: [fixed(1)] }),
      aPromotion({ code: 'ten_percent', priority: 5, actions: [percent(0.1)] }),
      aPromotion({ code: 'fixed_1000', priority: 10, actions: [fixed(1000)] }),
    ]);
    // 3000 − 1000 = 2000, then 10 % of 2000 = 200 → 1800, which fails the item_total ≥ 2000 rule.
    expect(order.appliedPromotionCodes).toEqual(['fixed_1000', 'ten_percent']);
    expect(itemsTotal(order)).toBe(1800);
    expect(unitAmounts(order, 'order_promotion')).toEqual([[-334 - 67, -333 - 67, -333 - 66]]);
  });

  it('lets the first eligible exclusive promotion block every other', () => {
    const order = applied([
      aPromotion({ code: 'normal', priority: 100, actions: [fixed(10)] }),
      aPromotion({ code: 'exclusive_ineligible', priority: 50, exclusive: true, rules: [itemTotalAtLeast(99999)], actions: [fixed(20)] }),
      aPromotion({ code: 'exclusive_low', priority: 1, exclusive: true, actions: [fixed(40)] }),
      aPromotion({ code: 'exclusive_high', priority: 10, exclusive: true, actions: [fixed(30)] }),
    ]);
    expect(order.appliedPromotionCodes).toEqual(['exclusive_high']);
    expect(itemsTotal(order)).toBe(2970);
  });

  it('blocks the others even when the exclusive promotion changes nothing', () => {
    const order = applied([
      aPromotion({ code: 'normal', actions: [fixed(10)] }),
      aPromotion({ code: 'exclusive_noop', exclusive: true, actions: [fixed(0)] }),
    ]);
    expect(order.appliedPromotionCodes).toEqual([]);
    expect(itemsTotal(order)).toBe(3000);
  });

  it('applies a coupon promotion only with a usable coupon of its own', () => {
    const withCoupon = (coupon = aCoupon('SAVE')) =>
      aPromotion({ code: 'coupon', couponBased: true, coupons: [coupon], actions: [fixed(100)] });
    expect(applied([withCoupon()], undefined, 'SAVE').appliedPromotionCodes).toEqual(['coupon']);
    expect(applied([withCoupon()], undefined, null).appliedPromotionCodes).toEqual([]);
    expect(applied([withCoupon(aCoupon('SAVE', { expiresAt: before }))], undefined, 'SAVE').appliedPromotionCodes).toEqual([]);
    expect(applied([withCoupon(aCoupon('SAVE', { usageLimit: 1, used: 1 }))], undefined, 'SAVE').appliedPromotionCodes).toEqual([]);
  });

  it('skips promotions over their usage limit or outside their window', () => {
    const order = applied([
      aPromotion({ code: 'used_up', usageLimit: 5, used: 5, actions: [fixed(10)] }),
      aPromotion({ code: 'future', startsAt: after, actions: [fixed(10)] }),
      aPromotion({ code: 'past', endsAt: before, actions: [fixed(10)] }),
    ]);
    expect(order.appliedPromotionCodes).toEqual([]);
  });
});
