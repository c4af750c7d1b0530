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
import { TaxCategoryForm } from './forms/tax-category.form';
import {
  createdTaxCategoryExample,
  PageOfTaxCategoriesSchema,
  TAX_CATEGORY_IN_USE,
  TAX_CATEGORY_NOT_FOUND,
  TaxCategoryCreateRequestSchema,
  TaxCategoryPatchRequestSchema,
  TaxCategoryReplaceRequestSchema,
  taxCategoryRequestExamples,
  TaxCategorySchema,
  taxCategoryUpdateExamples,
  taxCategoryUpdateValidationExample,
  taxCategoryValidationExample,
} from './tax-categories.openapi';
import { TaxCategoriesService } from './tax-categories.service';
import { TaxCategoryWritesService } from './tax-category-writes.service';
import { serializeTaxCategory } from './tax-category.serializer';

const ApiTaxCategoryCode = () => ApiPathParam('code', 'Tax category code (exact match).', string({ example: 'std' }));
const taxCategoryNotFound = () => notFound('No tax category has this code.', TAX_CATEGORY_NOT_FOUND);
/** On PUT and PATCH `code` is ignored: a code never changes. */
const UPDATE_FORM = { disabled: ['code'] } as const;

@ApiTags('Tax categories')
@Controller('api/v1/tax-categories')
export class TaxCategoriesController {
  constructor(
    private readonly taxCategories: TaxCategoriesService,
    private readonly writes: TaxCategoryWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listTaxCategories', summary: 'List tax categories', description: 'Every tax category, in the order they were created.' })
  @ApiPlainPage({ page: PageOfTaxCategoriesSchema, description: 'A page of tax categories.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.taxCategories.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createTaxCategory', summary: 'Create a tax category' })
  @ApiJsonBody({ form: TaxCategoryForm, schema: TaxCategoryCreateRequestSchema, examples: taxCategoryRequestExamples, validationExample: taxCategoryValidationExample })
  @ApiResponses(created('The new tax category.', TaxCategorySchema, { created: { summary: 'Created without a description', value: createdTaxCategoryExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(TaxCategoryForm)) form: SubmittedForm<TaxCategoryForm>) {
    return serializeTaxCategory(await this.writes.create(form));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showTaxCategory', summary: 'Show a tax category' })
  @ApiTaxCategoryCode()
  @ApiResponses(ok('The tax category.', TaxCategorySchema), taxCategoryNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.taxCategories.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'replaceTaxCategory', summary: 'Replace a tax category', description: 'A left-out `description` is cleared; `code` is ignored.' })
  @ApiTaxCategoryCode()
  @ApiJsonBody({ form: TaxCategoryForm, schema: TaxCategoryReplaceRequestSchema, examples: taxCategoryUpdateExamples, validationExample: taxCategoryUpdateValidationExample })
  @ApiResponses(noContent('The tax category is replaced.'), taxCategoryNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(TaxCategoryForm, UPDATE_FORM)) form: SubmittedForm<TaxCategoryForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateTaxCategory', summary: 'Change some fields of a tax category', description: 'Only the fields given change; `code` is ignored.' })
  @ApiTaxCategoryCode()
  @ApiJsonBody({ form: TaxCategoryForm, schema: TaxCategoryPatchRequestSchema, examples: taxCategoryUpdateExamples, validationExample: taxCategoryUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), taxCategoryNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(TaxCategoryForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<TaxCategoryForm>): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteTaxCategory',
    summary: 'Delete a tax category',
    description: 'A tax category that a product variant, a tax rate or a shipping method still uses is kept (409).',
  })
  @ApiTaxCategoryCode()
  @ApiResponses(noContent('The tax category is gone.'), taxCategoryNotFound(), conflict('A product variant, a tax rate or a shipping method uses the tax category.', TAX_CATEGORY_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
