import { applyDecorators } from '@nestjs/common';
import { ApiBody, type ExamplesObject } from '@nestjs/swagger';
import { RESOURCE_CODE } from '../common/forms/resource-code';
import { ApiResponses } from '../common/openapi/api-decorators';
import { requestSchemaFor } from '../common/openapi/request-schema';
import { invalidJson, payloadTooLarge, unsupportedMediaType, type ResponseSpec } from '../common/openapi/responses';
import { arrayOf, boolean, closedObject, integer, string, type Schema } from '../common/openapi/schema-builders';
import { TEXT_EXPECTED, VALUE_INTEGER_RANGE, VALUE_TEXT_LIMIT } from './attributes/attribute-values';
import { defineSchema } from '../common/openapi/schema-registry';
import { ATTRIBUTE_BLANK, CODE_BLANK, CODE_INVALID, NAME_BLANK, NAME_TOO_SHORT, PRODUCT_IN_ORDERS, SLUG_BLANK, SLUG_TAKEN, VARIANT_PRICES_FIRST } from './forms/product-messages';
import { ProductTranslationForm } from './forms/product-translation.form';
import { ProductForm } from './forms/product.form';
import { translationsMap } from './translations/translations-openapi';
import { ON_HAND_NEGATIVE, PRICE_TOO_LOW, VERSION_STALE } from './variants/forms/variant-messages';
import { variantFormNode, VariantPatchRequestSchema, VariantReplaceRequestSchema } from './variants/product-variants.openapi';

/** The product form (POST, PUT and PATCH /products) in the OpenAPI document; the product itself is ProductSchema. */

export const PRODUCT_IN_USE = PRODUCT_IN_ORDERS;

const translationFields = {
  name: { description: '2 characters or more.', example: 'Mug' },
  slug: { description: 'Unique among the products in its locale.', example: 'mug' },
  description: { description: '`null` or empty clears it.', example: 'A mug for hot drinks' },
  metaKeywords: { description: '`null` or empty clears it.', example: 'mug, cup' },
  metaDescription: { description: '`null` or empty clears it.', example: 'Our mug' },
  shortDescription: { description: '`null` or empty clears it.', example: 'A mug' },
};

const ProductTranslationRequestSchema = requestSchemaFor(ProductTranslationForm, 'ProductTranslationRequest', {
  description: 'The texts of the product in one locale; a text left out is cleared.',
  properties: translationFields,
});

const ProductTranslationPatchRequestSchema = requestSchemaFor(ProductTranslationForm, 'ProductTranslationPatchRequest', {
  required: [],
  description: 'The texts of the product in one locale: only the texts given change; a locale the product has no translation in yet needs `name` and `slug`.',
  properties: translationFields,
});

/** `associations`: keyed by association type code; what a type left out means differs between POST/PUT and PATCH. */
const associationsMap = (leftOut: string) => ({
  replace: true,
  type: 'object' as const,
  description:
    'Keyed by association type code (each key must be an association type). Each value is one text of comma-separated product codes: ' +
    'spaces around a code, empty parts and repeats are ignored, and an empty text (or `null`) removes the association. A code that names ' +
    `no product, or the product itself, is refused at the type's key. ${leftOut}`,
  additionalProperties: { type: 'string' as const, nullable: true, example: 'CUP,TRAVEL_MUG' },
  example: { similar_products: 'CUP,TRAVEL_MUG' },
});

const fieldDescriptions = {
  enabled: { description: 'A checkbox (`true`, or `"true"`, `1`, `"on"`); left out on POST and PUT it is unchecked.', example: true },
  channels: { description: 'Codes of the channels the product is offered in.', example: ['WEB'] },
  mainTaxon: { description: 'Code of the main taxon; `null` clears it.', example: 'mugs' },
  productTaxons: { description: 'Comma-separated codes of the taxons the product is directly assigned to.', example: 'mugs,category' },
  options: {
    description: 'Codes of the product options; ignored once the product has variants. A simple product (one variant, no options) has `variant` instead: `options` is then an extra field.',
    example: ['MUG_SIZE'],
  },
};

