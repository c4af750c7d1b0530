import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import type { ProductListItem } from '../queries/product-list.read-model';
import type { NamedReference, Product, ProductAssociation, ProductAttributeValueRow, ProductOption, ProductTranslationRow } from '../queries/product.read-model';
import { serializeOptionValue, serializeVariant } from './variant.serializer';

/** An option of a product with its values: in the product and in the product list. */
function serializeOption(row: ProductOption) {
  return { id: row.id, code: row.code, name: row.name, position: row.position, values: row.values.map(serializeOptionValue) };
}

/** An attribute value: `value` as the attribute's type stores it (a list of choice keys for a select). */
const serializeAttributeValue = (row: ProductAttributeValueRow) => ({ id: row.id, code: row.code, name: row.name, value: row.value, type: row.type, localeCode: row.localeCode });

const reference = (row: NamedReference) => ({ id: row.id, code: row.code, ...(row.name !== null && { name: row.name }) });

/** An association: its type and the products it names, as references (not whole products, which would nest without end). */
function serializeAssociation(row: ProductAssociation) {
  return { id: row.id, type: reference(row.type), associatedProducts: row.associatedProducts.map(reference) };
}

/** A translation keyed by its locale; texts it does not have are left out. */
function serializeTranslation(t: ProductTranslationRow) {
  return {
    locale: t.locale,
    id: t.id,
    name: t.name,
    ...(t.slug !== null && { slug: t.slug }),
    ...(t.description !== null && { description: t.description }),
    ...(t.metaKeywords !== null && { metaKeywords: t.metaKeywords }),
    ...(t.metaDescription !== null && { metaDescription: t.metaDescription }),
    ...(t.shortDescription !== null && { shortDescription: t.shortDescription }),
  };
}

/**
 * The detailed product: its variants in the full variant form (by position), its attribute values (by
 * the attribute's position, then locale), its options with their values, its associations (by type code,
 * the products of each by code), translations keyed by locale, directly assigned taxons, its main taxon and channels (left out when
 * it has none), and links to itself and its variant list.
 */
export function serializeProduct(row: Product) {
  return {
    id: row.id,
    code: row.code,
    variants: row.variants.map(serializeVariant),
    attributes: row.attributes.map(serializeAttributeValue),
    options: row.options.map(serializeOption),
    associations: row.associations.map(serializeAssociation),
    translations: keyedBy(row.translations, (t) => t.locale, serializeTranslation),
    taxons: row.taxons.map(reference),
    ...(row.mainTaxon !== null && { mainTaxon: reference(row.mainTaxon) }),
    ...(row.channels.length > 0 && { channels: row.channels.map(reference) }),
    enabled: row.enabled,
    averageRating: row.averageRating,
    createdAt: formatDateTime(row.createdAt),
    updatedAt: formatDateTime(row.updatedAt),
    _links: {
      self: { href: links.product(row.code) },
      variants: { href: links.productVariants(row.code) },
    },
  };
}

/**
 * A product in the product list: its en_US name, its options, the average rating of its accepted reviews,
 * and the images the list shape has (no product has images here, so none).
 */
export function serializeProductListItem(row: ProductListItem) {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    options: row.options.map(serializeOption),
    averageRating: row.averageRating,
    images: [],
    _links: selfLink(links.product(row.code)),
  };
}
