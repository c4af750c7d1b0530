import { definePageSchema } from '../common/openapi/page-schema';
import { arrayOf, boolean, closedObject, dateTime, integer, keyedMap, link, money, SEGMENT, selfLinks, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { ShippingCategorySchema } from '../shipping/categories/shipping-categories.openapi';
import { TaxCategorySchema } from '../taxation/tax-categories.openapi';
import { ATTRIBUTE_TYPES } from './attributes/attribute-types';
import { capBlackVariantExample, categoryTaxonExample, mugProductExample, productPageExample, taxonPageExample, tShirtsTaxonExample, variantPageExample } from './catalog.openapi-examples';
import { resourceNotFoundMessage } from '../common/errors/api-error';

/** Wire shapes of products, variants and taxons (see serializers/). */

export const PRODUCT_NOT_FOUND = resourceNotFoundMessage('product');
export const PRODUCT_VARIANT_NOT_FOUND = resourceNotFoundMessage('product variant');
export const TAXON_NOT_FOUND = resourceNotFoundMessage('taxon');

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
      description: 'A product variant with every exposed field (the variant resource and the variants of a product).',
      example: capBlackVariantExample,
    },
  ),
);

const ProductOptionSchema = defineSchema(
  'ProductOption',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      position: integer({ minimum: 0 }),
      values: arrayOf(ProductOptionValueSchema),
    },
    { description: 'An option of a product (e.g. a size) with its values.', example: productPageExample._embedded.items[0].options[0] },
  ),
);

const ProductAttributeValueSchema = defineSchema(
  'ProductAttributeValue',
  closedObject(
    {
      id: integer(),
      code: string({ description: "The attribute's code." }),
      name: string({ description: "The attribute's name in the value's locale, else its en_US name, else its code." }),
      value: {
        description: "By the attribute's type: a text (`text`, `textarea`, `date` as `YYYY-MM-DD`, `datetime`), a boolean (`checkbox`), a number (`integer`, `percent` from 0 to 1), or the list of chosen keys of the attribute's choices (`select`).",
        anyOf: [string(), boolean(), { type: 'number' }, arrayOf(string())],
      },
      type: string({ enum: [...ATTRIBUTE_TYPES] }),
      localeCode: string(),
    },
    { description: "A product's value of an attribute in one locale.", example: { id: 1, code: 'mug_material', name: 'Mug material', value: 'Ceramic', type: 'text', localeCode: 'en_US' } },
  ),
);

const NamedReferenceSchema = closedObject({ id: integer(), code: string(), name: string() }, { optional: ['name'] });

const ProductAssociationSchema = defineSchema(
  'ProductAssociation',
  closedObject(
    {
      id: integer(),
      type: { ...NamedReferenceSchema, description: 'The association type; `name` is its en_US name, left out when it has none.' },
      associatedProducts: arrayOf(NamedReferenceSchema, { minItems: 1, description: 'The products it names, by code; `name` is the en_US name, left out when there is none.' }),
    },
    { description: 'The products a product names under one association type (e.g. similar products).', example: mugProductExample.associations[0] },
  ),
);

export const ProductSchema = defineSchema(
  'Product',
  closedObject(
    {
      id: integer(),
      code: string(),
      variants: arrayOf(ProductVariantDetailSchema, { description: 'By position.' }),
      attributes: arrayOf(ProductAttributeValueSchema, { description: "By the attribute's position, then locale code." }),
      options: arrayOf(ProductOptionSchema, { description: 'By position.' }),
      associations: arrayOf(ProductAssociationSchema, { description: 'By association type code; at most one per type.' }),
      translations: keyedMap(
        closedObject(
          {
            locale: string(),
            id: integer(),
            name: string(),
            slug: string({ description: 'Unique among the products in its locale.' }),
            description: string(),
            metaKeywords: string(),
            metaDescription: string(),
            shortDescription: string(),
          },
          { optional: ['slug', 'description', 'metaKeywords', 'metaDescription', 'shortDescription'], description: 'A text the translation does not have is left out.' },
        ),
        'locale code',
      ),
      taxons: arrayOf(NamedReferenceSchema, { description: 'The taxons the product is directly assigned to.' }),
      mainTaxon: { ...NamedReferenceSchema, description: 'The main taxon; left out when it has none.' },
      channels: arrayOf(NamedReferenceSchema, { description: 'The channels the product is offered in, by id; left out when it is in none.' }),
      enabled: boolean(),
      averageRating: { type: 'number', minimum: 0, maximum: 5, description: 'The mean rating of the accepted reviews, to two decimals; 0 without any.' },
      createdAt: dateTime('When the product was created.'),
      updatedAt: dateTime('When the product was last changed.'),
      _links: closedObject({
        self: link(PRODUCT_HREF, '/api/v1/products/MUG'),
        variants: link(`^${VARIANTS_PATH}$`, '/api/v1/products/MUG/variants/'),
      }),
    },
    { optional: ['mainTaxon', 'channels'], description: 'A product with its variants, attribute values, options, associations, translations, taxons and channels.', example: mugProductExample },
  ),
);

