import { applyDecorators } from '@nestjs/common';
import { ApiBody, type ExamplesObject } from '@nestjs/swagger';
import { NOT_VALID } from '../../common/forms/messages';
import { ApiResponses } from '../../common/openapi/api-decorators';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { invalidJson, payloadTooLarge, unsupportedMediaType } from '../../common/openapi/responses';
import { arrayOf, closedObject, integer, string, type Schema } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { CODE_BLANK, CODE_TAKEN, NAME_BLANK, PARENT_IN_SUBTREE, SLUG_BLANK, SLUG_TAKEN, TAXON_IN_USE } from './forms/taxon-messages';
import { TaxonTranslationForm } from './forms/taxon-translation.form';
import { TaxonForm } from './forms/taxon.form';
import { translationsMap } from '../translations/translations-openapi';
import { invalidPosition, POSITIONS_MISSING, productNotInTaxon } from './taxon-product-positions';

/** The taxon form (POST, PUT and PATCH /taxons) and the product positions body in the OpenAPI document; the taxon itself is TaxonSchema. */

export { TAXON_IN_USE };

const translationFields = {
  name: { description: 'The name in this locale.', example: 'Mugs' },
  slug: { description: 'Unique among the taxons in its locale.', example: 'mugs' },
  description: { description: '`null` or empty clears it.', example: 'Every mug' },
};

const TaxonTranslationRequestSchema = requestSchemaFor(TaxonTranslationForm, 'TaxonTranslationRequest', {
  description: 'The texts of the taxon in one locale; a text left out is cleared.',
  properties: translationFields,
});

const TaxonTranslationPatchRequestSchema = requestSchemaFor(TaxonTranslationForm, 'TaxonTranslationPatchRequest', {
  required: [],
  description: 'The texts of the taxon in one locale: only the texts given change; a locale the taxon has no translation in yet needs `name` and `slug`.',
  properties: translationFields,
});

const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

export const TaxonCreateRequestSchema = requestSchemaFor(TaxonForm, 'TaxonCreateRequest', {
  required: ['code'],
  description: 'The taxon form of POST: without `parent` a new root, with one the last of its children.',
  example: { code: 'mugs', parent: 'category', translations: { en_US: { name: 'Mugs', slug: 'mugs' } } },
  properties: {
    translations: translationsMap(TaxonTranslationRequestSchema, 'A locale left out gets no translation.'),
    parent: { description: 'Code of the parent taxon; left out or `null`: a root.', example: 'category' },
  },
});

export const TaxonReplaceRequestSchema = requestSchemaFor(TaxonForm, 'TaxonReplaceRequest', {
  required: [],
  description: 'The taxon form of PUT: every translation the taxon has must be given again, and a left-out `parent` makes it a root.',
  example: { parent: 'category', translations: { en_US: { name: 'Mugs', slug: 'mugs' } } },
  properties: {
    translations: translationsMap(TaxonTranslationRequestSchema, 'Every locale the taxon has a translation in must be given (a translation is never removed).'),
    parent: { description: 'Code of the new parent (the taxon moves last among its children); left out or `null`: a root. Not the taxon itself or one of its descendants.', example: 'books' },
    code: ignoredCode,
  },
});

export const TaxonPatchRequestSchema = requestSchemaFor(TaxonForm, 'TaxonPatchRequest', {
  required: [],
  description: 'The taxon form of PATCH: only the fields given change.',
  example: { parent: 'books' },
  properties: {
    translations: translationsMap(TaxonTranslationPatchRequestSchema, 'Only the locales given change.'),
    parent: { description: 'Code of the new parent (the taxon moves last among its children); `null`: a root. Not the taxon itself or one of its descendants.', example: 'books' },
    code: ignoredCode,
  },
});

export const taxonRequestExamples: ExamplesObject = {
  root: { summary: 'A new root', value: { code: 'category', translations: { en_US: { name: 'Category', slug: 'category' } } } },
  child: { summary: 'A child in two locales', value: { code: 'mugs', parent: 'category', translations: { en_US: { name: 'Mugs', slug: 'mugs' }, de_DE: { name: 'Becher', slug: 'becher' } } } },
};
export const taxonReplaceExamples: ExamplesObject = { replace: { summary: 'Every field', value: { parent: 'category', translations: { en_US: { name: 'Mugs', slug: 'mugs' } } } } };
export const taxonPatchExamples: ExamplesObject = {
  move: { summary: 'Moved under another taxon', value: { parent: 'books' } },
  rename: { summary: 'A new name in one locale', value: { translations: { en_US: { name: 'Cups' } } } },
};