/** `variant` of PUT and PATCH: the variant form of that method, taken only for a simple product. */
const simpleVariant = (schema: Schema, method: string) => ({
  replace: true,
  description:
    `Only for a simple product (exactly one variant and no options), in place of \`options\`: its variant, as ${method} of the variant takes it ` +
    '(`code` ignored: the variant keeps its code; `version` checked as there, a stale one answers 409 with its message at `variant.version`). ' +
    'Left out (or `null`), the variant is left as it is. For any other product it is an extra field.',
  allOf: [schema],
});
/** An entry of `attributes`; its `value` takes the form the attribute's type reads (attribute-values.ts). */
const attributeValueFields = {
  nested: {
    attributes: {
      properties: {
        attribute: { description: 'Code of the product attribute.', example: 'mug_material' },
        localeCode: { description: 'A locale of the shop; an attribute has at most one value per locale.', example: 'en_US' },
        value: {
          replace: true,
          description:
            `By the attribute's type: \`text\` a text of at most ${VALUE_TEXT_LIMIT.text} characters and \`textarea\` of at most ${VALUE_TEXT_LIMIT.textarea} ` +
            "(both within the configuration's `min` and `max` lengths when set, trimmed, never blank); `checkbox` a boolean; `integer` a whole number; " +
            '`percent` a number from 0 to 1; `date` a text `YYYY-MM-DD`; `datetime` a text `YYYY-MM-DDThh:mm:ss+0000` (any offset, stored in UTC); ' +
            "`select` a list of keys of the attribute's choices (one at most unless `multiple`, within `min` and `max` when set).",
          anyOf: [
            string({ maxLength: VALUE_TEXT_LIMIT.textarea }),
            boolean(),
            integer({ minimum: VALUE_INTEGER_RANGE.minimum, maximum: VALUE_INTEGER_RANGE.maximum }),
            { type: 'number', minimum: 0, maximum: 1 },
            arrayOf(string({ maxLength: 36, description: "A key of one of the attribute's choices (a UUID)." })),
          ],
          example: 'Ceramic',
        },
      },
    },
  },
};
const attributesField = (description: string) => ({ description: `Attribute values: ${description}`, example: [{ attribute: 'mug_material', localeCode: 'en_US', value: 'Ceramic' }] });

/** On updates `code` is a child of the form that is never read. */
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

const mugUpdate = {
  enabled: true,
  translations: { en_US: { name: 'Mug', slug: 'mug', description: 'A mug for hot drinks' }, de_DE: { name: 'Becher', slug: 'becher' } },
  attributes: [{ attribute: 'mug_material', localeCode: 'en_US', value: 'Ceramic' }],
  channels: ['WEB'],
  mainTaxon: 'mugs',
  productTaxons: 'mugs',
  options: ['MUG_SIZE'],
  associations: { similar_products: 'CUP,TRAVEL_MUG' },
};
const mugRequest = { ...mugUpdate, code: 'MUG' };

export const ProductCreateRequestSchema = requestSchemaFor(ProductForm, 'ProductCreateRequest', {
  required: ['code'],
  description: 'The product form of POST: a locale left out of `translations` gets no translation.',
  example: mugRequest,
  properties: {
    ...fieldDescriptions,
    translations: translationsMap(ProductTranslationRequestSchema, 'A locale left out gets no translation.'),
    attributes: attributesField('the values of the new product; left out, none.'),
    associations: associationsMap('A type left out gets no association.'),
    code: { description: 'Unique; letters, digits, dashes and underscores.', pattern: RESOURCE_CODE.source, example: 'MUG' },
  },
  omit: ['variant'],
  ...attributeValueFields,
});

export const ProductReplaceRequestSchema = requestSchemaFor(ProductForm, 'ProductReplaceRequest', {
  required: [],
  description: 'The product form of PUT: every field left out is cleared (unchecked, no associations, channels, taxons or options), and every translation the product has must be sent again.',
  example: mugUpdate,
  properties: {
    ...fieldDescriptions,
    translations: translationsMap(ProductTranslationRequestSchema, 'Every locale the product has a translation in must be given (a translation is never removed).'),
    attributes: attributesField('they replace all of the product\'s values; left out, the product has none.'),
    associations: associationsMap('The map replaces every association: a type left out (or the whole field) loses its association.'),
    code: ignoredCode,
    variant: simpleVariant(VariantReplaceRequestSchema, 'PUT'),
  },
  ...attributeValueFields,
});

