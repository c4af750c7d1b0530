import type { AdjustmentOwner } from '../pricing/apply-engine-result';
import type { OrderItem } from '../domain/order-item.entity';
import type { ProcessedCart } from '../commands/cart-transaction';
import type { AdjustmentRow, CartItemRow, CartItemVariantRow } from '../queries/cart-rows';

/**
 * One line of a cart just processed, exactly as CART_ITEM_SELECT would read it back, built from what the
 * processing loaded and flushed (units, totals, adjustments with their ids) plus the variant's
 * columns: the response to adding an item needs no re-read.
 */
export function processedCartLine(cart: ProcessedCart, line: OrderItem, variant: CartItemVariantRow): CartItemRow {
  const key = cart.order.graph.items.indexOf(line);
  const item = cart.result.items.find((candidate) => candidate.key === key);
  if (item === undefined) throw new Error(`Cart line ${line.id} was not processed`);
  // Like the read, every list is in id order.
  const adjustmentsOf = (owner: AdjustmentOwner): AdjustmentRow[] =>
    (cart.adjustments.get(owner) ?? []).map(({ id, type, label, amount }) => ({ id, type, label, amount })).sort((a, b) => a.id - b.id);
  const units = cart.order.graph.units.get(line) ?? [];

  return {
    id: line.id,
    order_id: cart.order.graph.order.id,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    units_total: item.unitsTotal,
    adjustments_total: item.adjustmentsTotal,
    total: item.total,
    units: units.map((unit, index) => ({
      id: unit.id,
      adjustments_total: item.units[index].adjustmentsTotal,
      adjustments: adjustmentsOf(unit),
    })),
    adjustments: adjustmentsOf(line),
    variant_id: variant.variant_id,
    variant_code: variant.variant_code,
    variant_position: variant.variant_position,
    variant_version: variant.variant_version,
    variant_tracked: variant.variant_tracked,
    product_code: variant.product_code,
    tax_category_id: variant.tax_category_id,
    tax_category_code: variant.tax_category_code,
    tax_category_name: variant.tax_category_name,
    shipping_category_id: variant.shipping_category_id,
    shipping_category_code: variant.shipping_category_code,
    shipping_category_name: variant.shipping_category_name,
    variant_translations: variant.variant_translations,
    option_values: variant.option_values,
    channel_pricings: variant.channel_pricings,
  };
}
