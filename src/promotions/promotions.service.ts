import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { PromotionCoupon } from './entities/promotion-coupon.entity';
import { Promotion } from './entities/promotion.entity';
import { serializePromotion, serializePromotionCoupon } from './promotion.serializer';

@Injectable()
export class PromotionsService {
  constructor(private readonly em: EntityManager) {}

  /** The promotion with its rules, actions and channels (each by id), in one joined statement. */
  async show(code: string) {
    const promotion = await this.em.fork().findOne(
      Promotion,
      { code },
      {
        populate: ['rules', 'actions', 'channels'],
        populateOrderBy: { rules: { id: 'asc' }, actions: { id: 'asc' }, channels: { id: 'asc' } },
        strategy: 'joined',
        disableIdentityMap: true,
      },
    );
    if (promotion === null) throw resourceNotFound('promotion');
    return serializePromotion(promotion);
  }

  /** A coupon, only when it belongs to the promotion named in the path. */
  async showCoupon(promotionCode: string, code: string) {
    const coupon = await this.em.fork().findOne(
      PromotionCoupon,
      { code, promotion: { code: promotionCode } },
      { populate: ['promotion'], fields: ['*', 'promotion.code'], strategy: 'joined', disableIdentityMap: true },
    );
    if (coupon === null) throw resourceNotFound('promotion coupon');
    return serializePromotionCoupon(coupon);
  }
}
