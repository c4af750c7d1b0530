import { applyDecorators } from '@nestjs/common';
import { ApiBody, type SchemaObject } from '@nestjs/swagger';
import { resourceInUseMessage } from '../../common/errors/api-error';
import { EXTRA_FIELDS, NOT_VALID } from '../../common/forms/messages';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { ApiResponses } from '../../common/openapi/api-decorators';
import { invalidJson, payloadTooLarge, unsupportedMediaType, type ResponseSpec } from '../../common/openapi/responses';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { arrayOf, closedObject, integer, string, type Schema } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { capBlackVariantExample } from '../catalog.openapi-examples';
import { MAX_MAJOR_UNITS_TEXT } from './forms/major-units';
import { CODE_BLANK, ON_HAND_BELOW_ON_HOLD, OPTION_SET_TAKEN, PRICE_FOR_EVERY_CHANNEL, PRICE_TOO_LOW, VERSION_STALE } from './forms/variant-messages';
import { VariantForm } from './forms/variant.form';

/** Request bodies and error shapes of the variant writes (the variant itself: catalog.openapi.ts). */

export const PRODUCT_VARIANT_IN_USE = resourceInUseMessage('product variant');

const amount = (what: string): SchemaObject => ({
  description: `${what} in major units (\`12.34\` is stored as 1234), as a number or its text, at most 2 decimal places; from 0.01 to ${MAX_MAJOR_UNITS_TEXT}. \`null\` or left out: none.`,
  anyOf: [
    { type: 'number', minimum: 0.01, maximum: Number(MAX_MAJOR_UNITS_TEXT) },
    { type: 'string', pattern: '^\\s*\\d+(\\.\\d+)?\\s*$' },
  ],
});

const translationsProperty: SchemaObject = {
  type: 'object',
  nullable: true,
  description:
    'Locale code → `{name}`; a key must be a locale of the shop. A locale with no (or an empty) name has no translation. PUT: a locale left out loses its ' +
    'translation; PATCH: only the locales given change.',
  additionalProperties: { ...closedObject({ name: string({ nullable: true, maxLength: 255 }) }, { optional: ['name'] }), nullable: true },
  example: { en_US: { name: 'Black cap' } },
};

const channelPricingsProperty: SchemaObject = {
  type: 'object',
  nullable: true,
  description:
    'Channel code → `{price, originalPrice}`; a key must be a channel of the shop. An entry with neither amount (or `null`) removes the price in that ' +
    'channel; an original price needs a price. PUT: a channel left out loses its price; PATCH: only the channels given change, and an entry keeps the ' +
    'amount it leaves out. The next cart change (on any instance) prices with the new amount; carts keep their totals until they next change.',
  additionalProperties: { ...closedObject({ price: amount('The price'), originalPrice: amount('The price before a discount') }, { optional: ['price', 'originalPrice'] }), nullable: true },
  example: { WEB: { price: '15.99' }, EU_WEB: { price: 14.99, originalPrice: 19.99 } },
};

const optionValuesProperty: SchemaObject = {
  type: 'object',
  nullable: true,
  description:
    "Option code → option value code, for the product's options (a key must be one). Another variant of the product with the same option values " +
    'is refused. PUT: an option left out is unset; PATCH: only the options given change.',
  additionalProperties: { type: 'string', nullable: true },
  example: { CAP_SIZE: 'CAP_SIZE_M' },
};

const dimension = (what: string): SchemaObject => ({ type: 'number', minimum: 0, nullable: true, description: `${what}, not negative (also as its text); \`null\` or empty clears it.` });