export const ProductPatchRequestSchema = requestSchemaFor(ProductForm, 'ProductPatchRequest', {
  required: [],
  description: 'The product form of PATCH: only the fields given change.',
  example: { translations: { en_US: { name: 'Big mug' } } },
  properties: {
    ...fieldDescriptions,
    translations: translationsMap(ProductTranslationPatchRequestSchema, 'Only the locales given change.'),
    attributes: attributesField('when given, they replace all of the product\'s values; left out, the values stay.'),
    associations: associationsMap('Only the types given change; the others keep their association.'),
    code: ignoredCode,
    variant: simpleVariant(VariantPatchRequestSchema, 'PATCH'),
  },
  ...attributeValueFields,
});

export const productRequestExamples: ExamplesObject = {
  minimal: { summary: 'Only a code', value: { code: 'TOTE_BAG' } },
  full: { summary: 'With translations, attribute values, channels, taxons, options and associations', value: mugRequest },
};
/** A simple product (a gift card: one variant, no options) renamed, priced and stocked in one request. */
const giftCardUpdate = {
  enabled: true,
  translations: { en_US: { name: 'Gift card', slug: 'gift-card' } },
  channels: ['WEB'],
  variant: { translations: { en_US: { name: 'Gift card' } }, taxCategory: 'std', channelPricings: { WEB: { price: '25.00' } }, onHand: 100 },
};
export const productReplaceExamples: ExamplesObject = {
  replace: { summary: 'Every field', value: mugUpdate },
  simple: { summary: 'A simple product with its variant', value: giftCardUpdate },
};
export const productPatchExamples: ExamplesObject = {
  rename: { summary: 'A new name in one locale', value: { translations: { en_US: { name: 'Big mug' } } } },
  disable: { summary: 'Disabled', value: { enabled: false } },
  attributes: { summary: 'New attribute values (they replace all the product has)', value: { attributes: [{ attribute: 'mug_material', localeCode: 'en_US', value: 'Stoneware' }] } },
  associate: { summary: 'New similar products; other associations are kept', value: { associations: { similar_products: 'CUP' } } },
  simple: { summary: "A simple product's name, price and stock", value: { translations: { en_US: { name: 'Gift card' } }, variant: { channelPricings: { WEB: { price: '30.00' } }, onHand: 50 } } },
};

const messages = arrayOf(string(), { minItems: 1 });
const fieldNode = closedObject({ errors: messages }, { optional: ['errors'], description: 'The messages of this field; `{}` when it has none.' });
const formNode = (children: Record<string, Schema>, description?: string, optionalChildren: string[] = []) =>
  closedObject({ errors: messages, children: closedObject(children, { optional: optionalChildren }) }, { optional: ['errors'], ...(description !== undefined && { description }) });
const TRANSLATION_FIELDS = ['name', 'slug', 'description', 'metaKeywords', 'metaDescription', 'shortDescription'];
const translationNode = formNode(Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, fieldNode])));
const attributeValueNode = formNode({ attribute: fieldNode, localeCode: fieldNode, value: fieldNode });

const productFormNode = formNode(
  {
    enabled: fieldNode,
    translations: closedObject(
      { errors: messages, children: { type: 'object', description: 'One child per locale of the shop, sent or not.', additionalProperties: translationNode } },
      { optional: ['errors'] },
    ),
    attributes: closedObject(
      { errors: messages, children: arrayOf(attributeValueNode, { description: 'One node per entry sent, by index.' }) },
      { optional: ['errors'] },
    ),
    associations: closedObject(
      {
        errors: messages,
        children: { type: 'object', description: 'One child per association type (by code), sent or not; a key that names no type is an extra field of the map.', additionalProperties: fieldNode },
      },
      { optional: ['errors'] },
    ),
    channels: fieldNode,
    mainTaxon: fieldNode,
    productTaxons: fieldNode,
    code: fieldNode,
    options: fieldNode,
    variant: {
      description: "The variant form's tree once `variant` is sent as an object; `{}` when it is left out, its message when it is no object.",
      anyOf: [fieldNode, variantFormNode],
    },
  },
  undefined,
  ['options', 'variant'],
);

