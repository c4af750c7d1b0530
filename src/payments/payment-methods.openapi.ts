import { resourceInUseMessage, resourceNotFoundMessage } from '../common/errors/api-error';
import { RESOURCE_CODE } from '../common/forms/resource-code';
import { definePageSchema } from '../common/openapi/page-schema';
import { requestSchemaFor } from '../common/openapi/request-schema';
import { string } from '../common/openapi/schema-builders';
import { CODE_BLANK, NAME_BLANK, NAME_TOO_SHORT } from './forms/payment-method-messages';
import { PaymentMethodForm } from './forms/payment-method.form';
import { cashOnDeliveryExample, paymentListItemExample } from './payments.openapi-examples';
import { PaymentMethodListItemSchema } from './payments.openapi';

/** The payment method form and list (the shapes of one method are in payments.openapi.ts). */

export const PAYMENT_METHOD_NOT_FOUND = resourceNotFoundMessage('payment method');
export const PAYMENT_METHOD_IN_USE = resourceInUseMessage('payment method');

export const PageOfPaymentMethodsSchema = definePageSchema(
  'PaymentMethods',
  PaymentMethodListItemSchema,
  { pattern: '/api/v1/payment-methods/', example: '/api/v1/payment-methods/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 1,
    _links: {
      self: { href: '/api/v1/payment-methods/?page=1&limit=10' },
      first: { href: '/api/v1/payment-methods/?page=1&limit=10' },
      last: { href: '/api/v1/payment-methods/?page=1&limit=10' },
    },
    _embedded: { items: [paymentListItemExample.method] },
  },
);

const TRANSLATION = {
  type: 'object' as const,
  additionalProperties: false,
  properties: {
    name: string({ description: '2 to 255 characters; required for a new translation.', example: 'Cash on delivery' }),
    description: string({ nullable: true, description: '`null` or empty clears it.' }),
    instructions: string({ nullable: true, description: '`null` or empty clears it.', example: 'Have the exact amount ready.' }),
  },
};

const fieldDescriptions = {
  position: { description: 'Sort position; left out on POST: after the last method, on PUT and PATCH: unchanged.', example: 0 },
  enabled: { description: 'A checkbox: left out on POST and PUT is `false`.', example: true },
  translations: {
    replace: true,
    type: 'object' as const,
    description: 'Keyed by locale code (a locale of the shop). An entry sent as `null` removes that translation.',
    additionalProperties: { ...TRANSLATION, nullable: true },
    example: { en_US: { name: 'Cash on delivery', instructions: 'Have the exact amount ready.' } },
  },
  channels: { description: 'Channel codes; PUT sets them (left out: none).', example: ['WEB'] },
};
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

export const PaymentMethodCreateRequestSchema = requestSchemaFor(PaymentMethodForm, 'PaymentMethodCreateRequest', {
  required: ['code'],
  description: 'The payment method form of POST.',
  example: { enabled: true, translations: { en_US: { name: 'Cash on delivery' } }, channels: ['WEB'], code: 'cash_on_delivery' },
  properties: { ...fieldDescriptions, code: { description: 'Unique; letters, digits, dashes and underscores.', pattern: RESOURCE_CODE.source, example: 'cash_on_delivery' } },
});

export const PaymentMethodReplaceRequestSchema = requestSchemaFor(PaymentMethodForm, 'PaymentMethodReplaceRequest', {
  required: [],
  description: 'The payment method form of PUT: every translation the method has must be sent again (or `null` to remove it).',
  example: { enabled: true, translations: { en_US: { name: 'Cash on delivery' } }, channels: ['WEB'] },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const PaymentMethodPatchRequestSchema = requestSchemaFor(PaymentMethodForm, 'PaymentMethodPatchRequest', {
  required: [],
  description: 'The payment method form of PATCH: only the fields given change, in translations too.',
  example: { translations: { en_US: { instructions: 'Pay the driver.' } } },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const paymentMethodRequestExamples = {
  cash: { summary: 'A payment method', value: { enabled: true, translations: { en_US: { name: 'Cash on delivery' } }, channels: ['WEB'], code: 'cash_on_delivery' } },
};
export const paymentMethodReplaceExamples = {
  replace: { summary: 'Enabled in WEB, one translation', value: { enabled: true, translations: { en_US: { name: 'Cash on delivery' } }, channels: ['WEB'] } },
};
export const paymentMethodPatchExamples = { instructions: { summary: 'New instructions only', value: { translations: { en_US: { instructions: 'Pay the driver.' } } } } };

const translationNode = (name?: string) => ({ children: { name: name === undefined ? {} : { errors: [name] }, description: {}, instructions: {} } });

export const paymentMethodValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      position: {},
      enabled: {},
      translations: { children: { en_US: translationNode(NAME_TOO_SHORT) } },
      channels: { errors: ['This value is not valid.'] },
      code: { errors: [CODE_BLANK] },
    },
  },
};

export const paymentMethodUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { position: {}, enabled: {}, translations: { children: { en_US: translationNode(NAME_BLANK) } }, channels: {}, code: {} } },
};

export const createdPaymentMethodExample = cashOnDeliveryExample;
