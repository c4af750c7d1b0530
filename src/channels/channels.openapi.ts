import { resourceInUseMessage, resourceNotFoundMessage } from '../common/errors/api-error';
import { NOT_BLANK } from '../common/forms/messages';
import { RESOURCE_CODE } from '../common/forms/resource-code';
import { definePageSchema } from '../common/openapi/page-schema';
import { requestSchemaFor } from '../common/openapi/request-schema';
import { boolean, closedObject, dateTime, integer, selfLinks, SEGMENT, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { BASE_CURRENCY_BLANK, CODE_BLANK, DEFAULT_LOCALE_BLANK, NAME_BLANK } from './forms/channel-messages';
import { CHANNEL_FORM_FIELDS, ChannelForm, ShopBillingDataForm } from './forms/channel.form';

/** Wire shapes of channels (see channel.serializer.ts). */

const CHANNEL_HREF = `^/api/v1/channels/${SEGMENT}$`;

export const ChannelReferenceSchema = defineSchema(
  'ChannelReference',
  closedObject(
    { id: integer(), code: string(), _links: selfLinks(CHANNEL_HREF, '/api/v1/channels/WEB') },
    { description: 'A channel as carts and the channel list show it.', example: { id: 1, code: 'WEB', _links: { self: { href: '/api/v1/channels/WEB' } } } },
  ),
);

export const ChannelSchema = defineSchema(
  'Channel',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      description: string(),
      hostname: string(),
      color: string(),
      createdAt: dateTime('When the channel was created.'),
      updatedAt: dateTime('When the channel was last changed.'),
      enabled: boolean(),
      taxCalculationStrategy: string({ enum: ['order_items_based', 'order_item_units_based'] }),
      _links: selfLinks(CHANNEL_HREF, '/api/v1/channels/WEB'),
    },
    {
      optional: ['description', 'hostname', 'color'],
      description: 'A sales channel with every exposed field.',
      example: {
        id: 1,
        code: 'WEB',
        name: 'Web Channel',
        description: 'Lorem ipsum',
        hostname: 'localhost',
        color: 'black',
        createdAt: '2026-11-21T00:57:07+0000',
        updatedAt: '2026-11-21T00:57:07+0000',
        enabled: true,
        taxCalculationStrategy: 'order_items_based',
        _links: { self: { href: '/api/v1/channels/WEB' } },
      },
    },
  ),
);

export const CHANNEL_NOT_FOUND = resourceNotFoundMessage('channel');
export const CHANNEL_IN_USE = resourceInUseMessage('channel');

const self = (code: string) => ({ self: { href: `/api/v1/channels/${code}` } });

export const PageOfChannelsSchema = definePageSchema(
  'Channels',
  ChannelReferenceSchema,
  { pattern: '/api/v1/channels/', example: '/api/v1/channels/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 2,
    _links: {
      self: { href: '/api/v1/channels/?page=1&limit=10' },
      first: { href: '/api/v1/channels/?page=1&limit=10' },
      last: { href: '/api/v1/channels/?page=1&limit=10' },
    },
    _embedded: { items: [{ id: 1, code: 'WEB', _links: self('WEB') }, { id: 2, code: 'MOBILE', _links: self('MOBILE') }] },
  },
);

const fieldDescriptions = {
  description: { description: '`null` or empty clears it.', example: 'The web shop' },
  enabled: { description: 'A checkbox: left out on POST or PUT is `false`. At least one channel stays enabled.', example: true },
  locales: { description: 'Locale codes; `null` is none.', example: ['en_US'] },
  defaultLocale: { description: 'A locale code, one of `locales`. On PUT and PATCH left out or empty keeps the channel\'s.', example: 'en_US' },
  currencies: { description: 'Currency codes; `null` is none.', example: ['USD'] },
  defaultTaxZone: { description: 'A zone code; `null` or empty clears it.', example: 'US' },
  taxCalculationStrategy: { example: 'order_items_based' },
  contactEmail: { description: 'An email address.', example: 'shop@example.com' },
  skippingShippingStepAllowed: { description: 'A checkbox: left out on POST or PUT is `false`.' },
  skippingPaymentStepAllowed: { description: 'A checkbox: left out on POST or PUT is `false`.' },
  accountVerificationRequired: { description: 'A checkbox: left out on POST or PUT is `false`.' },
};
const billing = { shopBillingData: { description: 'The shop\'s billing data; `countryCode` is a country code. Left out on PUT clears every field.' } };
const nestedForms = { shopBillingData: ShopBillingDataForm };
/** On updates `code` and `baseCurrency` are children of the form that are never read. */
const ignored = { replace: true, description: 'Ignored: it never changes.' } as const;

