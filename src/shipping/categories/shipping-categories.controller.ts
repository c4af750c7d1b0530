import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { ShippingCategoryForm } from './forms/shipping-category.form';
import {
  createdShippingCategoryExample,
  PageOfShippingCategoriesSchema,
  SHIPPING_CATEGORY_IN_USE,
  SHIPPING_CATEGORY_NOT_FOUND,
  ShippingCategoryCreateRequestSchema,
  ShippingCategoryPatchRequestSchema,
  ShippingCategoryReplaceRequestSchema,
  shippingCategoryRequestExamples,
  ShippingCategorySchema,
  shippingCategoryUpdateExamples,
  shippingCategoryUpdateValidationExample,
  shippingCategoryValidationExample,
} from './shipping-categories.openapi';
import { ShippingCategoriesService } from './shipping-categories.service';
import { ShippingCategoryWritesService } from './shipping-category-writes.service';
import { serializeShippingCategory } from './shipping-category.serializer';

const ApiShippingCategoryCode = () => ApiPathParam('code', 'Shipping category code (exact match).', string({ example: 'regular' }));
const shippingCategoryNotFound = () => notFound('No shipping category has this code.', SHIPPING_CATEGORY_NOT_FOUND);
/** On PUT and PATCH `code` is ignored: a code never changes. */
const UPDATE_FORM = { disabled: ['code'] } as const;

@ApiTags('Shipping categories')
@Controller('api/v1/shipping-categories')
export class ShippingCategoriesController {
  constructor(
    private readonly shippingCategories: ShippingCategoriesService,
    private readonly writes: ShippingCategoryWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listShippingCategories', summary: 'List shipping categories', description: 'Every shipping category, in the order they were created.' })
  @ApiPlainPage({ page: PageOfShippingCategoriesSchema, description: 'A page of shipping categories.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.shippingCategories.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createShippingCategory', summary: 'Create a shipping category' })
  @ApiJsonBody({ form: ShippingCategoryForm, schema: ShippingCategoryCreateRequestSchema, examples: shippingCategoryRequestExamples, validationExample: shippingCategoryValidationExample })
  @ApiResponses(created('The new shipping category.', ShippingCategorySchema, { created: { summary: 'Created without a description', value: createdShippingCategoryExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(ShippingCategoryForm)) form: SubmittedForm<ShippingCategoryForm>) {
    return serializeShippingCategory(await this.writes.create(form));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showShippingCategory', summary: 'Show a shipping category' })
  @ApiShippingCategoryCode()
  @ApiResponses(ok('The shipping category.', ShippingCategorySchema), shippingCategoryNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.shippingCategories.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'replaceShippingCategory', summary: 'Replace a shipping category', description: 'A left-out `description` is cleared; `code` is ignored.' })
  @ApiShippingCategoryCode()
  @ApiJsonBody({ form: ShippingCategoryForm, schema: ShippingCategoryReplaceRequestSchema, examples: shippingCategoryUpdateExamples, validationExample: shippingCategoryUpdateValidationExample })
  @ApiResponses(noContent('The shipping category is replaced.'), shippingCategoryNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(ShippingCategoryForm, UPDATE_FORM)) form: SubmittedForm<ShippingCategoryForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateShippingCategory', summary: 'Change some fields of a shipping category', description: 'Only the fields given change; `code` is ignored.' })
  @ApiShippingCategoryCode()
  @ApiJsonBody({ form: ShippingCategoryForm, schema: ShippingCategoryPatchRequestSchema, examples: shippingCategoryUpdateExamples, validationExample: shippingCategoryUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), shippingCategoryNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(ShippingCategoryForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<ShippingCategoryForm>): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteShippingCategory',
    summary: 'Delete a shipping category',
    description: 'A shipping category that a product variant or a shipping method still uses is kept (409).',
  })
  @ApiShippingCategoryCode()
  @ApiResponses(noContent('The shipping category is gone.'), shippingCategoryNotFound(), conflict('A product variant or a shipping method uses the shipping category.', SHIPPING_CATEGORY_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