const messages = arrayOf(string(), { minItems: 1 });
const fieldNode = closedObject({ errors: messages }, { optional: ['errors'], description: 'The messages of this field; `{}` when it has none.' });
const formNode = (children: Record<string, Schema>) => closedObject({ errors: messages, children: closedObject(children) }, { optional: ['errors'] });
const translationNode = formNode({ name: fieldNode, slug: fieldNode, description: fieldNode });

const TaxonValidationErrorSchema = defineSchema(
  'TaxonValidationError',
  closedObject(
    {
      code: integer({ enum: [400] }),
      message: string({ enum: ['Validation Failed'] }),
      errors: formNode({
        translations: closedObject(
          { errors: messages, children: { type: 'object', description: 'One child per locale of the shop, sent or not.', additionalProperties: translationNode } },
          { optional: ['errors'] },
        ),
        code: fieldNode,
        parent: fieldNode,
      }),
    },
    { description: 'The submitted form is invalid. Every child of the form is listed in form order; one without violations is `{}`.' },
  ),
);

const noTranslationErrors = { name: {}, slug: {}, description: {} };

export const taxonValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      translations: { children: { en_US: { children: { name: { errors: [NAME_BLANK] }, slug: { errors: [SLUG_TAKEN] }, description: {} } }, de_DE: { children: noTranslationErrors } } },
      code: { errors: [CODE_TAKEN] },
      parent: { errors: [NOT_VALID] },
    },
  },
};

export const taxonEmptyValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { translations: { children: { en_US: { children: noTranslationErrors }, de_DE: { children: noTranslationErrors } } }, code: { errors: [CODE_BLANK] }, parent: {} } },
};

export const taxonUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      translations: { children: { en_US: { children: { name: { errors: [NAME_BLANK] }, slug: { errors: [SLUG_BLANK] }, description: {} } }, de_DE: { children: noTranslationErrors } } },
      code: {},
      parent: { errors: [PARENT_IN_SUBTREE] },
    },
  },
};

/** The request body of a taxon write, with the 400/413/415 answers that come with it (the 400 tree lists the shop's locales). */
export function ApiTaxonBody(options: { schema: Schema; examples: ExamplesObject; validationExample: unknown }): MethodDecorator {
  return applyDecorators(
    ApiBody({
      required: true,
      description: 'JSON object. An empty body is read as `{}`; a missing Content-Type is read as JSON. Keys that are no field of the form (e.g. `images`) are refused as extra fields.',
      schema: options.schema,
      examples: options.examples,
    }),
    ApiResponses(
      {
        status: 400,
        description: 'The form is invalid; each field lists its violations.',
        schema: TaxonValidationErrorSchema,
        examples: { validationFailed: { summary: 'An invalid form', value: options.validationExample } },
      },
      invalidJson(),
      payloadTooLarge(),
      unsupportedMediaType(),
    ),
  );
}

export const ProductPositionsRequestSchema = defineSchema(
  'TaxonProductPositionsRequest',
  closedObject(
    {
      productsPositions: arrayOf(
        closedObject(
          {
            productCode: string({ description: 'Code of a product directly in the taxon.' }),
            position: { description: 'A whole number from 0, as a number or its digits.', oneOf: [integer({ minimum: 0, maximum: 999_999_999 }), string({ pattern: '^\\d{1,9}$' })] },
          },
          { description: 'The new position of one product in the taxon.' },
        ),
      ),
    },
    { description: 'New positions of products in the taxon; products not listed keep theirs.', example: { productsPositions: [{ productCode: 'MUG_SW', position: 2 }] } },
  ),
);

export const productPositionsErrorExamples = {
  invalidPosition: { summary: 'A position that is no whole number', value: { code: 400, message: invalidPosition('second') } },
  notInTaxon: { summary: 'A product that is not in the taxon', value: { code: 400, message: productNotInTaxon('MUG_SW', 'books') } },
  missing: { summary: 'No productsPositions', value: { code: 400, message: POSITIONS_MISSING } },
};
