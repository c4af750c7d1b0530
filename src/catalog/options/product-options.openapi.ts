import { resourceInUseMessage, resourceNotFoundMessage } from '../../common/errors/api-error';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { definePageSchema } from '../../common/openapi/page-schema';
import { arrayOf, closedObject, integer, keyedMap, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { fieldErrorNode, formErrorNode, translationsErrorNode, translationsRequest, translationsResponse, validationErrorBody } from '../translations/translations-openapi';
import { CODE_BLANK, NAME_BLANK, NAME_TOO_SHORT, VALUE_BLANK } from './product-option-messages';
import { POSITION_RANGE } from './product-option.form';

/** Wire shapes of product options (see product-option.serializer.ts) and the product option form. */

export const PRODUCT_OPTION_NOT_FOUND = resourceNotFoundMessage('product option');
export const PRODUCT_OPTION_IN_USE = resourceInUseMessage('product option');

const HREF = `^/api/v1/product-options/${SEGMENT}$`;
const self = (code: string) => ({ self: { href: `/api/v1/product-options/${code}` } });

const OptionValueSchema = closedObject(
  {
    code: string(),
    translations: keyedMap(closedObject({ locale: string(), id: integer(), value: string() }), 'locale code'),
  },
  { description: 'A value of the option (no id on the wire).' },
);

const sizeExample = {
  id: 1,
  code: 'MUG_SIZE',
  position: 0,
  translations: { en_US: { id: 1, locale: 'en_US', name: 'Mug size' } },
  values: [{ code: 'MUG_SIZE_S', translations: { en_US: { locale: 'en_US', id: 1, value: 'Small' } } }],
  _links: self('MUG_SIZE'),
};

export const ProductOptionSchema = defineSchema(
  'ProductOptionResource',
  closedObject(
    {
      id: integer(),
      code: string(),
      position: integer({ minimum: 0, description: 'Place in the list of options, from 0.' }),
      translations: translationsResponse(['name']),
      values: arrayOf(OptionValueSchema, { description: 'In the order they were added.' }),
      _links: selfLinks(HREF, '/api/v1/product-options/MUG_SIZE'),
    },
    { description: 'A product option with its values; the list shows the same.', example: sizeExample },
  ),
);

export const PageOfProductOptionsSchema = definePageSchema(
  'ProductOptions',
  ProductOptionSchema,
  { pattern: '/api/v1/product-options/', example: '/api/v1/product-options/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 1,
    _links: {
      self: { href: '/api/v1/product-options/?page=1&limit=10' },
      first: { href: '/api/v1/product-options/?page=1&limit=10' },
      last: { href: '/api/v1/product-options/?page=1&limit=10' },
    },
    _embedded: { items: [sizeExample] },
  },
);

const valueRequest = closedObject(
  {
    translations: translationsRequest({ value: string({ maxLength: 255 }) }, { en_US: { value: 'Medium' } }),
    code: string({
      maxLength: 255,
      pattern: RESOURCE_CODE.source,
      description: 'A code of a value of this option changes that value; any other adds a value (unique among all option values).',
    }),
  },
  { optional: ['translations', 'code'] },
);

const properties = (code: object) => ({
  position: integer({
    minimum: POSITION_RANGE.minimum,
    maximum: POSITION_RANGE.maximum,
    nullable: true,
    description: 'Place in the list, from 0; past the end it is the last place. Left out: the end on POST, unchanged on updates.',
  }),
  translations: translationsRequest({ name: string({ minLength: 2, maxLength: 255 }) }, { en_US: { name: 'Mug size' } }),
  values: arrayOf(valueRequest, { description: 'Values to add or change; values left out are kept (a value is never removed).' }),
  code,
});
const codeField = string({ maxLength: 255, pattern: RESOURCE_CODE.source, description: 'Unique; letters, digits, dashes and underscores.', example: 'MUG_SIZE' });
const ignoredCode = { description: 'Ignored: a code never changes.' };
const createExample = { code: 'MUG_SIZE', translations: { en_US: { name: 'Mug size' } }, values: [{ code: 'MUG_SIZE_S', translations: { en_US: { value: 'Small' } } }] };
const updateExample = { position: 0, values: [{ code: 'MUG_SIZE_M', translations: { en_US: { value: 'Medium' } } }] };

const requestSchema = (name: string, description: string, code: object, required: string[], example: unknown) =>
  defineSchema(name, { type: 'object', description, ...(required.length > 0 && { required }), properties: properties(code), additionalProperties: false, example });

export const ProductOptionCreateRequestSchema = requestSchema('ProductOptionCreateRequest', 'The product option form of POST.', codeField, ['code'], createExample);
export const ProductOptionReplaceRequestSchema = requestSchema(
  'ProductOptionReplaceRequest',
  'The product option form of PUT: a stored translation left out (of the option, or of a value sent) is blanked, so it fails.',
  ignoredCode,
  [],
  updateExample,
);
export const ProductOptionPatchRequestSchema = requestSchema(
  'ProductOptionPatchRequest',
  'The product option form of PATCH: only what is given changes.',
  ignoredCode,
  [],
  updateExample,
);

export const ProductOptionValidationErrorSchema = validationErrorBody(
  'ProductOptionValidationError',
  formErrorNode({
    position: fieldErrorNode(),
    translations: translationsErrorNode(['name']),
    values: closedObject(
      {
        errors: arrayOf(string(), { minItems: 1 }),
        children: arrayOf(formErrorNode({ translations: translationsErrorNode(['value']), code: fieldErrorNode() }), { description: 'One node per entry sent, by index.' }),
      },
      { optional: ['errors'] },
    ),
    code: fieldErrorNode(),
  }),
);

export const productOptionRequestExamples = { size: { summary: 'An option with one value', value: createExample } };
export const productOptionUpdateExamples = { addValue: { summary: 'First place, one more value', value: updateExample } };

const valueNode = (value: string[] = []) => ({
  children: { translations: { children: { en_US: { children: { value: value.length > 0 ? { errors: value } : {} } } } }, code: {} },
});

export const productOptionValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      position: {},
      translations: { children: { en_US: { children: { name: { errors: [NAME_TOO_SHORT] } } } } },
      values: { children: [valueNode([VALUE_BLANK])] },
      code: { errors: [CODE_BLANK] },
    },
  },
};

export const productOptionUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      position: {},
      translations: { children: { en_US: { children: { name: { errors: [NAME_BLANK] } } } } },
      values: { children: [] },
      code: {},
    },
  },
};
