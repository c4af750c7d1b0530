import { links } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import { serializeShippingCategory } from '../../shipping/categories/shipping-category.serializer';
import { serializeTaxCategory } from '../../taxation/tax-category.serializer';
import type { OptionValue, Variant } from '../queries/variant.read-model';

export function serializeOptionValue(row: OptionValue) {
  return {
    code: row.code,
    translations: keyedBy(row.translations, (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, value: t.value })),
  };
}

/**
 * The full variant form (every exposed field and link): the variant resource and the
 * variants embedded in a product. `descriptor` is "<name> (<code>)", or "(<code>)" when nothing has a name.
 */
export function serializeVariant(row: Variant) {
  return {
    descriptor: row.descriptorName === null ? `(${row.code})` : `${row.descriptorName} (${row.code})`,
    id: row.id,
    code: row.code,
    optionValues: row.optionValues.map(serializeOptionValue),
    position: row.position,
    translations: keyedBy(row.translations, (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, name: t.name })),
    version: row.version,
    onHold: row.onHold,
    onHand: row.onHand,
    tracked: row.tracked,
    ...(row.weight !== null && { weight: row.weight }),
    ...(row.width !== null && { width: row.width }),
    ...(row.height !== null && { height: row.height }),
    ...(row.depth !== null && { depth: row.depth }),
    ...(row.taxCategory !== null && { taxCategory: serializeTaxCategory(row.taxCategory) }),
    ...(row.shippingCategory !== null && { shippingCategory: serializeShippingCategory(row.shippingCategory) }),
    channelPricings: keyedBy(row.channelPricings, (p) => p.channelCode, (p) => ({ channelCode: p.channelCode, price: p.price })),
    _links: {
      self: { href: links.variant(row.productCode, row.code) },
      product: { href: links.product(row.productCode) },
    },
  };
}

/** A variant in its product's variant list: the stock counters, dimensions and the product link are left to the variant itself. */
export function serializeVariantListItem(row: Variant) {
  return {
    id: row.id,
    code: row.code,
    optionValues: row.optionValues.map(serializeOptionValue),
    position: row.position,
    translations: keyedBy(row.translations, (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, name: t.name })),
    version: row.version,
    tracked: row.tracked,
    ...(row.taxCategory !== null && { taxCategory: serializeTaxCategory(row.taxCategory) }),
    ...(row.shippingCategory !== null && { shippingCategory: serializeShippingCategory(row.shippingCategory) }),
    channelPricings: keyedBy(row.channelPricings, (p) => p.channelCode, (p) => ({ channelCode: p.channelCode, price: p.price })),
    _links: { self: { href: links.variant(row.productCode, row.code) } },
  };
}
