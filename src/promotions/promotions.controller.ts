import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { rawQuery } from '../common/http/raw-query';
import { ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { PageOfPromotionListItemSchema, PROMOTION_COUPON_NOT_FOUND, PROMOTION_NOT_FOUND, PromotionCouponSchema, PromotionSchema } from './promotions.openapi';
import { PROMOTION_LIST, PromotionsService } from './promotions.service';

@ApiTags('Promotions')
@Controller('api/v1/promotions')
export class PromotionsController {
  constructor(private readonly promotions: PromotionsService) {}

  @Get()
  @ApiOperation({ operationId: 'listPromotions', summary: 'List promotions', description: 'Every promotion, highest priority first unless sorted otherwise.' })
  @ApiPage({
    page: PageOfPromotionListItemSchema,
    spec: PROMOTION_LIST,
    criteria: {
      search:
        'the code or the name, a text: `criteria[search]=text` (contains, case-insensitive) or `criteria[search][type]=…&criteria[search][value]=text`',
      couponBased: '`true` or `false` (also as `criteria[couponBased][value]`)',
    },
    description: 'A page of promotions; a page past the last one answers the last page.',
  })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.promotions.list(rawQuery(request));
  }

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
