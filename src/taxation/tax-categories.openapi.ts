import { closedObject, dateTime, integer, SEGMENT, selfLinks, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { definePageSchema } from '../common/openapi/page-schema';
import { requestSchemaFor } from '../common/openapi/request-schema';
import { resourceInUseMessage, resourceNotFoundMessage } from '../common/errors/api-error';
import { RESOURCE_CODE } from '../common/forms/resource-code';
import { TaxCategoryForm } from './forms/tax-category.form';
import { CODE_BLANK, NAME_BLANK, NAME_TOO_SHORT } from './forms/tax-category-messages';

/** Wire shapes of tax categories (see tax-category.serializer.ts) and the tax category form. */

export const TAX_CATEGORY_NOT_FOUND = resourceNotFoundMessage('tax category');
export const TAX_CATEGORY_IN_USE = resourceInUseMessage('tax category');

const HREF = `^/api/v1/tax-categories/${SEGMENT}$`;
const self = (code: string) => ({ self: { href: `/api/v1/tax-categories/${code}` } });

export const TaxCategorySchema = defineSchema(
  'TaxCategory',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      description: string(),
      createdAt: dateTime('When the tax category was created.'),
      updatedAt: dateTime('When the tax category was last changed.'),
      _links: selfLinks(HREF, '/api/v1/tax-categories/std'),
    },
    {
      optional: ['description'],
      description: 'A tax category with every exposed field; variants embed it in this form too.',
      example: {
        id: 1,
        code: 'std',
        name: 'Standard',
        description: 'Most goods',
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        _links: self('std'),
      },
    },
  ),
);

const TaxCategoryListItemSchema = defineSchema(
  'TaxCategoryListItem',
  closedObject(
    { id: integer(), code: string(), name: string(), _links: selfLinks(HREF, '/api/v1/tax-categories/std') },
    { description: 'A tax category as its list shows it.', example: { id: 1, code: 'std', name: 'Standard', _links: self('std') } },
  ),
);

export const PageOfTaxCategoriesSchema = definePageSchema(
  'TaxCategories',
  TaxCategoryListItemSchema,
  { pattern: '/api/v1/tax-categories/', example: '/api/v1/tax-categories/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 2,
    _links: {
      self: { href: '/api/v1/tax-categories/?page=1&limit=10' },
      first: { href: '/api/v1/tax-categories/?page=1&limit=10' },
      last: { href: '/api/v1/tax-categories/?page=1&limit=10' },
    },
    _embedded: { items: [{ id: 1, code: 'std', name: 'Standard', _links: self('std') }, { id: 2, code: 'reduced', name: 'Reduced', _links: self('reduced') }] },
  },
);

const fieldDescriptions = {
  name: { description: '2 characters or more.', example: 'Standard' },
  description: { description: '`null` or empty clears it.', example: 'Most goods' },
};
/** On updates `code` is a child of the form that is never read. */
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

export const TaxCategoryCreateRequestSchema = requestSchemaFor(TaxCategoryForm, 'TaxCategoryCreateRequest', {
  required: ['name', 'code'],
  description: 'The tax category form of POST.',
  example: { name: 'Standard', description: 'Most goods', code: 'std' },
  properties: { ...fieldDescriptions, code: { description: 'Unique; letters, digits, dashes and underscores.', pattern: RESOURCE_CODE.source, example: 'std' } },
});

export const TaxCategoryReplaceRequestSchema = requestSchemaFor(TaxCategoryForm, 'TaxCategoryReplaceRequest', {
  required: ['name'],
  description: 'The tax category form of PUT: a left-out `description` is cleared.',
  example: { name: 'Standard rate', description: 'Most goods' },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const TaxCategoryPatchRequestSchema = requestSchemaFor(TaxCategoryForm, 'TaxCategoryPatchRequest', {
  required: [],
  description: 'The tax category form of PATCH: only the fields given change.',
  example: { description: 'Everything but books' },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const taxCategoryRequestExamples = { standard: { summary: 'A tax category', value: { name: 'Standard', description: 'Most goods', code: 'std' } } };
export const taxCategoryUpdateExamples = { rename: { summary: 'A new name, no description', value: { name: 'Standard rate' } } };

export const taxCategoryValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { name: { errors: [NAME_TOO_SHORT] }, description: {}, code: { errors: [CODE_BLANK] } } },
};

export const createdTaxCategoryExample = {
  id: 3,
  code: 'zero',
  name: 'Zero rated',
  createdAt: '2026-11-30T09:12:44+0000',
  updatedAt: '2026-11-30T09:12:44+0000',
  _links: self('zero'),
};

export const taxCategoryUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { name: { errors: [NAME_BLANK] }, description: {}, code: {} } },
};
