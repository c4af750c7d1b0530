import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { created, noContent, notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { ExchangeRateForm } from './exchange-rate.form';
import {
  createdExchangeRateExample,
  EXCHANGE_RATE_NOT_FOUND,
  ExchangeRateCreateRequestSchema,
  ExchangeRatePatchRequestSchema,
  ExchangeRateReplaceRequestSchema,
  exchangeRateRequestExamples,
  ExchangeRateSchema,
  exchangeRateUpdateExamples,
  exchangeRateUpdateValidationExample,
  exchangeRateValidationExample,
  PageOfExchangeRatesSchema,
} from './exchange-rates.openapi';
import { ExchangeRatesService } from './exchange-rates.service';

const ApiCurrencyPair = () =>
  ApiPathParam('code', 'The pair as `SOURCE-TARGET` currency codes; either direction finds the rate.', string({ example: 'USD-EUR', pattern: '^[^-/]+-[^-/]+$' }));
const exchangeRateNotFound = () => notFound('No exchange rate of this pair, in either direction.', EXCHANGE_RATE_NOT_FOUND);
/** On PUT and PATCH the currencies are ignored: a rate's pair never changes. */
const UPDATE_FORM = { disabled: ['sourceCurrency', 'targetCurrency'] } as const;

@ApiTags('Exchange rates')
@Controller('api/v1/exchange-rates')
export class ExchangeRatesController {
  constructor(private readonly rates: ExchangeRatesService) {}

  @Get()
  @ApiOperation({ operationId: 'listExchangeRates', summary: 'List exchange rates', description: 'Every exchange rate, in the order they were created.' })
  @ApiPlainPage({ page: PageOfExchangeRatesSchema, description: 'A page of exchange rates.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.rates.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createExchangeRate', summary: 'Create an exchange rate' })
  @ApiJsonBody({ form: ExchangeRateForm, schema: ExchangeRateCreateRequestSchema, examples: exchangeRateRequestExamples, validationExample: exchangeRateValidationExample })
  @ApiResponses(created('The new exchange rate.', ExchangeRateSchema, { created: { summary: 'A new exchange rate', value: createdExchangeRateExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(ExchangeRateForm)) form: SubmittedForm<ExchangeRateForm>) {
    return this.rates.create(form);
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showExchangeRate', summary: 'Show an exchange rate' })
  @ApiCurrencyPair()
  @ApiResponses(ok('The exchange rate.', ExchangeRateSchema), exchangeRateNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.rates.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'replaceExchangeRate', summary: 'Replace an exchange rate', description: 'The ratio is required; the currencies are ignored.' })
  @ApiCurrencyPair()
  @ApiJsonBody({ form: ExchangeRateForm, schema: ExchangeRateReplaceRequestSchema, examples: exchangeRateUpdateExamples, validationExample: exchangeRateUpdateValidationExample })
  @ApiResponses(noContent('The exchange rate is replaced.'), exchangeRateNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(ExchangeRateForm, UPDATE_FORM)) form: SubmittedForm<ExchangeRateForm>): Promise<void> {
    await this.rates.update(code, form);
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateExchangeRate', summary: 'Change the ratio of an exchange rate', description: 'The ratio when given; the currencies are ignored.' })
  @ApiCurrencyPair()
  @ApiJsonBody({ form: ExchangeRateForm, schema: ExchangeRatePatchRequestSchema, examples: exchangeRateUpdateExamples, validationExample: exchangeRateUpdateValidationExample })
  @ApiResponses(noContent('The ratio given is set.'), exchangeRateNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(ExchangeRateForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<ExchangeRateForm>): Promise<void> {
    await this.rates.update(code, form);
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteExchangeRate', summary: 'Delete an exchange rate' })
  @ApiCurrencyPair()
  @ApiResponses(noContent('The exchange rate is gone.'), exchangeRateNotFound())
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.rates.delete(code);
  }
}