const ProductValidationErrorSchema = defineSchema(
  'ProductValidationError',
  closedObject(
    { code: integer({ enum: [400] }), message: string({ enum: ['Validation Failed'] }), errors: productFormNode },
    {
      description:
        'The submitted form is invalid. Every child of the form is listed in form order; one without violations is `{}`. Violations of the whole ' +
        'product (a newly assigned channel some variant has no price in) are in `errors.errors`. A simple product (one variant, no options, on PUT ' +
        "and PATCH) has `variant` (the variant form's tree, its own violations in `variant.errors`) in place of `options`.",
    },
  ),
);

const ProductVersionConflictSchema = defineSchema(
  'ProductVersionConflict',
  closedObject(
    { code: integer({ enum: [409] }), message: string({ enum: ['Validation Failed'] }), errors: productFormNode },
    { description: "The form as the 400 shows it, with the message at `variant.version`: the simple product's variant changed since the client read it." },
  ),
);

const noTranslationErrors = { name: {}, slug: {}, description: {}, metaKeywords: {}, metaDescription: {}, shortDescription: {} };

/** The example shop's product form tree without violations (two locales, one association type), in form order. */
const cleanProductTree = {
  enabled: {},
  translations: { children: { en_US: { children: noTranslationErrors }, de_DE: { children: noTranslationErrors } } },
  attributes: { children: [] as unknown[] },
  associations: { children: { similar_products: {} } } as { errors?: string[]; children: Record<string, unknown> },
  channels: {},
  mainTaxon: {},
  productTaxons: {},
  code: {},
  options: {},
};

/** A 400 example: the clean tree with these children replaced (key order kept), and root violations if any. */
function productInvalid(children: Partial<Record<keyof typeof cleanProductTree, unknown>>, rootErrors?: string[]) {
  return { code: 400, message: 'Validation Failed', errors: { ...(rootErrors && { errors: rootErrors }), children: { ...cleanProductTree, ...children } } };
}

export const productValidationExample = productInvalid({
  translations: { children: { en_US: { children: { ...noTranslationErrors, name: { errors: [NAME_TOO_SHORT] }, slug: { errors: [SLUG_TAKEN] } } }, de_DE: { children: noTranslationErrors } } },
  attributes: { children: [{ children: { attribute: {}, localeCode: {}, value: { errors: [TEXT_EXPECTED] } } }] },
  associations: { children: { similar_products: { errors: ['This value is not valid.'] } } },
  channels: { errors: ['This value is not valid.'] },
  code: { errors: [CODE_INVALID] },
});

export const productEmptyValidationExample = productInvalid({ code: { errors: [CODE_BLANK] } });

export const productUpdateValidationExample = productInvalid({
  translations: {
    children: {
      en_US: { children: { ...noTranslationErrors, name: { errors: [NAME_BLANK] }, slug: { errors: [SLUG_BLANK] } } },
      de_DE: { children: noTranslationErrors },
    },
  },
  attributes: { children: [{ children: { attribute: { errors: [ATTRIBUTE_BLANK] }, localeCode: {}, value: {} } }] },
  associations: { errors: ['This form should not contain extra fields.'], children: { similar_products: {} } },
  mainTaxon: { errors: ['This value is not valid.'] },
});

/** The variant children of a simple product's 400 example: a tax category, a price and the stock refused. */
const invalidSimpleVariant = {
  children: {
    translations: { children: { en_US: { children: { name: {} } }, de_DE: { children: { name: {} } } } },
    version: {},
    tracked: {},
    width: {},
    height: {},
    depth: {},
    weight: {},
    taxCategory: { errors: ['This value is not valid.'] },
    shippingRequired: {},
    shippingCategory: {},
    channelPricings: { children: { WEB: { children: { price: { errors: [PRICE_TOO_LOW] }, originalPrice: {} } } } },
    code: {},
    optionValues: { children: {} },
    onHand: { errors: [ON_HAND_NEGATIVE] },
  },
};

