import { definePageSchema } from '../common/openapi/page-schema';
import { arrayOf, boolean, closedObject, dateTime, integer, keyedMap, link, money, SEGMENT, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { ShippingCategorySchema } from '../shipping/categories/shipping-categories.openapi';
import { TaxCategorySchema } from '../taxation/tax-categories.openapi';
import { capBlackVariantExample, mugProductExample, variantPageExample } from './catalog.openapi-examples';
import { resourceNotFoundMessage } from '../common/errors/api-error';

/** Wire shapes of products and the full variant form (see serializers/). */

export const PRODUCT_NOT_FOUND = resourceNotFoundMessage('product');
export const PRODUCT_VARIANT_NOT_FOUND = resourceNotFoundMessage('product variant');

const PRODUCT_HREF = `^/api/v1/products/${SEGMENT}$`;
const VARIANTS_PATH = `/api/v1/products/${SEGMENT}/variants/`;

const ProductOptionValueSchema = defineSchema(
  'ProductOptionValue',
  closedObject(
    {
      code: string(),
      translations: keyedMap(closedObject({ locale: string(), id: integer(), value: string() }), 'locale code'),
    },
    {
      description: 'A value of a product option, e.g. a size.',
      example: { code: 'MUG_SIZE_S', translations: { en_US: { locale: 'en_US', id: 1, value: 'Size S' }, de_DE: { locale: 'de_DE', id: 2, value: 'Size S' } } },
    },
  ),
);

const dimension = (what: string) => ({ type: 'number' as const, description: `${what}; left out when not set.` });

export const ProductVariantDetailSchema = defineSchema(
  'ProductVariantDetail',
  closedObject(
    {
      descriptor: string({ description: '`<name> (<code>)`, the name being the variant\'s or else the product\'s; `(<code>)` when neither has one.' }),
      id: integer(),
      code: string(),
      optionValues: arrayOf(ProductOptionValueSchema),
      position: integer({ minimum: 0, description: 'Position of the variant within its product, from 0.' }),
      translations: keyedMap(closedObject({ locale: string(), id: integer(), name: string() }), 'locale code'),
      version: integer({ minimum: 1 }),
      onHold: integer({ minimum: 0, description: 'Units held by placed orders that are not shipped yet.' }),
      onHand: integer({ minimum: 0, description: 'Units in stock.' }),
      tracked: boolean({ description: 'Whether stock is tracked.' }),
      weight: dimension('Weight'),
      width: dimension('Width'),
      height: dimension('Height'),
      depth: dimension('Depth'),
      taxCategory: TaxCategorySchema,
      shippingCategory: ShippingCategorySchema,
      channelPricings: keyedMap(closedObject({ channelCode: string(), price: money('Unit price in that channel.') }), 'channel code'),
      _links: closedObject({
        self: link(`^${VARIANTS_PATH}${SEGMENT}$`, '/api/v1/products/CAP/variants/CAP_BLACK'),
        product: link(PRODUCT_HREF, '/api/v1/products/CAP'),
      }),
    },
    {
      optional: ['weight', 'width', 'height', 'depth', 'taxCategory', 'shippingCategory'],
      description: 'A product variant with every exposed field (the variant resource, the variant list and the variants of a product).',
      example: capBlackVariantExample,
    },
  ),
);

export const ProductSchema = defineSchema(
  'Product',
  closedObject(
    {
      id: integer(),
      code: string(),
      variants: arrayOf(ProductVariantDetailSchema, { description: 'By position.' }),
      options: arrayOf(
        closedObject({
          id: integer(),
          code: string(),
          name: string(),
          position: integer({ minimum: 0 }),
          values: arrayOf(ProductOptionValueSchema),
        }),
        { description: 'By position.' },
      ),
      translations: keyedMap(
        closedObject({ locale: string(), id: integer(), name: string(), description: string() }, { optional: ['description'] }),
        'locale code',
      ),
      taxons: arrayOf(closedObject({ id: integer(), code: string(), name: string() }), { description: 'The taxons the product is directly assigned to.' }),
      enabled: boolean(),
      createdAt: dateTime('When the product was created.'),
      updatedAt: dateTime('When the product was last changed.'),
      _links: closedObject({
        self: link(PRODUCT_HREF, '/api/v1/products/MUG'),
        variants: link(`^${VARIANTS_PATH}$`, '/api/v1/products/MUG/variants/'),
      }),
    },
    { description: 'A product with its variants, options, translations and taxons.', example: mugProductExample },
  ),
);

export const PageOfProductVariantDetailSchema = definePageSchema(
  'ProductVariantDetail',
  ProductVariantDetailSchema,
  { pattern: VARIANTS_PATH, example: '/api/v1/products/MUG/variants/' },
  variantPageExample,
);
