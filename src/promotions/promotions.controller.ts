import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { rawQuery } from '../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { conflict, created, noContent, notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { PromotionForm } from './forms/promotion.form';
import {
  PROMOTION_IN_USE,
  PromotionCreateRequestSchema,
  PromotionPatchRequestSchema,
  PromotionReplaceRequestSchema,
  promotionReplaceExamples,
  promotionRequestExamples,
  promotionUpdateExamples,
  promotionUpdateValidationExample,
  promotionValidationExample,
} from './promotion-requests.openapi';
import { PromotionWritesService } from './promotion-writes.service';
import { PageOfPromotionListItemSchema, PROMOTION_NOT_FOUND, PromotionSchema } from './promotions.openapi';
import { PROMOTION_LIST, PromotionsService } from './promotions.service';

const ApiPromotionCode = () => ApiPathParam('code', 'Promotion code (exact match).', string({ example: 'ten_percent_coupon' }));
const promotionNotFound = () => notFound('No promotion has this code.', PROMOTION_NOT_FOUND);
/** On PUT and PATCH `code` is ignored: a code never changes. */
const UPDATE_FORM = { disabled: ['code'] } as const;

@ApiTags('Promotions')
@Controller('api/v1/promotions')
export class PromotionsController {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly writes: PromotionWritesService,
  ) {}

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

  @Post()
  @ApiOperation({
    operationId: 'createPromotion',
    summary: 'Create a promotion',
    description: 'With its rules, actions and channels. The next cart change in any of its channels is priced with it.',
  })
  @ApiJsonBody({ form: PromotionForm, schema: PromotionCreateRequestSchema, examples: promotionRequestExamples, validationExample: promotionValidationExample })
  @ApiResponses(created('The new promotion, as GET shows it.', PromotionSchema))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(PromotionForm)) form: SubmittedForm<PromotionForm>) {
    return this.writes.create(form);
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showPromotion', summary: 'Show a promotion' })
  @ApiPromotionCode()
  @ApiResponses(ok('The promotion with its rules, actions and channels.', PromotionSchema), promotionNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.promotions.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replacePromotion',
    summary: 'Replace a promotion',
    description: 'Every field left out is cleared (rules, actions and channels to none); `code` is ignored. Carts keep their totals until they next change.',
  })
  @ApiPromotionCode()
  @ApiJsonBody({ form: PromotionForm, schema: PromotionReplaceRequestSchema, examples: promotionReplaceExamples, validationExample: promotionUpdateValidationExample })
  @ApiResponses(noContent('The promotion is replaced.'), promotionNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(PromotionForm, UPDATE_FORM)) form: SubmittedForm<PromotionForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'updatePromotion',
    summary: 'Change some fields of a promotion',
    description: 'Only the fields given change (rules, actions and channels, when given, replace the promotion\'s); `code` is ignored. Carts keep their totals until they next change.',
  })
  @ApiPromotionCode()
  @ApiJsonBody({ form: PromotionForm, schema: PromotionPatchRequestSchema, examples: promotionUpdateExamples, validationExample: promotionUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), promotionNotFound())
  @ApiWriteErrors()
  async patch(
    @Param('code') code: string,
    @Body(new FormPipe(PromotionForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<PromotionForm>,
  ): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deletePromotion',
    summary: 'Delete a promotion',
    description:
      'With its rules, actions and coupons. A promotion that a placed order applied, or whose coupon a placed order used, is kept (409); carts lose it, and their totals follow at their next change.',
  })
  @ApiPromotionCode()
  @ApiResponses(noContent('The promotion is gone.'), promotionNotFound(), conflict('A placed order applied the promotion or used one of its coupons.', PROMOTION_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