/** A simple product's tree: `variant` in the place of `options`. */
function simpleProductTree(variant: unknown) {
  const { options: _options, ...children } = cleanProductTree;
  return { ...children, variant };
}

/** PUT or PATCH of a simple product whose `variant` is invalid: `variant` in place of `options`. */
export const productSimpleVariantValidationExample = { code: 400, message: 'Validation Failed', errors: { children: simpleProductTree(invalidSimpleVariant) } };

/** A stale `variant.version` of a simple product: its message there, the product unchanged. */
export function staleVariantVersion(): ResponseSpec {
  const children = {
    ...invalidSimpleVariant.children,
    taxCategory: {},
    channelPricings: { children: { WEB: { children: { price: {}, originalPrice: {} } } } },
    onHand: {},
    version: { errors: [VERSION_STALE] },
  };
  return {
    status: 409,
    description: "The `variant.version` sent is not the current one: the simple product's variant changed since it was read (by an order too). Nothing changed; read it again.",
    schema: ProductVersionConflictSchema,
    examples: {
      staleVersion: {
        summary: 'A stale variant version',
        value: { code: 409, message: 'Validation Failed', errors: { children: simpleProductTree({ children }) } },
      },
    },
  };
}

/** PUT or PATCH assigning a channel that some variant of the product has no price in. */
export const productUnpricedChannelExample = productInvalid({}, [VARIANT_PRICES_FIRST]);

/** The request body of a product write, with the 400/413/415 answers that come with it (the 400 tree lists the shop's locales). */
export function ApiProductBody(options: { schema: Schema; examples: ExamplesObject; validationExample: unknown }): MethodDecorator {
  return applyDecorators(
    ApiBody({
      required: true,
      description: 'JSON object. An empty body is read as `{}`; a missing Content-Type is read as JSON. Keys that are no field of the form (e.g. `images`; `variant` except on PUT and PATCH of a simple product, where `options` is one) are refused as extra fields.',
      schema: options.schema,
      examples: options.examples,
    }),
    ApiResponses(
      {
        status: 400,
        description: 'The form is invalid; each field lists its violations.',
        schema: ProductValidationErrorSchema,
        examples: { validationFailed: { summary: 'An invalid form', value: options.validationExample } },
      },
      invalidJson(),
      payloadTooLarge(),
      unsupportedMediaType(),
    ),
  );
}

/** An example answer of POST: the product as GET shows it. */
export const createdProductExample = {
  id: 7,
  code: 'TRAVEL_MUG',
  variants: [],
  attributes: [{ id: 12, code: 'mug_material', name: 'Mug material', value: 'Ceramic', type: 'text', localeCode: 'en_US' }],
  options: [],
  associations: [{ id: 4, type: { id: 1, code: 'similar_products', name: 'Similar products' }, associatedProducts: [{ id: 1, code: 'MUG', name: 'Mug' }] }],
  translations: {
    en_US: { locale: 'en_US', id: 31, name: 'Travel mug', slug: 'travel-mug', description: 'Keeps coffee hot' },
    de_DE: { locale: 'de_DE', id: 32, name: 'Reisebecher', slug: 'reisebecher' },
  },
  taxons: [{ id: 2, code: 'mugs', name: 'Mugs' }],
  mainTaxon: { id: 2, code: 'mugs', name: 'Mugs' },
  channels: [{ id: 1, code: 'WEB', name: 'Web Channel' }],
  enabled: true,
  averageRating: 0,
  createdAt: '2026-11-30T09:12:44+0000',
  updatedAt: '2026-11-30T09:12:44+0000',
  _links: { self: { href: '/api/v1/products/TRAVEL_MUG' }, variants: { href: '/api/v1/products/TRAVEL_MUG/variants/' } },
};
