import { resourceNotFoundMessage } from '../common/errors/api-error';
import { RESOURCE_CODE } from '../common/forms/resource-code';
import { definePageSchema } from '../common/openapi/page-schema';
import { requestSchemaFor } from '../common/openapi/request-schema';
import { boolean, closedObject, dateTime, integer, link, SEGMENT, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { AMOUNT_BLANK, CATEGORY_BLANK, CODE_BLANK, NAME_BLANK, NAME_TOO_SHORT, ZONE_BLANK } from './forms/tax-rate-messages';
import { MAX_TAX_AMOUNT, TAX_AMOUNT_PLACES, TaxRateForm } from './forms/tax-rate.form';

/** Wire shapes of tax rates (see tax-rate.serializer.ts) and the tax rate form. */

export const TAX_RATE_NOT_FOUND = resourceNotFoundMessage('tax rate');

const links = (code: string, category: string, zone: string) => ({
  self: { href: `/api/v1/tax-rates/${code}` },
  category: { href: `/api/v1/tax-categories/${category}` },
  zone: { href: `/api/v1/zones/${zone}` },
});

const example = {
  id: 1,
  code: 'us_sales_tax',
  name: 'US sales tax',
  amount: 0.0725,
  includedInPrice: false,
  calculator: 'default',
  createdAt: '2026-11-21T02:41:27+0000',
  updatedAt: '2026-11-21T02:41:27+0000',
  _links: links('us_sales_tax', 'std', 'US'),
};

export const TaxRateSchema = defineSchema(
  'TaxRate',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      amount: { type: 'number', minimum: 0, description: 'A fraction: 0.23 is 23 %.' },
      includedInPrice: boolean({ description: 'Whether prices of the category already include the tax.' }),
      calculator: string({ enum: ['default'] }),
      createdAt: dateTime('When the tax rate was created.'),
      updatedAt: dateTime('When the tax rate was last changed.'),
      _links: closedObject({
        self: link(`^/api/v1/tax-rates/${SEGMENT}$`, '/api/v1/tax-rates/us_sales_tax'),
        category: link(`^/api/v1/tax-categories/${SEGMENT}$`, '/api/v1/tax-categories/std', 'The tax category the rate applies to.'),
        zone: link(`^/api/v1/zones/${SEGMENT}$`, '/api/v1/zones/US', 'The zone the rate applies in.'),
      }),
    },
    { description: 'A tax rate, the same in its list and on its own.', example },
  ),
);

export const PageOfTaxRatesSchema = definePageSchema(
  'TaxRates',
  TaxRateSchema,
  { pattern: '/api/v1/tax-rates/', example: '/api/v1/tax-rates/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 1,
    _links: {
      self: { href: '/api/v1/tax-rates/?page=1&limit=10' },
      first: { href: '/api/v1/tax-rates/?page=1&limit=10' },
      last: { href: '/api/v1/tax-rates/?page=1&limit=10' },
    },
    _embedded: { items: [example] },
  },
);

const fieldDescriptions = {
  name: { description: '2 characters or more.', example: 'US sales tax' },
  category: { description: 'A tax category code.', example: 'std' },
  zone: { description: 'The code of a zone of scope `tax` or `all`.', example: 'US' },
  amount: {
    type: 'number' as const,
    description: `A fraction from 0 to ${MAX_TAX_AMOUNT} (0.23 is 23 %), kept with ${TAX_AMOUNT_PLACES} decimals; a decimal text (\`"0,23"\`) is read too.`,
    example: 0.0725,
  },
  includedInPrice: { description: 'A checkbox: left out is `false`.', example: false },
  calculator: { description: '`default` (the one there is); left out or `null` is `default`.', example: 'default' },
};
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

export const TaxRateCreateRequestSchema = requestSchemaFor(TaxRateForm, 'TaxRateCreateRequest', {
  required: ['name', 'category', 'zone', 'amount', 'code'],
  description: 'The tax rate form of POST.',
  example: { name: 'US sales tax', category: 'std', zone: 'US', amount: 0.0725, includedInPrice: false, code: 'us_sales_tax' },
  properties: { ...fieldDescriptions, code: { description: 'Unique; letters, digits, dashes and underscores.', pattern: RESOURCE_CODE.source, example: 'us_sales_tax' } },
});

export const TaxRateReplaceRequestSchema = requestSchemaFor(TaxRateForm, 'TaxRateReplaceRequest', {
  required: ['name', 'category', 'zone', 'amount'],
  description: 'The tax rate form of PUT: a left-out `includedInPrice` is `false`, a left-out `calculator` `default`.',
  example: { name: 'US sales tax', category: 'std', zone: 'US', amount: 0.08 },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const TaxRatePatchRequestSchema = requestSchemaFor(TaxRateForm, 'TaxRatePatchRequest', {
  required: [],
  description: 'The tax rate form of PATCH: only the fields given change.',
  example: { amount: 0.08 },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const taxRateRequestExamples = {
  salesTax: { summary: 'A tax rate', value: { name: 'US sales tax', category: 'std', zone: 'US', amount: 0.0725, includedInPrice: false, code: 'us_sales_tax' } },
};
export const taxRateUpdateExamples = { newAmount: { summary: 'A new amount', value: { name: 'US sales tax', category: 'std', zone: 'US', amount: 0.08 } } };
export const taxRatePatchExamples = { newAmount: { summary: 'A new amount only', value: { amount: 0.08 } } };

const children = (over: Record<string, { errors: string[] }>) => ({
  name: {}, category: {}, zone: {}, amount: {}, includedInPrice: {}, calculator: {}, code: {}, ...over,
});

export const taxRateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: children({ name: { errors: [NAME_TOO_SHORT] }, category: { errors: [CATEGORY_BLANK] }, zone: { errors: ['This value is not valid.'] }, code: { errors: [CODE_BLANK] } }) },
};

export const taxRateUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: children({ name: { errors: [NAME_BLANK] }, zone: { errors: [ZONE_BLANK] }, amount: { errors: [AMOUNT_BLANK] } }) },
};

export const createdTaxRateExample = example;