const commonProperties = {
  translations: { replace: true, ...translationsProperty },
  version: { description: 'The `version` the client read. Another value than the current one is a 409 and nothing changes; left out, nothing is compared.' },
  tracked: { type: 'boolean' as const, description: 'Whether stock is tracked; `true`/`false` or their usual spellings. POST and PUT: left out is `false`.' },
  width: { replace: true, ...dimension('Width') },
  height: { replace: true, ...dimension('Height') },
  depth: { replace: true, ...dimension('Depth') },
  weight: { replace: true, ...dimension('Weight') },
  taxCategory: { description: 'Tax category code; `null` or empty: none.' },
  shippingRequired: { type: 'boolean' as const, description: 'Whether the variant is shipped. POST and PUT: left out is `false`, as for every checkbox of the form.' },
  shippingCategory: { description: 'Shipping category code; `null` or empty: none.' },
  channelPricings: { replace: true, ...channelPricingsProperty },
  optionValues: { replace: true, ...optionValuesProperty },
  onHand: {
    type: 'integer' as const,
    description: 'Units in stock; read only when the key is given (left out, the stock stays as it is). Not negative, and not below the units placed orders hold.',
  },
};

const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

const createExample = {
  translations: { en_US: { name: 'Medium mug' } },
  tracked: true,
  taxCategory: 'std',
  shippingRequired: true,
  channelPricings: { WEB: { price: '12.34' } },
  code: 'MUG_M',
  optionValues: { MUG_SIZE: 'MUG_SIZE_M' },
  onHand: 5,
};

export const VariantCreateRequestSchema = requestSchemaFor(VariantForm, 'ProductVariantCreateRequest', {
  required: ['code'],
  description: 'The variant form of POST: a field left out is empty (a checkbox `false`).',
  example: createExample,
  properties: {
    ...commonProperties,
    version: { description: 'Ignored on POST: a new variant starts at version 1.' },
    code: { description: 'Unique among all variants; letters, digits, dashes and underscores.', pattern: RESOURCE_CODE.source, example: 'MUG_M' },
  },
});

export const VariantReplaceRequestSchema = requestSchemaFor(VariantForm, 'ProductVariantReplaceRequest', {
  required: [],
  description: 'The variant form of PUT, a full submit: a field left out is cleared (a checkbox `false`), except `onHand`.',
  example: { version: 1, translations: { en_US: { name: 'Medium mug' } }, tracked: true, shippingRequired: true, channelPricings: { WEB: { price: 13 } } },
  properties: { ...commonProperties, code: ignoredCode },
});

export const VariantPatchRequestSchema = requestSchemaFor(VariantForm, 'ProductVariantPatchRequest', {
  required: [],
  description: 'The variant form of PATCH: only the fields given change.',
  example: { version: 2, channelPricings: { WEB: { price: '11.99' } } },
  properties: { ...commonProperties, code: ignoredCode },
});

const errorList = arrayOf(string(), { minItems: 1 });
const fieldNode = (): SchemaObject => closedObject({ errors: errorList }, { optional: ['errors'], description: 'The messages of this field; `{}` when it has none.' });
const formNode = (children: Record<string, Schema>, optionalChildren: string[] = []): SchemaObject =>
  closedObject({ errors: errorList, children: closedObject(children, { optional: optionalChildren }) }, { optional: ['errors'] });
/** A map of the form: one child per locale, channel or option of the shop (product). */
const keyedNode = (entry: Schema, keyedBy: string): SchemaObject =>
  closedObject({ errors: errorList, children: { type: 'object', description: `One child per ${keyedBy}.`, additionalProperties: entry } }, { optional: ['errors'] });

/** The variant form's node of the 400 tree (also the `variant` of a simple product's form). */
export const variantFormNode = formNode(
  {
    translations: keyedNode(formNode({ name: fieldNode() }), 'locale of the shop'),
    version: fieldNode(),
    tracked: fieldNode(),
    width: fieldNode(),
    height: fieldNode(),
    depth: fieldNode(),
    weight: fieldNode(),
    taxCategory: fieldNode(),
    shippingRequired: fieldNode(),
    shippingCategory: fieldNode(),
    channelPricings: keyedNode(formNode({ price: fieldNode(), originalPrice: fieldNode() }), 'channel of the shop'),
    code: fieldNode(),
    optionValues: keyedNode(fieldNode(), 'option of the product'),
    onHand: fieldNode(),
  },
  ['onHand'],
);

