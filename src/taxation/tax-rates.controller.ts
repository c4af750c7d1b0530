import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { rawQuery } from '../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { ApiPlainPage } from '../common/openapi/plain-page';
import { created, noContent, notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { TaxRateForm } from './forms/tax-rate.form';
import {
  createdTaxRateExample,
  PageOfTaxRatesSchema,
  TAX_RATE_NOT_FOUND,
  TaxRateCreateRequestSchema,
  TaxRatePatchRequestSchema,
  taxRatePatchExamples,
  TaxRateReplaceRequestSchema,
  taxRateRequestExamples,
  TaxRateSchema,
  taxRateUpdateExamples,
  taxRateUpdateValidationExample,
  taxRateValidationExample,
} from './tax-rates.openapi';
import { TaxRatesService } from './tax-rates.service';
import { TaxRateWritesService } from './tax-rate-writes.service';
import { serializeTaxRate } from './tax-rate.serializer';

const ApiTaxRateCode = () => ApiPathParam('code', 'Tax rate code (exact match).', string({ example: 'us_sales_tax' }));
const taxRateNotFound = () => notFound('No tax rate has this code.', TAX_RATE_NOT_FOUND);
/** On PUT and PATCH `code` is ignored: a code never changes. */
const UPDATE_FORM = { disabled: ['code'] } as const;

@ApiTags('Tax rates')
@Controller('api/v1/tax-rates')
export class TaxRatesController {
  constructor(
    private readonly taxRates: TaxRatesService,
    private readonly writes: TaxRateWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listTaxRates', summary: 'List tax rates', description: 'Every tax rate, in the order they were created.' })
  @ApiPlainPage({ page: PageOfTaxRatesSchema, description: 'A page of tax rates.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.taxRates.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({
    operationId: 'createTaxRate',
    summary: 'Create a tax rate',
    description: 'Carts use the new rate from their next change on; their totals stay as they are until then.',
  })
  @ApiJsonBody({ form: TaxRateForm, schema: TaxRateCreateRequestSchema, examples: taxRateRequestExamples, validationExample: taxRateValidationExample })
  @ApiResponses(created('The new tax rate.', TaxRateSchema, { created: { summary: 'Created', value: createdTaxRateExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(TaxRateForm)) form: SubmittedForm<TaxRateForm>) {
    return serializeTaxRate(await this.writes.create(form));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showTaxRate', summary: 'Show a tax rate' })
  @ApiTaxRateCode()
  @ApiResponses(ok('The tax rate.', TaxRateSchema), taxRateNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.taxRates.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceTaxRate',
    summary: 'Replace a tax rate',
    description: 'A left-out `includedInPrice` is `false` and a left-out `calculator` is `default`; `code` is ignored. Carts use the change from their next change on.',
  })
  @ApiTaxRateCode()
  @ApiJsonBody({ form: TaxRateForm, schema: TaxRateReplaceRequestSchema, examples: taxRateUpdateExamples, validationExample: taxRateUpdateValidationExample })
  @ApiResponses(noContent('The tax rate is replaced.'), taxRateNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(TaxRateForm, UPDATE_FORM)) form: SubmittedForm<TaxRateForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateTaxRate', summary: 'Change some fields of a tax rate', description: 'Only the fields given change; `code` is ignored.' })
  @ApiTaxRateCode()
  @ApiJsonBody({ form: TaxRateForm, schema: TaxRatePatchRequestSchema, examples: taxRatePatchExamples, validationExample: taxRateUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), taxRateNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(TaxRateForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<TaxRateForm>): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteTaxRate',
    summary: 'Delete a tax rate',
    description: 'Always allowed: orders keep the tax amounts they were given; carts lose the tax at their next change.',
  })
  @ApiTaxRateCode()
  @ApiResponses(noContent('The tax rate is gone.'), taxRateNotFound())
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
