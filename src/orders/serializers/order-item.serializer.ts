import { serializeOrderLine } from './cart.serializer';
import type { VariantRow } from '../../catalog/queries/catalog-rows';
import { serializeVariant } from '../../catalog/serializers/variant.serializer';
import type { OrderItemRow } from '../queries/order-rows';

/** A category from the line's flat columns, or null when the variant has none. */
function categoryColumns(id: number | null, code: string | null, name: string | null, description: string | null, createdAt: string | null, updatedAt: string | null) {
  if (id === null || code === null || name === null || createdAt === null || updatedAt === null) return null;
  return { id, code, name, description, created_at: createdAt, updated_at: updatedAt };
}

/**
 * The descriptor's name: the variant's (else its product's) without leading blanks; null when there is
 * none or it is blank, so the descriptor is just `(<code>)`.
 */
const descriptorName = (name: string | null): string | null => (name === null || name.trim() === '' ? null : name.trimStart());

/** The line's variant as the catalog's full variant row, so the one catalog serializer shapes it. */
function variantRow(row: OrderItemRow): VariantRow {
  return {
    id: row.variant_id,
    code: row.variant_code,
    product_code: row.product_code,
    descriptor_name: descriptorName(row.variant_descriptor_name),
    position: row.variant_position,
    version: row.variant_version,
    on_hold: row.variant_on_hold,
    on_hand: row.variant_on_hand,
    tracked: row.variant_tracked,
    weight: row.variant_weight,
    width: row.variant_width,
    height: row.variant_height,
    depth: row.variant_depth,
    option_values: row.option_values,
    translations: row.variant_translations,
    channel_pricings: row.channel_pricings,
    tax_category: categoryColumns(
      row.tax_category_id, row.tax_category_code, row.tax_category_name,
      row.tax_category_description, row.tax_category_created_at, row.tax_category_updated_at,
    ),
    shipping_category: categoryColumns(
      row.shipping_category_id, row.shipping_category_code, row.shipping_category_name,
      row.shipping_category_description, row.shipping_category_created_at, row.shipping_category_updated_at,
    ),
  };
}

/** An order line with its variant in full, `descriptor` included: the customer-orders list shows it so. */
export const serializeListedOrderItem = (row: OrderItemRow) => serializeOrderLine(row, serializeVariant(variantRow(row)));

/**
 * An order line as the order resource and the checkout summary show it: the variant in full but
 * without `descriptor`, which only the autocomplete context adds.
 */
export function serializeOrderItem(row: OrderItemRow) {
  const { descriptor: _descriptor, ...variant } = serializeVariant(variantRow(row));
  return serializeOrderLine(row, variant);
}
