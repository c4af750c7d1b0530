import type { ProcessedCart } from './cart-transaction';
import type { AdjustmentRow, CartItemRow, CartItemVariantRow } from './queries/cart-rows';

/**
 * One line of a cart just processed, exactly as CART_ITEM_SELECT would read it back, built from what the
 * processing loaded (unit ids) and stored (totals, adjustments with their new ids) plus the variant's
 * columns: the response to adding an item needs no re-read.
 */
export function processedCartLine(cart: ProcessedCart, itemId: number, variant: CartItemVariantRow): CartItemRow {
  const item = cart.result.items.find((candidate) => candidate.key === itemId);
  if (item === undefined) throw new Error(`Cart line ${itemId} was not processed`);
  const owned = new Map<string, AdjustmentRow[]>();
  for (const { id, owner, ownerId, adjustment } of cart.adjustments) {
    const key = `${owner}:${ownerId}`;
    const list = owned.get(key) ?? [];
    list.push({ id, type: adjustment.type, label: adjustment.label, amount: adjustment.amount });
    owned.set(key, list);
  }
  // Like the read, every list is in id order.
  const adjustmentsOf = (owner: 'order_item_id' | 'order_item_unit_id', ownerId: number): AdjustmentRow[] =>
    (owned.get(`${owner}:${ownerId}`) ?? []).sort((a, b) => a.id - b.id);
  // Unit ids were loaded in id order, the order of the read, and the engine's units follow them.
  const unitIds = cart.order.unitIds.get(itemId) ?? [];

  return {
    id: itemId,
    order_id: cart.order.orderId,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    units_total: item.unitsTotal,
    adjustments_total: item.adjustmentsTotal,
    total: item.total,
    units: unitIds.map((id, index) => ({
      id,
      adjustments_total: item.units[index].adjustmentsTotal,
      adjustments: adjustmentsOf('order_item_unit_id', id),
    })),
    adjustments: adjustmentsOf('order_item_id', itemId),
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
