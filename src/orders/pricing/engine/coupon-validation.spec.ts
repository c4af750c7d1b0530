import { isCouponEligible } from './coupon-validation';
import { aCoupon, anOrder, aPromotion, aShop, line, NOW } from './testing/builders';
import type { EngineCoupon, EnginePromotion } from './types';

const before = new Date(NOW.getTime() - 1);

function shopWith(coupon: EngineCoupon, promotion: Partial<EnginePromotion> = {}, others: EnginePromotion[] = []) {
  return aShop({
    promotions: [
      ...others,
      aPromotion({
        code: 'coupon_promo',
        couponBased: true,
        coupons: [coupon],
        rules: [{ type: 'item_total', configuration: { WEB: { amount: 1000 } } }],
        actions: [{ type: 'order_fixed_discount', configuration: { WEB: { amount: 500 } } }],
        ...promotion,
      }),
    ],
  });
}

const cart = (couponCode: string | null, price = 1000) => anOrder({ items: [line('A', price)], couponCode });

describe('isCouponEligible', () => {
  it.each<[string, string | null, EngineCoupon, Partial<EnginePromotion>, boolean]>([
    ['a usable coupon', 'SAVE', aCoupon('SAVE'), {}, true],
    ['no coupon', null, aCoupon('SAVE'), {}, false],
    ['an unknown code', 'NOPE', aCoupon('SAVE'), {}, false],
    ['an expired coupon', 'SAVE', aCoupon('SAVE', { expiresAt: before }), {}, false],
    ['a used-up coupon', 'SAVE', aCoupon('SAVE', { usageLimit: 3, used: 3 }), {}, false],
    ['a coupon of a used-up promotion', 'SAVE', aCoupon('SAVE'), { usageLimit: 1, used: 1 }, false],
    ['a coupon of an ended promotion', 'SAVE', aCoupon('SAVE'), { endsAt: before }, false],
    ['a coupon of another channel’s promotion (channels are not checked)', 'SAVE', aCoupon('SAVE'), { channelCodes: ['MOBILE'] }, true],
  ])('%s → %p', (_, couponCode, coupon, promotion, expected) => {
    expect(isCouponEligible(cart(couponCode), shopWith(coupon, promotion), NOW)).toBe(expected);
  });

  it('judges rules on the cart before its own discount', () => {
    expect(isCouponEligible(cart('SAVE', 1000), shopWith(aCoupon('SAVE')), NOW)).toBe(true);
    expect(isCouponEligible(cart('SAVE', 999), shopWith(aCoupon('SAVE')), NOW)).toBe(false);
  });

  it('judges rules after the automatic promotions', () => {
    const automatic = aPromotion({
      code: 'auto',
      priority: 10,
      actions: [{ type: 'order_percentage_discount', configuration: { percentage: 0.1 } }],
    });
    expect(isCouponEligible(cart('SAVE', 1100), shopWith(aCoupon('SAVE'), {}, [automatic]), NOW)).toBe(false);
    expect(isCouponEligible(cart('SAVE', 1112), shopWith(aCoupon('SAVE'), {}, [automatic]), NOW)).toBe(true);
  });
});