const emptyChildren = {
  translations: { children: { en_US: { children: { name: {} } } } },
  version: {},
  tracked: {},
  width: {},
  height: {},
  depth: {},
  weight: {},
  taxCategory: {},
  shippingRequired: {},
  shippingCategory: {},
  channelPricings: { children: { WEB: { children: { price: {}, originalPrice: {} } } } },
  code: {},
  optionValues: { children: { MUG_SIZE: {} } },
};

export const variantValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    errors: [EXTRA_FIELDS],
    children: {
      ...emptyChildren,
      channelPricings: { children: { WEB: { children: { price: { errors: [PRICE_TOO_LOW] }, originalPrice: {} } } } },
      code: { errors: [CODE_BLANK] },
      optionValues: { children: { MUG_SIZE: { errors: [NOT_VALID] } } },
    },
  },
};

export const variantUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { errors: [OPTION_SET_TAKEN], children: { ...emptyChildren, onHand: { errors: [ON_HAND_BELOW_ON_HOLD] } } },
};

/** A variant left without a price in a channel its product is in. */
const variantUnpricedChannelExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { errors: [PRICE_FOR_EVERY_CHANNEL], children: emptyChildren },
};

const staleVersionExample = { code: 409, message: 'Validation Failed', errors: { children: { ...emptyChildren, version: { errors: [VERSION_STALE] } } } };

const formBody = (name: string, status: 400 | 409, description: string) =>
  defineSchema(
    name,
    closedObject({ code: integer({ enum: [status] }), message: string({ enum: ['Validation Failed'] }), errors: variantFormNode }, { description }),
  );

const VariantValidationErrorSchema = formBody(
  'ProductVariantValidationError',
  400,
  'The submitted form is invalid. Every child of the form is listed in form order (`onHand` only when it was sent), the maps with one child per ' +
    'locale, channel or option of the product; one without violations is `{}`. Violations of the whole variant (its option set, a channel of the product it has no price in) are in `errors.errors`.',
);

const VariantVersionConflictSchema = formBody(
  'ProductVariantVersionConflict',
  409,
  'The form as the 400 shows it, with the message at `version`: the variant changed since the client read it.',
);

/** A stale `version`: the form with its message at `version`. */
export const staleVersion = (): ResponseSpec => ({
  status: 409,
  description: 'The `version` sent is not the current one: the variant changed since it was read (by an order too). Nothing changed; read it again.',
  schema: VariantVersionConflictSchema,
  examples: { staleVersion: { summary: 'A stale version', value: staleVersionExample } },
});

/** The JSON body of a variant write, validated by the variant form, with the answers that come with one. */
export function ApiVariantBody(schema: Schema, example: object, validationExample: unknown): MethodDecorator {
  return applyDecorators(
    ApiBody({
      required: true,
      description: 'JSON object. An empty body is read as `{}`; a missing Content-Type is read as JSON.',
      schema,
      examples: { variant: { summary: 'A variant', value: example } },
    }),
    ApiResponses(
      {
        status: 400,
        description: 'The form is invalid; each field lists its violations.',
        schema: VariantValidationErrorSchema,
        examples: {
          validationFailed: { summary: 'An invalid form', value: validationExample },
          unpricedChannel: { summary: 'No price in a channel of the product (after the write)', value: variantUnpricedChannelExample },
        },
      },
      invalidJson(),
      payloadTooLarge(),
      unsupportedMediaType(),
    ),
  );
}

export const variantCreateExample = createExample;
export const variantPatchExample = { version: 2, channelPricings: { WEB: { price: '11.99' } } };
export const createdVariantExample = capBlackVariantExample;
