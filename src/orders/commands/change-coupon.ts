import { LockMode } from '@mikro-orm/core';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { PromotionCoupon } from '../../promotions/entities/promotion-coupon.entity';
import { COUPON_INVALID, type UpdateCartForm } from '../http/forms/cart.forms';
import { isCouponEligibleFor } from '../pricing/pricing';
import { inOrderTransaction, lockAndLoad, save, type OrderCommandContext } from '../write-path/write-path';

/**
 * Puts the coupon on the cart (null or empty: takes it off) and prices the cart with it; in `merge`
 * mode (PATCH) a form without the field keeps the current coupon. The cart is loaded with the new coupon
 * in place of its own, so the same read both judges the coupon's eligibility and prices the cart.
 */
export function changeCoupon({ em, outbox }: OrderCommandContext, cartId: number, form: SubmittedForm<UpdateCartForm>, mode: 'replace' | 'merge'): Promise<void> {
  const { data, errors, sent } = form;
  const keep = mode === 'merge' && !sent.has('promotionCoupon');
  const code = errors.has('promotionCoupon') ? null : data.promotionCoupon || null;
  return inOrderTransaction(em, async (tx) => {
    const cart = await lockAndLoad(tx, keep ? { cart: cartId } : { cart: cartId, withCoupon: code });
    if (!keep && code !== null) {
      // Share-locked until the cart stores it: a concurrent delete of the coupon waits, or came first.
      const coupon = await tx.findOne(PromotionCoupon, { code }, { fields: ['id'], lockMode: LockMode.PESSIMISTIC_READ });
      if (coupon === null || !isCouponEligibleFor(cart)) errors.add('promotionCoupon', COUPON_INVALID);
    }
    throwIfInvalid(errors);
    if (!keep) cart.useCoupon(cart.coupon, code);
    await save(tx, cart, outbox);
  });
}
