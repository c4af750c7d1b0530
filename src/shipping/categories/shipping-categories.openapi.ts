import { closedObject, dateTime, integer, SEGMENT, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { resourceNotFoundMessage } from '../../common/errors/api-error';

/** Wire shape of a shipping category (see shipping-category.serializer.ts). */

export const SHIPPING_CATEGORY_NOT_FOUND = resourceNotFoundMessage('shipping category');

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
      _links: selfLinks(`^/api/v1/shipping-categories/${SEGMENT}$`, '/api/v1/shipping-categories/regular'),
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
        _links: { self: { href: '/api/v1/shipping-categories/regular' } },
      },
    },
  ),
);
