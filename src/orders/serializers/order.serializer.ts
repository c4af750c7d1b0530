import { serializeAdjustment } from './cart.serializer';
import { serializeChannelJson } from '../../channels/channel.serializer';
import { formatStoredDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import { serializeCustomerDetailJson } from '../../customers/customer.serializer';
import { serializePayment } from '../../payments/payment.serializer';
import { serializeShipment } from '../../shipping/shipment.serializer';
import { serializeListedOrderItem, serializeOrderItem } from './order-item.serializer';
import type { AddressJson, CouponJson, OrderRow } from '../queries/order-rows';

/**
 * The full order: every exposed field, as the customer-orders list and the order resource show it.
 * They differ only in the lines' variants: the list adds each variant's `descriptor`. Nulls are left
 * out; the order itself has no `_links`.
 */

export function serializeAddress(row: AddressJson) {
  return {
    id: row.id,
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

function serializeFullCoupon(row: CouponJson) {
  return {
    id: row.id,
    code: row.code,
    used: row.used,
    ...(row.usage_limit !== null && { usageLimit: row.usage_limit }),
    ...(row.expires_at !== null && { expiresAt: formatStoredDateTime(row.expires_at) }),
    createdAt: formatStoredDateTime(row.created_at),
    updatedAt: formatStoredDateTime(row.updated_at),
    ...(row.per_customer_usage_limit !== null && { perCustomerUsageLimit: row.per_customer_usage_limit }),
    _links: {
      ...selfLink(links.promotionCoupon(row.promotion_code, row.code)),
      promotion: { href: links.promotion(row.promotion_code) },
    },
  };
}

/** How each part of an order is shown: the full order and the checkout summary differ only there. */
export interface OrderPartSerializers<Item, Customer, Address, Payment, Shipment, Coupon> {
  item: (row: OrderRow['items'][number]) => Item;
  customer: (row: OrderRow['customer']) => Customer;
  address: (row: AddressJson) => Address;
  payment: (row: OrderRow['payments'][number]) => Payment;
  shipment: (row: OrderRow['shipments'][number]) => Shipment;
  coupon: (row: CouponJson) => Coupon;
}

/** The order's keys in the contract's order, each part shown by `parts`; nulls are left out. */
export function serializeOrderWith<Item, Customer, Address, Payment, Shipment, Coupon>(
  row: OrderRow,
  parts: OrderPartSerializers<Item, Customer, Address, Payment, Shipment, Coupon>,
) {
  return {
    id: row.id,
    ...(row.checkout_completed_at !== null && { checkoutCompletedAt: formatStoredDateTime(row.checkout_completed_at) }),
    ...(row.number !== null && { number: row.number }),
    items: row.items.map(parts.item),
    itemsTotal: row.items_total,
    adjustments: row.adjustments.map(serializeAdjustment),
    adjustmentsTotal: row.adjustments_total,
    total: row.total,
    state: row.state,
    customer: parts.customer(row.customer),
    channel: serializeChannelJson(row.channel),
    ...(row.shipping_address !== null && { shippingAddress: parts.address(row.shipping_address) }),
    ...(row.billing_address !== null && { billingAddress: parts.address(row.billing_address) }),
    payments: row.payments.map(parts.payment),
    shipments: row.shipments.map(parts.shipment),
    currencyCode: row.currency_code,
    localeCode: row.locale_code,
    ...(row.promotion_coupon !== null && { promotionCoupon: parts.coupon(row.promotion_coupon) }),
    checkoutState: row.checkout_state,
  };
}

const FULL_ORDER_PARTS = {
  item: serializeOrderItem,
  customer: serializeCustomerDetailJson,
  address: serializeAddress,
  payment: serializePayment,
  shipment: serializeShipment,
  coupon: serializeFullCoupon,
};

/** `GET /api/v1/orders/{id}`. */
export const serializeOrder = (row: OrderRow) => serializeOrderWith(row, FULL_ORDER_PARTS);

/** An order of `GET /api/v1/customers/{id}/orders/`. */
export const serializeCustomerOrder = (row: OrderRow) => serializeOrderWith(row, { ...FULL_ORDER_PARTS, item: serializeListedOrderItem });
