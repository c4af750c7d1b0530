import { serializeChannelReference } from '../../channels/channel.serializer';
import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import type { AdjustmentRow, CartItemRow, CartRow, UnitRow } from '../queries/cart-rows';

/**
 * Wire shapes of carts and their lines, built field by field in the contract's key order. Null values
 * are left out; empty keyed maps (translations, channel pricings) are `[]`.
 */

/** How the customer's account is shown: the detailed cart forms add `usernameCanonical`. */
export type CartView = 'detailed' | 'list';

export function serializeAdjustment(row: AdjustmentRow) {
  return { id: row.id, type: row.type, label: row.label, amount: row.amount };
}

function serializeUnit(row: UnitRow) {
  return { id: row.id, adjustments: row.adjustments.map(serializeAdjustment), adjustmentsTotal: row.adjustments_total };
}

function serializeCategory(id: number | null, code: string | null, name: string | null, href: (code: string) => string) {
  if (id === null || code === null) return null;
  return { id, code, ...(name !== null && { name }), _links: selfLink(href(code)) };
}

const serializeOptionValues = (row: CartItemRow) =>
  row.option_values.map((value) => ({
    code: value.code,
    translations: keyedBy(value.translations, (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, value: t.value })),
  }));

const serializeVariantTranslations = (row: CartItemRow) =>
  keyedBy(row.variant_translations, (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, name: t.name }));

const serializeChannelPricings = (row: CartItemRow) =>
  keyedBy(row.channel_pricings, (p) => p.channel_code, (p) => ({ channelCode: p.channel_code, price: p.price }));

function serializeVariant(row: CartItemRow) {
  const taxCategory = serializeCategory(row.tax_category_id, row.tax_category_code, row.tax_category_name, links.taxCategory);
  const shippingCategory = serializeCategory(row.shipping_category_id, row.shipping_category_code, row.shipping_category_name, links.shippingCategory);
  return {
    id: row.variant_id,
    code: row.variant_code,
    optionValues: serializeOptionValues(row),
    position: row.variant_position,
    translations: serializeVariantTranslations(row),
    version: row.variant_version,
    tracked: row.variant_tracked,
    ...(taxCategory !== null && { taxCategory }),
    ...(shippingCategory !== null && { shippingCategory }),
    channelPricings: serializeChannelPricings(row),
    _links: selfLink(links.variant(row.product_code, row.variant_code)),
  };
}

/** A cart line: the same shape in every cart context (show, list, add-item response). */
export function serializeCartItem(row: CartItemRow) {
  return serializeOrderLine(row, serializeVariant(row));
}

/** An order line around its variant, which carts and placed orders show in different detail. */
export function serializeOrderLine<V>(row: CartItemRow, variant: V) {
  return {
    id: row.id,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    total: row.total,
    units: row.units.map(serializeUnit),
    unitsTotal: row.units_total,
    adjustments: row.adjustments.map(serializeAdjustment),
    adjustmentsTotal: row.adjustments_total,
    variant,
    _links: {
      order: { href: links.order(row.order_id) },
      product: { href: links.product(row.product_code) },
      variant: { href: links.variant(row.product_code, row.variant_code) },
    },
  };
}

function serializeCartCustomer(row: CartRow, view: CartView) {
  const user =
    row.user_id === null
      ? null
      : view === 'detailed'
        ? { id: row.user_id, username: row.user_username, usernameCanonical: row.user_username_canonical, enabled: row.user_enabled }
        : { id: row.user_id, username: row.user_username, enabled: row.user_enabled };
  return {
    id: row.customer_id,
    email: row.customer_email,
    ...(row.customer_first_name !== null && { firstName: row.customer_first_name }),
    ...(row.customer_last_name !== null && { lastName: row.customer_last_name }),
    ...(user !== null && { user }),
    _links: selfLink(links.customer(row.customer_id)),
  };
}

function serializeCoupon(row: CartRow) {
  if (row.coupon_id === null || row.coupon_code === null || row.coupon_promotion_code === null) return null;
  const expiresAt = row.coupon_expires_at === null ? null : new Date(row.coupon_expires_at);
  return {
    id: row.coupon_id,
    code: row.coupon_code,
    used: row.coupon_used,
    ...(row.coupon_usage_limit !== null && { usageLimit: row.coupon_usage_limit }),
    ...(expiresAt !== null && { expiresAt: formatDateTime(expiresAt) }),
    _links: selfLink(links.promotionCoupon(row.coupon_promotion_code, row.coupon_code)),
  };
}

/** A cart: `detailed` for show and create, `list` inside the paginated list. */
export function serializeCart(row: CartRow, view: CartView) {
  const promotionCoupon = serializeCoupon(row);
  return {
    id: row.id,
    items: row.items.map(serializeCartItem),
    itemsTotal: row.items_total,
    adjustments: row.adjustments.map(serializeAdjustment),
    adjustmentsTotal: row.adjustments_total,
    total: row.total,
    customer: serializeCartCustomer(row, view),
    channel: serializeChannelReference({ id: row.channel_id, code: row.channel_code }),
    currencyCode: row.currency_code,
    localeCode: row.locale_code,
    ...(promotionCoupon !== null && { promotionCoupon }),
    checkoutState: row.checkout_state,
  };
}
