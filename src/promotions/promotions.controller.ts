import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { PROMOTION_COUPON_NOT_FOUND, PROMOTION_NOT_FOUND, PromotionCouponSchema, PromotionSchema } from './promotions.openapi';
import { PromotionsService } from './promotions.service';

@ApiTags('Promotions')
@Controller('api/v1/promotions')
export class PromotionsController {
  constructor(private readonly promotions: PromotionsService) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showPromotion', summary: 'Show a promotion' })
  @ApiPathParam('code', 'Promotion code (exact match).', string({ example: 'ten_percent_coupon' }))
  @ApiResponses(ok('The promotion with its rules, actions and channels.', PromotionSchema), notFound('No promotion has this code.', PROMOTION_NOT_FOUND))
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.promotions.show(code);
  }

  @Get(':promotionCode/coupons/:code')
  @ApiOperation({ operationId: 'showPromotionCoupon', summary: 'Show a promotion coupon' })
  @ApiPathParam('promotionCode', 'Code of the promotion the coupon belongs to.', string({ example: 'ten_percent_coupon' }))
  @ApiPathParam('code', 'Coupon code (exact match).', string({ example: 'SAVE10' }))
  @ApiResponses(
    ok('The coupon.', PromotionCouponSchema),
    notFound('No coupon of this promotion has this code (also when the promotion does not exist).', PROMOTION_COUPON_NOT_FOUND),
  )
  @ApiStandardErrors()
  showCoupon(@Param('promotionCode') promotionCode: string, @Param('code') code: string) {
    return this.promotions.showCoupon(promotionCode, code);
  }
}
