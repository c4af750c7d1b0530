import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { CurrencyForm } from './currency.form';
import {
  createdCurrencyExample,
  CURRENCY_IN_USE,
  CURRENCY_NOT_FOUND,
  CurrencyRequestSchema,
  currencyRequestExamples,
  CurrencySchema,
  currencyValidationExample,
  PageOfCurrenciesSchema,
} from './currencies.openapi';
import { CurrenciesService } from './currencies.service';

const ApiCurrencyCode = () => ApiPathParam('code', 'Currency code (exact match).', string({ example: 'USD' }));
const currencyNotFound = () => notFound('No currency has this code.', CURRENCY_NOT_FOUND);

/** Currencies are created and deleted, never changed: PUT and PATCH on a currency answer 405. */
@ApiTags('Currencies')
@Controller('api/v1/currencies')
export class CurrenciesController {
  constructor(private readonly currencies: CurrenciesService) {}

  @Get()
  @ApiOperation({ operationId: 'listCurrencies', summary: 'List currencies', description: 'Every currency, in the order they were created.' })
  @ApiPlainPage({ page: PageOfCurrenciesSchema, description: 'A page of currencies.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.currencies.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createCurrency', summary: 'Create a currency' })
  @ApiJsonBody({ form: CurrencyForm, schema: CurrencyRequestSchema, examples: currencyRequestExamples, validationExample: currencyValidationExample })
  @ApiResponses(created('The new currency.', CurrencySchema, { created: { summary: 'A new currency', value: createdCurrencyExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(CurrencyForm)) form: SubmittedForm<CurrencyForm>) {
    return this.currencies.create(form);
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showCurrency', summary: 'Show a currency' })
  @ApiCurrencyCode()
  @ApiResponses(ok('The currency.', CurrencySchema), currencyNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.currencies.show(code);
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteCurrency', summary: 'Delete a currency', description: 'A currency that a channel sells in, that an exchange rate converts, or that an order was placed in, is kept (409).' })
  @ApiCurrencyCode()
  @ApiResponses(noContent('The currency is gone.'), currencyNotFound(), conflict('A channel sells in the currency, an exchange rate converts it, or an order (a cart included) was placed in it.', CURRENCY_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.currencies.delete(code);
  }
}
