import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { serializePromotion, serializePromotionCoupon } from './promotion.serializer';
import { findPromotion, findPromotionCoupon } from './queries/promotion-sql';

@Injectable()
export class PromotionsService {
  constructor(private readonly em: EntityManager) {}

  async show(code: string) {
    const row = await findPromotion(this.em.fork(), code);
    if (row === null) throw resourceNotFound('promotion');
    return serializePromotion(row);
  }

  async showCoupon(promotionCode: string, code: string) {
    const row = await findPromotionCoupon(this.em.fork(), promotionCode, code);
    if (row === null) throw resourceNotFound('promotion coupon');
    return serializePromotionCoupon(row);
  }
}
