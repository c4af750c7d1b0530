import { serializeChannelJson } from '../../channels/channel.serializer';
import { formatStoredDateTime } from '../../common/datetime';
import { links } from '../../common/links';
import { keyedBy } from '../../common/serialization/keyed-by';
import { serializeCustomerDetailJson } from '../../customers/customer.serializer';
import { serializeOrderItem } from './order-item.serializer';
import { serializeAddress, serializeOrderWith } from './order.serializer';
import type { AddressJson, CouponJson, OrderItemRow, OrderRow } from '../queries/order-rows';
import type { PaymentJson } from '../../payments/queries/payment-sql';
import type { ShipmentJson } from '../../shipping/queries/shipment-sql';

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

/** The order's address without its id. */
function serializeSummaryAddress(row: AddressJson) {
  const { id: _id, ...address } = serializeAddress(row);
  return address;
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

const SUMMARY_PARTS = {
  item: serializeSummaryItem,
  customer: serializeSummaryCustomer,
  address: serializeSummaryAddress,
  payment: serializeSummaryPayment,
  shipment: serializeSummaryShipment,
  coupon: serializeSummaryCoupon,
};

export const serializeCheckoutSummary = (row: OrderRow) => serializeOrderWith(row, SUMMARY_PARTS);
