import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { serializePromotion, serializePromotionCoupon } from './promotion.serializer';
import { findPromotion, findPromotionCoupon } from './queries/promotion-sql';

@Controller('api/v1/promotions')
export class PromotionsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  async show(@Param('code') code: string) {
    const row = await findPromotion(this.em.fork(), code);
    if (row === null) throw resourceNotFound('promotion');
    return serializePromotion(row);
  }

  @Get(':promotionCode/coupons/:code')
  async showCoupon(@Param('promotionCode') promotionCode: string, @Param('code') code: string) {
    const row = await findPromotionCoupon(this.em.fork(), promotionCode, code);
    if (row === null) throw resourceNotFound('promotion coupon');
    return serializePromotionCoupon(row);
  }
}
