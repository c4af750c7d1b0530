import { resourceNotFoundMessage } from '../../common/errors/api-error';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { closedObject, dateTime, integer, SEGMENT, selfLinks } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { CurrencySchema } from '../currencies/currencies.openapi';
import { NOT_VALID } from '../../common/forms/messages';
import { RATIO_BLANK, RATIO_NOT_A_NUMBER, SAME_CURRENCIES } from './exchange-rate-messages';
import { ExchangeRateForm } from './exchange-rate.form';

/** Wire shapes of exchange rates (see exchange-rate.serializer.ts) and the exchange rate form. */

export const EXCHANGE_RATE_NOT_FOUND = resourceNotFoundMessage('exchange rate');

const HREF = `^/api/v1/exchange-rates/${SEGMENT}$`;
const currency = (id: number, code: string) => ({ id, code, _links: { self: { href: `/api/v1/currencies/${code}` } } });
const example = {
  id: 1,
  ratio: 0.85157,
  sourceCurrency: currency(1, 'USD'),
  targetCurrency: currency(2, 'EUR'),
  updatedAt: '2026-11-21T02:41:27+0000',
  _links: { self: { href: '/api/v1/exchange-rates/USD-EUR' } },
};

export const ExchangeRateSchema = defineSchema(
  'ExchangeRate',
  closedObject(
    {
      id: integer(),
      ratio: { type: 'number', description: 'Units of the target currency one unit of the source currency buys, to 5 decimals; greater than 0.' },
      sourceCurrency: CurrencySchema,
      targetCurrency: CurrencySchema,
      updatedAt: dateTime('When the rate was last changed.'),
      _links: selfLinks(HREF, '/api/v1/exchange-rates/USD-EUR'),
    },
    { description: 'An exchange rate, the same in its list and on its own.', example },
  ),
);

export const PageOfExchangeRatesSchema = definePageSchema(
  'ExchangeRates',
  ExchangeRateSchema,
  { pattern: '/api/v1/exchange-rates/', example: '/api/v1/exchange-rates/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 1,
    _links: {
      self: { href: '/api/v1/exchange-rates/?page=1&limit=10' },
      first: { href: '/api/v1/exchange-rates/?page=1&limit=10' },
      last: { href: '/api/v1/exchange-rates/?page=1&limit=10' },
    },
    _embedded: { items: [example] },
  },
);

const ratio = {
  replace: true,
  description: 'Greater than 0; a number, or decimal text with a dot or a comma ("0,8515706"); kept to 5 decimals.',
  oneOf: [{ type: 'number' }, { type: 'string', pattern: '^\\s*[+-]?(\\d+([.,]\\d*)?|[.,]\\d+)\\s*$' }],
  example: 0.85157,
};
/** On updates the currencies are children of the form that are never read. */
const ignored = { replace: true, description: 'Ignored: the currencies of a rate never change.' };

export const ExchangeRateCreateRequestSchema = requestSchemaFor(ExchangeRateForm, 'ExchangeRateCreateRequest', {
  required: ['ratio', 'sourceCurrency', 'targetCurrency'],
  description: 'The exchange rate form of POST: one rate per pair of currencies, in either direction.',
  example: { ratio: '0,8515706', sourceCurrency: 'USD', targetCurrency: 'EUR' },
  properties: {
    ratio,
    sourceCurrency: { description: 'A currency code.', example: 'USD' },
    targetCurrency: { description: 'A currency code, not the source\'s.', example: 'EUR' },
  },
});

export const ExchangeRateReplaceRequestSchema = requestSchemaFor(ExchangeRateForm, 'ExchangeRateReplaceRequest', {
  required: ['ratio'],
  description: 'The exchange rate form of PUT: the ratio is required; the currencies are ignored.',
  example: { ratio: 1.2 },
  properties: { ratio, sourceCurrency: ignored, targetCurrency: ignored },
});

export const ExchangeRatePatchRequestSchema = requestSchemaFor(ExchangeRateForm, 'ExchangeRatePatchRequest', {
  required: [],
  description: 'The exchange rate form of PATCH: the ratio when given; the currencies are ignored.',
  example: { ratio: 1.2 },
  properties: { ratio, sourceCurrency: ignored, targetCurrency: ignored },
});

export const exchangeRateRequestExamples = { usdEur: { summary: 'Dollars to euros', value: { ratio: '0,8515706', sourceCurrency: 'USD', targetCurrency: 'EUR' } } };
export const exchangeRateUpdateExamples = { ratio: { summary: 'A new ratio', value: { ratio: 1.2 } } };

export const exchangeRateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { errors: [SAME_CURRENCIES], children: { ratio: { errors: [RATIO_BLANK] }, sourceCurrency: { errors: [NOT_VALID] }, targetCurrency: { errors: [NOT_VALID] } } },
};
export const exchangeRateUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { ratio: { errors: [RATIO_NOT_A_NUMBER] }, sourceCurrency: {}, targetCurrency: {} } },
};
export const createdExchangeRateExample = example;
