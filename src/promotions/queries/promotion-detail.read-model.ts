import type { EntityManager } from '@mikro-orm/postgresql';
import { PromotionCoupon } from '../entities/promotion-coupon.entity';
import { Promotion } from '../entities/promotion.entity';

/**
 * The promotion with its rules, actions and channels (each by id), in one joined statement, read past the
 * identity map: inside a write's transaction it shows what was just flushed, as GET will.
 */
export function findPromotionDetail(em: EntityManager, code: string) {
  return em.findOne(
    Promotion,
    { code },
    {
      populate: ['rules', 'actions', 'channels'],
      populateOrderBy: { rules: { id: 'asc' }, actions: { id: 'asc' }, channels: { id: 'asc' } },
      strategy: 'joined',
      disableIdentityMap: true,
    },
  );
}

/** A coupon, only when it belongs to the promotion named, with that promotion's code. */
export function findCouponDetail(em: EntityManager, promotionCode: string, code: string) {
  return em.findOne(
    PromotionCoupon,
    { code, promotion: { code: promotionCode } },
    { populate: ['promotion'], fields: ['*', 'promotion.code'], strategy: 'joined', disableIdentityMap: true },
  );
}
