import { resourceInUseMessage, resourceNotFoundMessage } from '../../common/errors/api-error';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { closedObject, integer, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { CODE_LENGTH } from './currency-messages';
import { CurrencyForm } from './currency.form';

/** Wire shapes of currencies (see currency.serializer.ts) and the currency form. */

export const CURRENCY_NOT_FOUND = resourceNotFoundMessage('currency');
export const CURRENCY_IN_USE = resourceInUseMessage('currency');

const HREF = `^/api/v1/currencies/${SEGMENT}$`;
const self = (code: string) => ({ self: { href: `/api/v1/currencies/${code}` } });

export const CurrencySchema = defineSchema(
  'Currency',
  closedObject(
    { id: integer(), code: string({ description: 'The ISO 4217 code.' }), _links: selfLinks(HREF, '/api/v1/currencies/USD') },
    { description: 'A currency, the same in its list and on its own.', example: { id: 1, code: 'USD', _links: self('USD') } },
  ),
);

export const PageOfCurrenciesSchema = definePageSchema(
  'Currencies',
  CurrencySchema,
  { pattern: '/api/v1/currencies/', example: '/api/v1/currencies/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 2,
    _links: {
      self: { href: '/api/v1/currencies/?page=1&limit=10' },
      first: { href: '/api/v1/currencies/?page=1&limit=10' },
      last: { href: '/api/v1/currencies/?page=1&limit=10' },
    },
    _embedded: { items: [{ id: 1, code: 'USD', _links: self('USD') }, { id: 2, code: 'EUR', _links: self('EUR') }] },
  },
);

export const CurrencyRequestSchema = requestSchemaFor(CurrencyForm, 'CurrencyRequest', {
  description: 'The currency form of POST.',
  example: { code: 'GBP' },
  properties: { code: { description: 'Unique; the ISO 4217 code of a currency in use (upper case).', pattern: '^[A-Z]{3}$', example: 'GBP' } },
});

export const currencyRequestExamples = { pound: { summary: 'The pound sterling', value: { code: 'GBP' } } };
export const currencyValidationExample = { code: 400, message: 'Validation Failed', errors: { children: { code: { errors: [CODE_LENGTH] } } } };
export const createdCurrencyExample = { id: 3, code: 'GBP', _links: self('GBP') };
