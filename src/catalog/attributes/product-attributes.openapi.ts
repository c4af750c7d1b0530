import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { boolean, closedObject, dateTime, integer, keyedMap, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { ATTRIBUTE_TYPES } from './attribute-types';
import { CODE_BLANK, NAME_BLANK } from './product-attribute-messages';
import { ProductAttributeForm } from './product-attribute.form';

export { PRODUCT_ATTRIBUTE_NOT_FOUND } from './product-attribute-not-found';

/** Wire shapes of product attributes (see product-attribute.serializer.ts) and their form. */

const HREF = `^/api/v1/product-attributes/${SEGMENT}$`;
const SELF = '/api/v1/product-attributes/mug_material';

const TRANSLATIONS = keyedMap(closedObject({ id: integer(), locale: string(), name: string() }), 'locale code');

const CONFIGURATION = {
  description:
    'The type\'s settings, `[]` when there are none. text and textarea: `min` and `max` text lengths; select: `choices` (labels by locale code, keyed by a generated UUID; `[]` for none), `multiple`, and `min` and `max` counts of picked choices. A setting not given is left out.',
  oneOf: [
    {
      type: 'object' as const,
      properties: {
        min: integer({ minimum: 0 }),
        max: integer({ minimum: 0 }),
        multiple: boolean(),
        choices: keyedMap({ type: 'object', additionalProperties: string() }, 'choice key (a UUID)'),
      },
      additionalProperties: false,
      minProperties: 1,
    },
    { type: 'array' as const, maxItems: 0, items: {} },
  ],
};

const listItemExample = {
  id: 1,
  code: 'mug_material',
  type: 'text',
  position: 0,
  translations: { en_US: { id: 1, locale: 'en_US', name: 'Mug material' } },
  _links: { self: { href: SELF } },
};

export const createdProductAttributeExample = {
  id: 1,
  code: 'mug_material',
  type: 'text',
  position: 0,
  translations: { en_US: { id: 1, locale: 'en_US', name: 'Mug material' } },
  configuration: { min: 2, max: 255 },
  createdAt: '2026-11-21T10:20:30+0000',
  updatedAt: '2026-11-21T10:20:30+0000',
  _links: { self: { href: SELF } },
};

const TYPE = string({ enum: [...ATTRIBUTE_TYPES], description: 'The attribute type, given by the path of the POST; it never changes.' });
const POSITION = integer({ minimum: 0, description: 'Index in the list of attributes.' });

const ProductAttributeListItemSchema = defineSchema(
  'ProductAttributeListItem',
  closedObject(
    { id: integer(), code: string(), type: TYPE, position: POSITION, translations: TRANSLATIONS, _links: selfLinks(HREF, SELF) },
    { description: 'A product attribute as the list shows it.', example: listItemExample },
  ),
);

export const ProductAttributeSchema = defineSchema(
  'ProductAttribute',
  closedObject(
    {
      id: integer(),
      code: string(),
      type: TYPE,
      position: POSITION,
      translations: TRANSLATIONS,
      configuration: CONFIGURATION,
      createdAt: dateTime('When the attribute was created.'),
      updatedAt: dateTime('When the attribute was last changed.'),
      _links: selfLinks(HREF, SELF),
    },
    { description: 'A product attribute with every exposed field.', example: createdProductAttributeExample },
  ),
);

export const PageOfProductAttributesSchema = definePageSchema(
  'ProductAttributes',
  ProductAttributeListItemSchema,
  { pattern: '/api/v1/product-attributes/', example: '/api/v1/product-attributes/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 1,
    _links: {
      self: { href: '/api/v1/product-attributes/?page=1&limit=10' },
      first: { href: '/api/v1/product-attributes/?page=1&limit=10' },
      last: { href: '/api/v1/product-attributes/?page=1&limit=10' },
    },
    _embedded: { items: [listItemExample] },
  },
);

const fieldDescriptions = {
  type: { replace: true, description: 'Ignored: the path of the POST gives the type, and it never changes.' },
  position: { description: 'Index in the list; left out on POST: after the last attribute, on PUT and PATCH: unchanged. Past the end: the last index.', example: 0 },
  translations: {
    replace: true,
    type: 'object' as const,
    description: 'Keyed by locale code (a locale of the shop). An entry sent as `null` removes that translation.',
    additionalProperties: {
      type: 'object' as const,
      nullable: true,
      additionalProperties: false,
      properties: { name: string({ minLength: 2, maxLength: 255, description: 'Required for a new translation.', example: 'Mug material' }) },
    },
    example: { en_US: { name: 'Mug material' } },
  },
  configuration: {
    replace: true,
    type: 'object' as const,
    nullable: true,
    description:
      'By type. text, textarea: `{min, max}` text lengths (0 or more, `min` ≤ `max`). select: `{choices, multiple, min, max}`: `choices` a list of `{locale: label}` objects (each gets a new UUID key), or a map that keeps the keys the attribute has; `multiple` a checkbox; `min` ≤ `max` counts. Other types: none (`{}` or left out). PUT sets every setting (left out: none); PATCH the settings sent.',
    example: { min: 2, max: 255 },
  },
};
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

export const ProductAttributeCreateRequestSchema = requestSchemaFor(ProductAttributeForm, 'ProductAttributeCreateRequest', {
  required: ['code'],
  description: 'The product attribute form of POST.',
  example: { code: 'mug_material', translations: { en_US: { name: 'Mug material' } }, configuration: { min: 2, max: 255 } },
  properties: { ...fieldDescriptions, code: { description: 'Unique; 2 to 255 letters, digits, dashes and underscores.', pattern: RESOURCE_CODE.source, example: 'mug_material' } },
});

export const ProductAttributeReplaceRequestSchema = requestSchemaFor(ProductAttributeForm, 'ProductAttributeReplaceRequest', {
  required: [],
  description: 'The product attribute form of PUT: every translation the attribute has must be sent again (or `null` to remove it).',
  example: { position: 2, translations: { en_US: { name: 'Mug material' } } },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const ProductAttributePatchRequestSchema = requestSchemaFor(ProductAttributeForm, 'ProductAttributePatchRequest', {
  required: [],
  description: 'The product attribute form of PATCH: only the fields given change, in translations and configuration too.',
  example: { translations: { en_US: { name: 'Material' } } },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const productAttributeRequestExamples = {
  text: { summary: 'A text attribute (POST …/text)', value: { code: 'mug_material', translations: { en_US: { name: 'Mug material' } }, configuration: { min: 2, max: 255 } } },
  select: {
    summary: 'A select attribute (POST …/select)',
    value: { code: 'mug_color', translations: { en_US: { name: 'Mug color' } }, configuration: { choices: [{ en_US: 'Red' }, { en_US: 'Blue' }], multiple: true, min: 1, max: 2 } },
  },
};
export const productAttributeReplaceExamples = { move: { summary: 'Moved to index 2', value: { position: 2, translations: { en_US: { name: 'Mug material' } } } } };
export const productAttributePatchExamples = { rename: { summary: 'A new English name only', value: { translations: { en_US: { name: 'Material' } } } } };

export const productAttributeValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      type: {},
      position: {},
      translations: { children: { en_US: { children: { name: { errors: [NAME_BLANK] } } } } },
      code: { errors: [CODE_BLANK] },
      configuration: { children: { min: {}, max: {} } },
    },
  },
};

export const productAttributeUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      type: {},
      position: {},
      translations: { children: { en_US: { children: { name: { errors: [NAME_BLANK] } } } } },
      code: {},
      configuration: { children: { min: {}, max: {} } },
    },
  },
};
