import { serializeChannelDetail } from '../../channels/channel.serializer';
import { formatDateTime } from '../../common/datetime';
import { links } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import { serializeCustomerDetail } from '../../customers/customer.serializer';
import { serializeOrderItem } from './order-item.serializer';
import { serializeAddress, serializeOrderWith } from './order.serializer';
import type { Order, OrderAddress, OrderCoupon, OrderItem } from '../queries/order.read-model';
import type { PaymentDetail } from '../../payments/queries/payment.read-model';
import type { ShipmentDetail } from '../../shipping/queries/shipment.read-model';

/**
 * The checkout summary: the order's keys in the order of the full order, but only what the reference
 * shows in its detailed-only context. Addresses lose their id; payments and shipments their links; a
 * shipping method is `{code, enabled}`; a payment method keeps no links and its translations are empty
 * objects; a variant links only to its product and its categories have no links; the coupon links only
 * to its promotion; customer groups are empty objects.
 */

const withoutLinks = <T extends { _links: unknown }>({ _links, ...rest }: T): Omit<T, '_links'> => rest;

function serializeSummaryItem(row: OrderItem) {
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

function serializeSummaryCustomer(row: Order['customer']) {
  const customer = serializeCustomerDetail(row);
  return { ...customer, ...(customer.group !== undefined && { group: customer.group.map(() => ({})) }) };
}

/** The order's address without its id. */
function serializeSummaryAddress(row: OrderAddress) {
  const { id: _id, ...address } = serializeAddress(row);
  return address;
}

function serializeSummaryPayment(row: PaymentDetail) {
  const method = row.method;
  return {
    id: row.id,
    ...(method !== null && {
      method: {
        id: method.id,
        code: method.code,
        position: method.position,
        createdAt: formatDateTime(method.createdAt),
        updatedAt: formatDateTime(method.updatedAt),
        enabled: method.enabled,
        translations: keyedBy(method.translations, (translation) => translation.locale, () => ({})),
        channels: method.channels.map(serializeChannelDetail),
      },
    }),
    amount: row.amount,
    state: row.state,
  };
}

const serializeSummaryShipment = (row: ShipmentDetail) => ({
  id: row.id,
  state: row.state,
  method: { code: row.method.code, enabled: row.method.enabled },
  ...(row.tracking !== null && { tracking: row.tracking }),
});

const serializeSummaryCoupon = (row: OrderCoupon) => ({
  id: row.id,
  code: row.code,
  ...(row.usageLimit !== null && { usageLimit: row.usageLimit }),
  used: row.used,
  ...(row.expiresAt !== null && { expiresAt: formatDateTime(row.expiresAt) }),
  createdAt: formatDateTime(row.createdAt),
  updatedAt: formatDateTime(row.updatedAt),
  ...(row.perCustomerUsageLimit !== null && { perCustomerUsageLimit: row.perCustomerUsageLimit }),
  _links: { promotion: { href: links.promotion(row.promotionCode) } },
});

const SUMMARY_PARTS = {
  item: serializeSummaryItem,
  customer: serializeSummaryCustomer,
  address: serializeSummaryAddress,
  payment: serializeSummaryPayment,
  shipment: serializeSummaryShipment,
  coupon: serializeSummaryCoupon,
};

export const serializeCheckoutSummary = (row: Order) => serializeOrderWith(row, SUMMARY_PARTS);
