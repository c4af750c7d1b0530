import { resourceInUseMessage, resourceNotFoundMessage } from '../common/errors/api-error';
import { NOT_BLANK } from '../common/forms/messages';
import { RESOURCE_CODE } from '../common/forms/resource-code';
import { definePageSchema } from '../common/openapi/page-schema';
import { requestSchemaFor } from '../common/openapi/request-schema';
import { CALCULATOR_BLANK, CODE_BLANK, NAME_TOO_SHORT, ZONE_BLANK } from './forms/shipping-method-messages';
import { MAX_SHIPPING_AMOUNT, ShippingMethodForm } from './forms/shipping-method.form';
import { upsExample } from './shipping.openapi-examples';
import { ShippingMethodSchema } from './shipping.openapi';

/** The shipping method form and list (the shape of one method is in shipping.openapi.ts). */

export const SHIPPING_METHOD_NOT_FOUND = resourceNotFoundMessage('shipping method');
export const SHIPPING_METHOD_IN_USE = resourceInUseMessage('shipping method');

export const PageOfShippingMethodsSchema = definePageSchema(
  'ShippingMethods',
  ShippingMethodSchema,
  { pattern: '/api/v1/shipping-methods/', example: '/api/v1/shipping-methods/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 1,
    _links: {
      self: { href: '/api/v1/shipping-methods/?page=1&limit=10' },
      first: { href: '/api/v1/shipping-methods/?page=1&limit=10' },
      last: { href: '/api/v1/shipping-methods/?page=1&limit=10' },
    },
    _embedded: { items: [upsExample] },
  },
);

const fieldDescriptions = {
  name: { description: '2 characters or more.', example: 'UPS' },
  description: { description: '`null` or empty clears it.', example: 'Two to three days' },
  position: { description: 'Sort position; left out on POST: after the last method, on PUT and PATCH: unchanged.', example: 0 },
  category: { description: 'A shipping category code; `null` or empty: none.', example: 'standard' },
  categoryRequirement: { type: 'integer' as const, minimum: 0, maximum: 2, description: 'How the category must match the variants shipped: 0 none of them, 1 one at least (the default), 2 all.', example: 1 },
  calculator: { description: '`flat_rate`: the amount per shipment; `per_unit_rate`: the amount per unit shipped.', example: 'flat_rate' },
  zone: { description: 'The code of a zone of scope `shipping` or `all`.', example: 'US' },
  taxCategory: { description: 'A tax category code; `null` or empty: none (shipping is not taxed).', example: 'std' },
  channels: { description: 'Channel codes; PUT sets them (left out: none).', example: ['WEB'] },
  enabled: { description: 'A checkbox: left out on POST and PUT is `false`.', example: true },
  configuration: {
    replace: true,
    type: 'object' as const,
    description:
      'Keyed by channel code: `{amount}` in major units of the channel\'s currency (12.5 is stored as 1250 minor units), ' +
      `from 0 to ${MAX_SHIPPING_AMOUNT}. Every channel of the method needs one. On PATCH an entry replaces that channel's, \`null\` removes it.`,
    additionalProperties: {
      type: 'object' as const,
      nullable: true,
      additionalProperties: false,
      properties: { amount: { type: 'number' as const, minimum: 0, maximum: MAX_SHIPPING_AMOUNT } },
    },
    example: { WEB: { amount: 12.5 } },
  },
};
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

const createExample = { name: 'UPS', zone: 'US', calculator: 'flat_rate', channels: ['WEB'], enabled: true, configuration: { WEB: { amount: 12.5 } }, code: 'ups' };
const replaceExample = { name: 'UPS', zone: 'US', calculator: 'per_unit_rate', channels: ['WEB'], enabled: true, configuration: { WEB: { amount: 2 } } };

export const ShippingMethodCreateRequestSchema = requestSchemaFor(ShippingMethodForm, 'ShippingMethodCreateRequest', {
  required: ['name', 'calculator', 'zone', 'code'],
  description: 'The shipping method form of POST.',
  example: createExample,
  properties: { ...fieldDescriptions, code: { description: 'Unique; letters, digits, dashes and underscores.', pattern: RESOURCE_CODE.source, example: 'ups' } },
});

export const ShippingMethodReplaceRequestSchema = requestSchemaFor(ShippingMethodForm, 'ShippingMethodReplaceRequest', {
  required: ['name', 'calculator', 'zone'],
  description: 'The shipping method form of PUT: what is left out is cleared (no categories, no channels, not enabled, requirement 1), but the position.',
  example: replaceExample,
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const ShippingMethodPatchRequestSchema = requestSchemaFor(ShippingMethodForm, 'ShippingMethodPatchRequest', {
  required: [],
  description: 'The shipping method form of PATCH: only the fields given change.',
  example: { configuration: { WEB: { amount: 9.99 } } },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const shippingMethodRequestExamples = { ups: { summary: 'A flat rate in one channel', value: createExample } };
export const shippingMethodReplaceExamples = { perUnit: { summary: 'A rate per unit', value: replaceExample } };
export const shippingMethodPatchExamples = { amount: { summary: 'A new amount in WEB', value: { configuration: { WEB: { amount: 9.99 } } } } };

const children = (over: Record<string, unknown>) => ({
  name: {}, description: {}, position: {}, category: {}, categoryRequirement: {}, calculator: {}, zone: {}, taxCategory: {}, channels: {}, enabled: {},
  configuration: { children: { WEB: { children: { amount: {} } } } }, code: {}, ...over,
});

export const shippingMethodValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: children({
      name: { errors: [NAME_TOO_SHORT] },
      calculator: { errors: [CALCULATOR_BLANK] },
      zone: { errors: [ZONE_BLANK] },
      configuration: { children: { WEB: { children: { amount: { errors: [NOT_BLANK] } } } } },
      code: { errors: [CODE_BLANK] },
    }),
  },
};

export const shippingMethodUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: children({ zone: { errors: ['This value is not valid.'] } }) },
};

export const createdShippingMethodExample = upsExample;
