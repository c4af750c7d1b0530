import { serializeAdjustment } from '../carts/cart.serializer';
import { serializeChannelJson } from '../channels/channel.serializer';
import { formatStoredDateTime } from '../common/datetime';
import { links } from '../common/links';
import { keyedBy } from '../common/serialization/keyed-by';
import { serializeCustomerDetailJson } from '../customers/customer.serializer';
import { serializeOrderItem } from '../orders/order-item.serializer';
import type { AddressJson, CouponJson, OrderItemRow, OrderRow } from '../orders/queries/order-rows';
import type { PaymentJson } from '../payments/queries/payment-sql';
import type { ShipmentJson } from '../shipping/queries/shipment-sql';

/**
 * The checkout summary: the order's keys in the order of the full order, but only what the reference
 * shows in its detailed-only context. Addresses lose their id; payments and shipments their links; a
 * shipping method is `{code, enabled}`; a payment method keeps no links and its translations are empty
 * objects; a variant links only to its product and its categories have no links; the coupon links only
 * to its promotion; customer groups are empty objects.
 */

const withoutLinks = <T extends { _links: unknown }>({ _links, ...rest }: T): Omit<T, '_links'> => rest;

function serializeSummaryItem(row: OrderItemRow) {
  const item = serializeOrderItem(row);
  const variant = item.variant;
  return {
    ...item,
    variant: {
      ...variant,
      ...(variant.taxCategory !== undefined && { taxCategory: withoutLinks(variant.taxCategory) }),
      ...(variant.shippingCategory !== undefined && { shippingCategory: withoutLinks(variant.shippingCategory) }),
      _links: { product: variant._links.product },
    },
  };
}

function serializeSummaryCustomer(row: OrderRow['customer']) {
  const customer = serializeCustomerDetailJson(row);
  return { ...customer, ...(customer.group !== undefined && { group: customer.group.map(() => ({})) }) };
}

function serializeSummaryAddress(row: AddressJson) {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    ...(row.phone_number !== null && { phoneNumber: row.phone_number }),
    countryCode: row.country_code,
    ...(row.province_code !== null && { provinceCode: row.province_code }),
    ...(row.province_name !== null && { provinceName: row.province_name }),
    street: row.street,
    city: row.city,
    postcode: row.postcode,
  };
}

function serializeSummaryPayment(row: PaymentJson) {
  const method = row.method;
  return {
    id: row.id,
    ...(method !== null && {
      method: {
        id: method.id,
        code: method.code,
        position: method.position,
        createdAt: formatStoredDateTime(method.created_at),
        updatedAt: formatStoredDateTime(method.updated_at),
        enabled: method.enabled,
        translations: keyedBy(method.translations, (translation) => translation.locale, () => ({})),
        channels: method.channels.map(serializeChannelJson),
      },
    }),
    amount: row.amount,
    state: row.state,
  };
}

const serializeSummaryShipment = (row: ShipmentJson) => ({
  id: row.id,
  state: row.state,
  method: { code: row.method.code, enabled: row.method.enabled },
  ...(row.tracking !== null && { tracking: row.tracking }),
});

const serializeSummaryCoupon = (row: CouponJson) => ({
  id: row.id,
  code: row.code,
  ...(row.usage_limit !== null && { usageLimit: row.usage_limit }),
  used: row.used,
  ...(row.expires_at !== null && { expiresAt: formatStoredDateTime(row.expires_at) }),
  createdAt: formatStoredDateTime(row.created_at),
  updatedAt: formatStoredDateTime(row.updated_at),
  ...(row.per_customer_usage_limit !== null && { perCustomerUsageLimit: row.per_customer_usage_limit }),
  _links: { promotion: { href: links.promotion(row.promotion_code) } },
});

export function serializeCheckoutSummary(row: OrderRow) {
  return {
    id: row.id,
    ...(row.checkout_completed_at !== null && { checkoutCompletedAt: formatStoredDateTime(row.checkout_completed_at) }),
    ...(row.number !== null && { number: row.number }),
    items: row.items.map(serializeSummaryItem),
    itemsTotal: row.items_total,
    adjustments: row.adjustments.map(serializeAdjustment),
    adjustmentsTotal: row.adjustments_total,
    total: row.total,
    state: row.state,
    customer: serializeSummaryCustomer(row.customer),
    channel: serializeChannelJson(row.channel),
    ...(row.shipping_address !== null && { shippingAddress: serializeSummaryAddress(row.shipping_address) }),
    ...(row.billing_address !== null && { billingAddress: serializeSummaryAddress(row.billing_address) }),
    payments: row.payments.map(serializeSummaryPayment),
    shipments: row.shipments.map(serializeSummaryShipment),
    currencyCode: row.currency_code,
    localeCode: row.locale_code,
    ...(row.promotion_coupon !== null && { promotionCoupon: serializeSummaryCoupon(row.promotion_coupon) }),
    checkoutState: row.checkout_state,
  };
}