const createExample = {
  name: 'Mobile',
  description: 'The mobile shop',
  enabled: true,
  hostname: 'm.example.com',
  color: 'blue',
  locales: ['en_US'],
  defaultLocale: 'en_US',
  currencies: ['USD'],
  defaultTaxZone: 'US',
  taxCalculationStrategy: 'order_items_based',
  contactEmail: 'shop@example.com',
  shopBillingData: { company: 'Example Ltd', countryCode: 'US', city: 'New York' },
  code: 'MOBILE',
  baseCurrency: 'USD',
};

export const ChannelCreateRequestSchema = requestSchemaFor(
  ChannelForm,
  'ChannelCreateRequest',
  {
    required: ['name', 'defaultLocale', 'taxCalculationStrategy', 'code', 'baseCurrency'],
    description: 'The channel form of POST.',
    example: createExample,
    properties: {
      ...fieldDescriptions,
      ...billing,
      code: { description: 'Unique; letters, digits, dashes and underscores.', pattern: RESOURCE_CODE.source, example: 'MOBILE' },
      baseCurrency: { description: 'A currency code.', example: 'USD' },
    },
  },
  nestedForms,
);

export const ChannelReplaceRequestSchema = requestSchemaFor(
  ChannelForm,
  'ChannelReplaceRequest',
  {
    required: ['name', 'taxCalculationStrategy'],
    description: 'The channel form of PUT: a field left out is cleared (a checkbox unchecked); `code` and `baseCurrency` are ignored.',
    example: { name: 'Web Channel', enabled: true, locales: ['en_US'], currencies: ['USD'], taxCalculationStrategy: 'order_item_units_based' },
    properties: { ...fieldDescriptions, ...billing, code: ignored, baseCurrency: ignored },
  },
  nestedForms,
);

export const ChannelPatchRequestSchema = requestSchemaFor(
  ChannelForm,
  'ChannelPatchRequest',
  {
    required: [],
    description: 'The channel form of PATCH: only the fields given change; `code` and `baseCurrency` are ignored.',
    example: { taxCalculationStrategy: 'order_item_units_based' },
    properties: { ...fieldDescriptions, ...billing, code: ignored, baseCurrency: ignored },
  },
  nestedForms,
);

export const channelRequestExamples = { mobile: { summary: 'A channel', value: createExample } };
export const channelUpdateExamples = {
  strategy: { summary: 'Tax per unit', value: { name: 'Web Channel', enabled: true, locales: ['en_US'], currencies: ['USD'], taxCalculationStrategy: 'order_item_units_based' } },
};

const emptyBilling = { children: { taxId: {}, company: {}, countryCode: {}, street: {}, city: {}, postcode: {} } };
const children = (errors: Record<string, string[]>) => ({
  children: Object.fromEntries(
    CHANNEL_FORM_FIELDS.map((field) => [field, field === 'shopBillingData' ? emptyBilling : errors[field] ? { errors: errors[field] } : {}]),
  ),
});

export const channelValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: children({ name: [NAME_BLANK], defaultLocale: [DEFAULT_LOCALE_BLANK], taxCalculationStrategy: [NOT_BLANK], code: [CODE_BLANK], baseCurrency: [BASE_CURRENCY_BLANK] }),
};
export const channelUpdateValidationExample = { code: 400, message: 'Validation Failed', errors: children({ name: [NAME_BLANK], taxCalculationStrategy: [NOT_BLANK] }) };

export const createdChannelExample = {
  id: 2,
  code: 'MOBILE',
  name: 'Mobile',
  description: 'The mobile shop',
  hostname: 'm.example.com',
  color: 'blue',
  createdAt: '2026-11-30T09:12:44+0000',
  updatedAt: '2026-11-30T09:12:44+0000',
  enabled: true,
  taxCalculationStrategy: 'order_items_based',
  _links: self('MOBILE'),
};
