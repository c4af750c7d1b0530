import { links } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import { serializeShippingCategory } from '../../shipping/categories/shipping-category.serializer';
import { serializeTaxCategory } from '../../taxation/tax-category.serializer';
import type { OptionValueRow, VariantRow } from '../queries/catalog-rows';

export function serializeOptionValue(row: OptionValueRow) {
  return {
    code: row.code,
    translations: keyedBy(row.translations, (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, value: t.value })),
  };
}

/**
 * The full variant form (every exposed field and link): the variant resource, the variant list and the
 * variants embedded in a product. `descriptor` is "<name> (<code>)", or "(<code>)" when nothing has a name.
 */
export function serializeVariant(row: VariantRow) {
  return {
    descriptor: row.descriptor_name === null ? `(${row.code})` : `${row.descriptor_name} (${row.code})`,
    id: row.id,
    code: row.code,
    optionValues: row.option_values.map(serializeOptionValue),
    position: row.position,
    translations: keyedBy(row.translations, (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, name: t.name })),
    version: row.version,
    onHold: row.on_hold,
    onHand: row.on_hand,
    tracked: row.tracked,
    ...(row.weight !== null && { weight: row.weight }),
    ...(row.width !== null && { width: row.width }),
    ...(row.height !== null && { height: row.height }),
    ...(row.depth !== null && { depth: row.depth }),
    ...(row.tax_category !== null && { taxCategory: serializeTaxCategory(row.tax_category) }),
    ...(row.shipping_category !== null && { shippingCategory: serializeShippingCategory(row.shipping_category) }),
    channelPricings: keyedBy(row.channel_pricings, (p) => p.channel_code, (p) => ({ channelCode: p.channel_code, price: p.price })),
    _links: {
      self: { href: links.variant(row.product_code, row.code) },
      product: { href: links.product(row.product_code) },
    },
  };
}
