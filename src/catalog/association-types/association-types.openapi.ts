import { resourceInUseMessage, resourceNotFoundMessage } from '../../common/errors/api-error';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { definePageSchema } from '../../common/openapi/page-schema';
import { closedObject, dateTime, integer, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import {
  fieldErrorNode,
  formErrorNode,
  translationsErrorNode,
  translationsRequest,
  translationsResponse,
  validationErrorBody,
} from '../translations/translations-openapi';
import { CODE_BLANK, NAME_BLANK, NAME_TOO_SHORT } from './association-type-messages';

/** Wire shapes of product association types (see association-type.serializer.ts) and their form. */

export const ASSOCIATION_TYPE_NOT_FOUND = resourceNotFoundMessage('product association type');
export const ASSOCIATION_TYPE_IN_USE = resourceInUseMessage('product association type');

const HREF = `^/api/v1/product-association-types/${SEGMENT}$`;
const self = (code: string) => ({ self: { href: `/api/v1/product-association-types/${code}` } });
const translations = { en_US: { id: 1, locale: 'en_US', name: 'Similar products' } };

export const AssociationTypeSchema = defineSchema(
  'ProductAssociationType',
  closedObject(
    {
      id: integer(),
      code: string(),
      translations: translationsResponse(['name']),
      createdAt: dateTime('When the association type was created.'),
      updatedAt: dateTime('When the association type was last changed.'),
      _links: selfLinks(HREF, '/api/v1/product-association-types/similar'),
    },
    {
      description: 'A product association type with every field.',
      example: { id: 1, code: 'similar', translations, createdAt: '2026-11-21T02:41:27+0000', updatedAt: '2026-11-21T02:41:27+0000', _links: self('similar') },
    },
  ),
);

const AssociationTypeListItemSchema = defineSchema(
  'ProductAssociationTypeListItem',
  closedObject(
    { id: integer(), code: string(), translations: translationsResponse(['name']), _links: selfLinks(HREF, '/api/v1/product-association-types/similar') },
    { description: 'A product association type as its list shows it.', example: { id: 1, code: 'similar', translations, _links: self('similar') } },
  ),
);

export const PageOfAssociationTypesSchema = definePageSchema(
  'ProductAssociationTypes',
  AssociationTypeListItemSchema,
  { pattern: '/api/v1/product-association-types/', example: '/api/v1/product-association-types/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 1,
    _links: {
      self: { href: '/api/v1/product-association-types/?page=1&limit=10' },
      first: { href: '/api/v1/product-association-types/?page=1&limit=10' },
      last: { href: '/api/v1/product-association-types/?page=1&limit=10' },
    },
    _embedded: { items: [{ id: 1, code: 'similar', translations, _links: self('similar') }] },
  },
);

const translationsField = translationsRequest({ name: string({ minLength: 2, maxLength: 255, description: '2 to 255 characters.' }) }, { en_US: { name: 'Similar products' } });
const codeField = string({ minLength: 2, maxLength: 255, pattern: RESOURCE_CODE.source, description: 'Unique; letters, digits, dashes and underscores.', example: 'similar' });
const ignoredCode = { description: 'Ignored: a code never changes.' };

const requestSchema = (name: string, description: string, code: object, required: string[], example: unknown) =>
  defineSchema(name, { type: 'object', description, ...(required.length > 0 && { required }), properties: { translations: translationsField, code }, additionalProperties: false, example });

export const AssociationTypeCreateRequestSchema = requestSchema(
  'ProductAssociationTypeCreateRequest',
  'The association type form of POST.',
  codeField,
  ['code'],
  { code: 'similar', translations: { en_US: { name: 'Similar products' } } },
);
export const AssociationTypeReplaceRequestSchema = requestSchema(
  'ProductAssociationTypeReplaceRequest',
  'The association type form of PUT: a stored translation left out is blanked, so it fails.',
  ignoredCode,
  [],
  { translations: { en_US: { name: 'Related products' } } },
);
export const AssociationTypePatchRequestSchema = requestSchema(
  'ProductAssociationTypePatchRequest',
  'The association type form of PATCH: only the translations (and their fields) given change.',
  ignoredCode,
  [],
  { translations: { nl_NL: { name: 'Vergelijkbare producten' } } },
);

export const AssociationTypeValidationErrorSchema = validationErrorBody(
  'ProductAssociationTypeValidationError',
  formErrorNode({ translations: translationsErrorNode(['name']), code: fieldErrorNode() }),
);

export const associationTypeRequestExamples = { similar: { summary: 'An association type', value: { code: 'similar', translations: { en_US: { name: 'Similar products' } } } } };
export const associationTypeUpdateExamples = { rename: { summary: 'A new name', value: { translations: { en_US: { name: 'Related products' } } } } };

export const associationTypeValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { translations: { children: { en_US: { children: { name: { errors: [NAME_TOO_SHORT] } } } } }, code: { errors: [CODE_BLANK] } } },
};

export const associationTypeUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { translations: { children: { en_US: { children: { name: { errors: [NAME_BLANK] } } } } }, code: {} } },
};

export const createdAssociationTypeExample = {
  id: 2,
  code: 'accessories',
  translations: { en_US: { id: 3, locale: 'en_US', name: 'Accessories' } },
  createdAt: '2026-11-30T09:12:44+0000',
  updatedAt: '2026-11-30T09:12:44+0000',
  _links: self('accessories'),
};