const ProductListItemSchema = defineSchema(
  'ProductListItem',
  closedObject(
    {
      id: integer(),
      name: string({ description: 'The en_US name.' }),
      code: string(),
      options: arrayOf(ProductOptionSchema, { description: 'By position.' }),
      averageRating: { type: 'number', minimum: 0, maximum: 5, description: 'The mean rating of the accepted reviews, to two decimals; 0 without any.' },
      images: arrayOf(closedObject({ id: integer(), type: string(), path: string() }), { description: 'Always empty: products have no images here.' }),
      _links: selfLinks(PRODUCT_HREF, '/api/v1/products/TOTE_BAG'),
    },
    { description: 'A product in the product list.', example: productPageExample._embedded.items[1] },
  ),
);

export const PageOfProductListItemSchema = definePageSchema('ProductListItem', ProductListItemSchema, { pattern: '/api/v1/products/', example: '/api/v1/products/' }, productPageExample);

const ProductVariantListItemSchema = defineSchema(
  'ProductVariantListItem',
  closedObject(
    {
      id: integer(),
      code: string(),
      optionValues: arrayOf(ProductOptionValueSchema),
      position: integer({ minimum: 0, description: 'Position of the variant within its product, from 0.' }),
      translations: keyedMap(closedObject({ locale: string(), id: integer(), name: string() }), 'locale code'),
      version: integer({ minimum: 1 }),
      tracked: boolean({ description: 'Whether stock is tracked.' }),
      taxCategory: TaxCategorySchema,
      shippingCategory: ShippingCategorySchema,
      channelPricings: keyedMap(closedObject({ channelCode: string(), price: money('Unit price in that channel.') }), 'channel code'),
      _links: selfLinks(`^${VARIANTS_PATH}${SEGMENT}$`, '/api/v1/products/MUG/variants/MUG_SW'),
    },
    {
      optional: ['taxCategory', 'shippingCategory'],
      description: "A variant in its product's variant list (the variant itself adds its stock, dimensions and product link).",
      example: variantPageExample._embedded.items[0],
    },
  ),
);

export const PageOfProductVariantListItemSchema = definePageSchema(
  'ProductVariantListItem',
  ProductVariantListItemSchema,
  { pattern: VARIANTS_PATH, example: '/api/v1/products/MUG/variants/' },
  variantPageExample,
);

const TAXON_HREF = `^/api/v1/taxons/${SEGMENT}$`;

const TaxonReferenceSchema = defineSchema(
  'TaxonReference',
  closedObject(
    { id: integer(), code: string(), name: string(), _links: selfLinks(TAXON_HREF, '/api/v1/taxons/category') },
    { optional: ['name'], description: 'A taxon named by another (its root, parent or child); `name` (en_US) is left out when it has none.', example: tShirtsTaxonExample.root },
  ),
);

const taxonFields = {
  id: integer(),
  code: string(),
  root: TaxonReferenceSchema,
  parent: TaxonReferenceSchema,
  position: integer({ minimum: 0, description: 'Among the taxons of the same parent (or the roots), from 0: a new or moved taxon comes last.' }),
  translations: keyedMap(
    closedObject(
      { id: integer(), locale: string(), name: string(), slug: string(), description: string() },
      {
        optional: ['id', 'name', 'slug', 'description'],
        description: 'Its texts in one locale. A taxon always shows an en_US entry: without an en_US translation it holds only `locale` (and `name` for a taxon named before translations were stored).',
      },
    ),
    'locale code',
  ),
  name: string({ description: 'Its en_US name; left out when it has none.' }),
  images: arrayOf(closedObject({ id: integer(), type: string(), path: string() }), { description: 'Always empty: taxons have no images here.' }),
};

const TaxonListItemSchema = defineSchema(
  'TaxonListItem',
  closedObject(
    { ...taxonFields, _links: selfLinks(TAXON_HREF, '/api/v1/taxons/t_shirts') },
    { optional: ['root', 'parent', 'name'], description: 'A taxon in the taxon list; `root` and `parent` are left out for a root.', example: tShirtsTaxonExample },
  ),
);

export const TaxonSchema = defineSchema(
  'Taxon',
  closedObject(
    {
      ...taxonFields,
      children: arrayOf(TaxonReferenceSchema, { description: 'Its direct children, by position.' }),
      level: integer({ minimum: 0, description: 'Depth in its tree: 0 for a root.' }),
      _links: selfLinks(TAXON_HREF, '/api/v1/taxons/category'),
    },
    { optional: ['root', 'parent', 'name'], description: 'A taxon with its place in the tree and its children.', example: categoryTaxonExample },
  ),
);

export const PageOfTaxonListItemSchema = definePageSchema('TaxonListItem', TaxonListItemSchema, { pattern: '/api/v1/taxons/', example: '/api/v1/taxons/' }, taxonPageExample);
