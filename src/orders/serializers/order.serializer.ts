import { serializeAdjustment } from './cart.serializer';
import { serializeChannelDetail } from '../../channels/channel.serializer';
import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import { serializeCustomerDetail } from '../../customers/customer.serializer';
import { serializePayment } from '../../payments/payment.serializer';
import { serializeShipment } from '../../shipping/shipment.serializer';
import { serializeListedOrderItem, serializeOrderItem } from './order-item.serializer';
import type { Order, OrderAddress, OrderCoupon } from '../queries/order.read-model';

/**
 * The full order: every exposed field, as the customer-orders list and the order resource show it.
 * They differ only in the lines' variants: the list adds each variant's `descriptor`. Nulls are left
 * out; the order itself has no `_links`.
 */

export function serializeAddress(row: OrderAddress) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    ...(row.phoneNumber !== null && { phoneNumber: row.phoneNumber }),
    countryCode: row.countryCode,
    ...(row.provinceCode !== null && { provinceCode: row.provinceCode }),
    ...(row.provinceName !== null && { provinceName: row.provinceName }),
    street: row.street,
    city: row.city,
    postcode: row.postcode,
  };
}

function serializeFullCoupon(row: OrderCoupon) {
  return {
    id: row.id,
    code: row.code,
    used: row.used,
    ...(row.usageLimit !== null && { usageLimit: row.usageLimit }),
    ...(row.expiresAt !== null && { expiresAt: formatDateTime(row.expiresAt) }),
    createdAt: formatDateTime(row.createdAt),
    updatedAt: formatDateTime(row.updatedAt),
    ...(row.perCustomerUsageLimit !== null && { perCustomerUsageLimit: row.perCustomerUsageLimit }),
    _links: {
      ...selfLink(links.promotionCoupon(row.promotionCode, row.code)),
      promotion: { href: links.promotion(row.promotionCode) },
    },
  };
}

/** How each part of an order is shown: the full order and the checkout summary differ only there. */
export interface OrderPartSerializers<Item, Customer, Address, Payment, Shipment, Coupon> {
  item: (row: Order['items'][number]) => Item;
  customer: (row: Order['customer']) => Customer;
  address: (row: OrderAddress) => Address;
  payment: (row: Order['payments'][number]) => Payment;
  shipment: (row: Order['shipments'][number]) => Shipment;
  coupon: (row: OrderCoupon) => Coupon;
}

/** The order's keys in the contract's order, each part shown by `parts`; nulls are left out. */
export function serializeOrderWith<Item, Customer, Address, Payment, Shipment, Coupon>(
  row: Order,
  parts: OrderPartSerializers<Item, Customer, Address, Payment, Shipment, Coupon>,
) {
  return {
    id: row.id,
    ...(row.checkoutCompletedAt !== null && { checkoutCompletedAt: formatDateTime(row.checkoutCompletedAt) }),
    ...(row.number !== null && { number: row.number }),
    items: row.items.map(parts.item),
    itemsTotal: row.itemsTotal,
    adjustments: row.adjustments.map(serializeAdjustment),
    adjustmentsTotal: row.adjustmentsTotal,
    total: row.total,
    state: row.state,
    customer: parts.customer(row.customer),
    channel: serializeChannelDetail(row.channel),
    ...(row.shippingAddress !== null && { shippingAddress: parts.address(row.shippingAddress) }),
    ...(row.billingAddress !== null && { billingAddress: parts.address(row.billingAddress) }),
    payments: row.payments.map(parts.payment),
    shipments: row.shipments.map(parts.shipment),
    currencyCode: row.currencyCode,
    localeCode: row.localeCode,
    ...(row.promotionCoupon !== null && { promotionCoupon: parts.coupon(row.promotionCoupon) }),
    checkoutState: row.checkoutState,
  };
}

const FULL_ORDER_PARTS = {
  item: serializeOrderItem,
  customer: serializeCustomerDetail,
  address: serializeAddress,
  payment: serializePayment,
  shipment: serializeShipment,
  coupon: serializeFullCoupon,
};

/** `GET /api/v1/orders/{id}`. */
export const serializeOrder = (row: Order) => serializeOrderWith(row, FULL_ORDER_PARTS);

/** An order of `GET /api/v1/customers/{id}/orders/`. */
export const serializeCustomerOrder = (row: Order) => serializeOrderWith(row, { ...FULL_ORDER_PARTS, item: serializeListedOrderItem });
