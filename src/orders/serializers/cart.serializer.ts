import { serializeChannelReference } from '../../channels/channel.serializer';
import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import type { Cart } from '../queries/cart.read-model';
import type { Adjustment, CartItem, CartItemUnit } from '../queries/cart-item.read-model';

/**
 * Wire shapes of carts and their lines, built field by field in the contract's key order. Null values
 * are left out; empty keyed maps (translations, channel pricings) are `[]`.
 */

/** How the customer's account is shown: the detailed cart forms add `usernameCanonical`. */
export type CartView = 'detailed' | 'list';

export function serializeAdjustment(row: Adjustment) {
  return { id: row.id, type: row.type, label: row.label, amount: row.amount };
}

function serializeUnit(row: CartItemUnit) {
  return { id: row.id, adjustments: row.adjustments.map(serializeAdjustment), adjustmentsTotal: row.adjustmentsTotal };
}

function serializeCategory(id: number | null, code: string | null, name: string | null, href: (code: string) => string) {
  if (id === null || code === null) return null;
  return { id, code, ...(name !== null && { name }), _links: selfLink(href(code)) };
}

const serializeOptionValues = (row: CartItem) =>
  row.optionValues.map((value) => ({
    code: value.code,
    translations: keyedBy(value.translations, (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, value: t.value })),
  }));

const serializeVariantTranslations = (row: CartItem) =>
  keyedBy(row.variantTranslations, (t) => t.locale, (t) => ({ locale: t.locale, id: t.id, name: t.name }));

const serializeChannelPricings = (row: CartItem) =>
  keyedBy(row.channelPricings, (p) => p.channelCode, (p) => ({ channelCode: p.channelCode, price: p.price }));

function serializeVariant(row: CartItem) {
  const taxCategory = serializeCategory(row.taxCategoryId, row.taxCategoryCode, row.taxCategoryName, links.taxCategory);
  const shippingCategory = serializeCategory(row.shippingCategoryId, row.shippingCategoryCode, row.shippingCategoryName, links.shippingCategory);
  return {
    id: row.variantId,
    code: row.variantCode,
    optionValues: serializeOptionValues(row),
    position: row.variantPosition,
    translations: serializeVariantTranslations(row),
    version: row.variantVersion,
    tracked: row.variantTracked,
    ...(taxCategory !== null && { taxCategory }),
    ...(shippingCategory !== null && { shippingCategory }),
    channelPricings: serializeChannelPricings(row),
    _links: selfLink(links.variant(row.productCode, row.variantCode)),
  };
}

/** A cart line: the same shape in every cart context (show, list, add-item response). */
export function serializeCartItem(row: CartItem) {
  return serializeOrderLine(row, serializeVariant(row));
}

/** An order line around its variant, which carts and placed orders show in different detail. */
export function serializeOrderLine<V>(row: CartItem, variant: V) {
  return {
    id: row.id,
    quantity: row.quantity,
    unitPrice: row.unitPrice,
    total: row.total,
    units: row.units.map(serializeUnit),
    unitsTotal: row.unitsTotal,
    adjustments: row.adjustments.map(serializeAdjustment),
    adjustmentsTotal: row.adjustmentsTotal,
    variant,
    _links: {
      order: { href: links.order(row.orderId) },
      product: { href: links.product(row.productCode) },
      variant: { href: links.variant(row.productCode, row.variantCode) },
    },
  };
}

function serializeCartCustomer(row: Cart, view: CartView) {
  const user =
    row.userId === null
      ? null
      : view === 'detailed'
        ? { id: row.userId, username: row.userUsername, usernameCanonical: row.userUsernameCanonical, enabled: row.userEnabled }
        : { id: row.userId, username: row.userUsername, enabled: row.userEnabled };
  return {
    id: row.customerId,
    email: row.customerEmail,
    ...(row.customerFirstName !== null && { firstName: row.customerFirstName }),
    ...(row.customerLastName !== null && { lastName: row.customerLastName }),
    ...(user !== null && { user }),
    _links: selfLink(links.customer(row.customerId)),
  };
}

function serializeCoupon(row: Cart) {
  if (row.couponId === null || row.couponCode === null || row.couponPromotionCode === null) return null;
    return {
    id: row.couponId,
    code: row.couponCode,
    used: row.couponUsed,
    ...(row.couponUsageLimit !== null && { usageLimit: row.couponUsageLimit }),
    ...(row.couponExpiresAt !== null && { expiresAt: formatDateTime(row.couponExpiresAt) }),
    _links: selfLink(links.promotionCoupon(row.couponPromotionCode, row.couponCode)),
  };
}

/** A cart: `detailed` for show and create, `list` inside the paginated list. */
export function serializeCart(row: Cart, view: CartView) {
  const promotionCoupon = serializeCoupon(row);
  return {
    id: row.id,
    items: row.items.map(serializeCartItem),
    itemsTotal: row.itemsTotal,
    adjustments: row.adjustments.map(serializeAdjustment),
    adjustmentsTotal: row.adjustmentsTotal,
    total: row.total,
    customer: serializeCartCustomer(row, view),
    channel: serializeChannelReference({ id: row.channelId, code: row.channelCode }),
    currencyCode: row.currencyCode,
    localeCode: row.localeCode,
    ...(promotionCoupon !== null && { promotionCoupon }),
    checkoutState: row.checkoutState,
  };
}
