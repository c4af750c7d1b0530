import { closedObject, dateTime, integer, SEGMENT, selfLinks, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { resourceNotFoundMessage } from '../common/errors/api-error';

/** Wire shape of a tax category (see tax-category.serializer.ts). */

export const TAX_CATEGORY_NOT_FOUND = resourceNotFoundMessage('tax category');

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
      _links: selfLinks(`^/api/v1/tax-categories/${SEGMENT}$`, '/api/v1/tax-categories/std'),
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
        _links: { self: { href: '/api/v1/tax-categories/std' } },
      },
    },
  ),
);
