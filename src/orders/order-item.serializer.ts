import {
  serializeChannelPricings,
  serializeOptionValues,
  serializeOrderLine,
  serializeVariantTranslations,
} from '../carts/cart.serializer';
import { serializeShippingCategory } from '../shipping/categories/shipping-category.serializer';
import { serializeTaxCategory } from '../taxation/tax-category.serializer';
import { links } from '../common/links';
import type { OrderItemRow } from './queries/order-rows';

/** A category from the line's flat columns, or null when the variant has none. */
function categoryColumns(id: number | null, code: string | null, name: string | null, description: string | null, createdAt: string | null, updatedAt: string | null) {
  if (id === null || code === null || name === null || createdAt === null || updatedAt === null) return null;
  return { id, code, name, description, created_at: createdAt, updated_at: updatedAt };
}

/** `<name> (<code>)`, where the name is the variant's (else its product's); just `(<code>)` without any. */
const descriptor = (row: OrderItemRow): string => `${row.variant_descriptor_name ?? ''} (${row.variant_code})`.trim();

/** The variant with every exposed field, as placed orders show it. */
export function serializeFullVariant(row: OrderItemRow) {
  const taxCategoryRow = categoryColumns(
    row.tax_category_id, row.tax_category_code, row.tax_category_name,
    row.tax_category_description, row.tax_category_created_at, row.tax_category_updated_at,
  );
  const taxCategory = taxCategoryRow === null ? null : serializeTaxCategory(taxCategoryRow);
  const shippingCategoryRow = categoryColumns(
    row.shipping_category_id, row.shipping_category_code, row.shipping_category_name,
    row.shipping_category_description, row.shipping_category_created_at, row.shipping_category_updated_at,
  );
  const shippingCategory = shippingCategoryRow === null ? null : serializeShippingCategory(shippingCategoryRow);
  return {
    descriptor: descriptor(row),
    id: row.variant_id,
    code: row.variant_code,
    optionValues: serializeOptionValues(row),
    position: row.variant_position,
    translations: serializeVariantTranslations(row),
    version: row.variant_version,
    onHold: row.variant_on_hold,
    onHand: row.variant_on_hand,
    tracked: row.variant_tracked,
    ...(row.variant_weight !== null && { weight: row.variant_weight }),
    ...(row.variant_width !== null && { width: row.variant_width }),
    ...(row.variant_height !== null && { height: row.variant_height }),
    ...(row.variant_depth !== null && { depth: row.variant_depth }),
    ...(taxCategory !== null && { taxCategory }),
    ...(shippingCategory !== null && { shippingCategory }),
    channelPricings: serializeChannelPricings(row),
    _links: {
      self: { href: links.variant(row.product_code, row.variant_code) },
      product: { href: links.product(row.product_code) },
    },
  };
}

/** An order line with its variant in full. */
export const serializeOrderItem = (row: OrderItemRow) => serializeOrderLine(row, serializeFullVariant(row));
