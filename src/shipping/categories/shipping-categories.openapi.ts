import { closedObject, dateTime, integer, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { resourceInUseMessage, resourceNotFoundMessage } from '../../common/errors/api-error';
import { RESOURCE_CODE } from '../../common/forms/resource-code';
import { ShippingCategoryForm } from './forms/shipping-category.form';
import { CODE_BLANK, NAME_BLANK, NAME_TOO_SHORT } from './forms/shipping-category-messages';

/** Wire shapes of shipping categories (see tax-category.serializer.ts) and the shipping category form. */

export const SHIPPING_CATEGORY_NOT_FOUND = resourceNotFoundMessage('shipping category');
export const SHIPPING_CATEGORY_IN_USE = resourceInUseMessage('shipping category');

const HREF = `^/api/v1/shipping-categories/${SEGMENT}$`;
const self = (code: string) => ({ self: { href: `/api/v1/shipping-categories/${code}` } });

export const ShippingCategorySchema = defineSchema(
  'ShippingCategory',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      description: string(),
      createdAt: dateTime('When the shipping category was created.'),
      updatedAt: dateTime('When the shipping category was last changed.'),
      _links: selfLinks(HREF, '/api/v1/shipping-categories/regular'),
    },
    {
      optional: ['description'],
      description: 'A shipping category with every exposed field; variants embed it in this form too.',
      example: {
        id: 1,
        code: 'regular',
        name: 'Regular',
        createdAt: '2026-11-21T02:41:27+0000',
        updatedAt: '2026-11-21T02:41:27+0000',
        _links: self('regular'),
      },
    },
  ),
);

const ShippingCategoryListItemSchema = defineSchema(
  'ShippingCategoryListItem',
  closedObject(
    { id: integer(), code: string(), name: string(), _links: selfLinks(HREF, '/api/v1/shipping-categories/regular') },
    { description: 'A shipping category as its list shows it.', example: { id: 1, code: 'regular', name: 'Regular', _links: self('regular') } },
  ),
);

export const PageOfShippingCategoriesSchema = definePageSchema(
  'ShippingCategories',
  ShippingCategoryListItemSchema,
  { pattern: '/api/v1/shipping-categories/', example: '/api/v1/shipping-categories/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 2,
    _links: {
      self: { href: '/api/v1/shipping-categories/?page=1&limit=10' },
      first: { href: '/api/v1/shipping-categories/?page=1&limit=10' },
      last: { href: '/api/v1/shipping-categories/?page=1&limit=10' },
    },
    _embedded: { items: [{ id: 1, code: 'regular', name: 'Regular', _links: self('regular') }, { id: 2, code: 'oversized', name: 'Oversized', _links: self('oversized') }] },
  },
);

const fieldDescriptions = {
  name: { description: '2 characters or more.', example: 'Oversized' },
  description: { description: '`null` or empty clears it.', example: 'Posters and other bulky items' },
};
/** On updates `code` is a child of the form that is never read. */
const ignoredCode = { replace: true, description: 'Ignored: a code never changes.' };

export const ShippingCategoryCreateRequestSchema = requestSchemaFor(ShippingCategoryForm, 'ShippingCategoryCreateRequest', {
  required: ['name', 'code'],
  description: 'The shipping category form of POST.',
  example: { name: 'Oversized', description: 'Posters and other bulky items', code: 'oversized' },
  properties: { ...fieldDescriptions, code: { description: 'Unique; letters, digits, dashes and underscores.', pattern: RESOURCE_CODE.source, example: 'oversized' } },
});

export const ShippingCategoryReplaceRequestSchema = requestSchemaFor(ShippingCategoryForm, 'ShippingCategoryReplaceRequest', {
  required: ['name'],
  description: 'The shipping category form of PUT: a left-out `description` is cleared.',
  example: { name: 'Bulky', description: 'Posters and other bulky items' },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const ShippingCategoryPatchRequestSchema = requestSchemaFor(ShippingCategoryForm, 'ShippingCategoryPatchRequest', {
  required: [],
  description: 'The shipping category form of PATCH: only the fields given change.',
  example: { description: 'Needs a freight carrier' },
  properties: { ...fieldDescriptions, code: ignoredCode },
});

export const shippingCategoryRequestExamples = { oversized: { summary: 'A shipping category', value: { name: 'Oversized', description: 'Posters and other bulky items', code: 'oversized' } } };
export const shippingCategoryUpdateExamples = { rename: { summary: 'A new name, no description', value: { name: 'Bulky' } } };

export const shippingCategoryValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { name: { errors: [NAME_TOO_SHORT] }, description: {}, code: { errors: [CODE_BLANK] } } },
};

export const createdShippingCategoryExample = {
  id: 3,
  code: 'fragile',
  name: 'Fragile',
  createdAt: '2026-11-30T09:12:44+0000',
  updatedAt: '2026-11-30T09:12:44+0000',
  _links: self('fragile'),
};

export const shippingCategoryUpdateValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { name: { errors: [NAME_BLANK] }, description: {}, code: {} } },
};
