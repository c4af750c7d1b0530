import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { rawQuery } from '../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { ApiPlainPage } from '../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { CouponWritesService } from './coupon-writes.service';
import {
  CouponCreateRequestSchema,
  couponGenerationExamples,
  CouponGenerationRequestSchema,
  couponGenerationValidationExample,
  CouponPatchRequestSchema,
  CouponReplaceRequestSchema,
  couponRequestExamples,
  couponUpdateExamples,
  couponUpdateValidationExample,
  couponValidationExample,
  GeneratedCouponsSchema,
  notCouponBasedResponse,
  PageOfPromotionCouponsSchema,
  PROMOTION_COUPON_IN_USE,
} from './coupons.openapi';
import { CouponForm, CouponGenerationForm } from './forms/coupon.form';
import { PROMOTION_COUPON_NOT_FOUND, PROMOTION_NOT_FOUND, PromotionCouponSchema } from './promotions.openapi';
import { PromotionsService } from './promotions.service';

const ApiPromotionCode = () => ApiPathParam('promotionCode', 'Code of the promotion the coupons belong to.', string({ example: 'ten_percent_coupon' }));
const ApiCouponCode = () => ApiPathParam('code', 'Coupon code (exact match).', string({ example: 'SAVE10' }));
const promotionNotFound = () => notFound('No promotion has this code.', PROMOTION_NOT_FOUND);
const couponNotFound = () => notFound('No coupon of this promotion has this code (also when the promotion does not exist).', PROMOTION_COUPON_NOT_FOUND);
/** On PUT and PATCH `code` is ignored: a code never changes. */
const UPDATE_FORM = { disabled: ['code'] } as const;

@ApiTags('Promotions')
@Controller('api/v1/promotions/:promotionCode/coupons')
export class PromotionCouponsController {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly writes: CouponWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listPromotionCoupons', summary: 'List the coupons of a promotion', description: 'In the order they were created.' })
  @ApiPromotionCode()
  @ApiPlainPage({ page: PageOfPromotionCouponsSchema, description: 'A page of the promotion\'s coupons.' })
  @ApiResponses(promotionNotFound())
  @ApiStandardErrors()
  list(@Param('promotionCode') promotionCode: string, @Req() request: FastifyRequest) {
    return this.promotions.listCoupons(promotionCode, rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createPromotionCoupon', summary: 'Create a coupon of a coupon-based promotion' })
  @ApiPromotionCode()
  @ApiJsonBody({ form: CouponForm, schema: CouponCreateRequestSchema, examples: couponRequestExamples, validationExample: couponValidationExample })
  @ApiResponses(created('The new coupon, as GET shows it.', PromotionCouponSchema), promotionNotFound(), notCouponBasedResponse())
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Param('promotionCode') promotionCode: string, @Body(new FormPipe(CouponForm)) form: SubmittedForm<CouponForm>) {
    return this.writes.create(promotionCode, form);
  }

  @Post('generate')
  @ApiOperation({
    operationId: 'generatePromotionCoupons',
    summary: 'Generate coupons with random codes',
    description: 'Up to 1000 coupons at once, each code unique among all coupons: the prefix, random upper-case hexadecimal digits, the suffix.',
  })
  @ApiPromotionCode()
  @ApiJsonBody({ form: CouponGenerationForm, schema: CouponGenerationRequestSchema, examples: couponGenerationExamples, validationExample: couponGenerationValidationExample })
  @ApiResponses(created('The new coupons, each as GET shows it.', GeneratedCouponsSchema), promotionNotFound(), notCouponBasedResponse())
  @ApiIdempotentPost()
  @ApiWriteErrors()
  generate(@Param('promotionCode') promotionCode: string, @Body(new FormPipe(CouponGenerationForm)) form: SubmittedForm<CouponGenerationForm>) {
    return this.writes.generate(promotionCode, form);
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showPromotionCoupon', summary: 'Show a promotion coupon' })
  @ApiPromotionCode()
  @ApiCouponCode()
  @ApiResponses(ok('The coupon.', PromotionCouponSchema), couponNotFound())
  @ApiStandardErrors()
  show(@Param('promotionCode') promotionCode: string, @Param('code') code: string) {
    return this.promotions.showCoupon(promotionCode, code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'replacePromotionCoupon', summary: 'Replace a promotion coupon', description: 'Every field left out is cleared; `code` is ignored.' })
  @ApiPromotionCode()
  @ApiCouponCode()
  @ApiJsonBody({ form: CouponForm, schema: CouponReplaceRequestSchema, examples: couponUpdateExamples, validationExample: couponUpdateValidationExample })
  @ApiResponses(noContent('The coupon is replaced.'), couponNotFound())
  @ApiWriteErrors()
  async replace(
    @Param('promotionCode') promotionCode: string,
    @Param('code') code: string,
    @Body(new FormPipe(CouponForm, UPDATE_FORM)) form: SubmittedForm<CouponForm>,
  ): Promise<void> {
    await this.writes.update(promotionCode, code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updatePromotionCoupon', summary: 'Change some fields of a promotion coupon', description: 'Only the fields given change; `code` is ignored.' })
  @ApiPromotionCode()
  @ApiCouponCode()
  @ApiJsonBody({ form: CouponForm, schema: CouponPatchRequestSchema, examples: couponUpdateExamples, validationExample: couponUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), couponNotFound())
  @ApiWriteErrors()
  async patch(
    @Param('promotionCode') promotionCode: string,
    @Param('code') code: string,
    @Body(new FormPipe(CouponForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<CouponForm>,
  ): Promise<void> {
    await this.writes.update(promotionCode, code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deletePromotionCoupon',
    summary: 'Delete a promotion coupon',
    description: 'A coupon that a placed order used is kept (409); carts holding it lose it, and their totals follow at their next change.',
  })
  @ApiPromotionCode()
  @ApiCouponCode()
  @ApiResponses(noContent('The coupon is gone.'), couponNotFound(), conflict('A placed order used the coupon.', PROMOTION_COUPON_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('promotionCode') promotionCode: string, @Param('code') code: string): Promise<void> {
    await this.writes.delete(promotionCode, code);
  }
}
