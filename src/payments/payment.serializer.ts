import { serializeChannelJson } from '../channels/channel.serializer';
import { formatStoredDateTime } from '../common/datetime';
import { keyedBy } from '../common/serialization/keyed-by';
import { links, selfLink } from '../common/links';
import type { PaymentJson, PaymentMethodJson } from './queries/payment-sql';

/** Every exposed field of a payment method, its channels in full. */
export function serializePaymentMethod(row: PaymentMethodJson) {
  return {
    id: row.id,
    code: row.code,
    position: row.position,
    createdAt: formatStoredDateTime(row.created_at),
    updatedAt: formatStoredDateTime(row.updated_at),
    enabled: row.enabled,
    translations: keyedBy(
      row.translations,
      (t) => t.locale,
      (t) => ({
        locale: t.locale,
        id: t.id,
        name: t.name,
        ...(t.description !== null && { description: t.description }),
        ...(t.instructions !== null && { instructions: t.instructions }),
      }),
    ),
    channels: row.channels.map(serializeChannelJson),
    _links: selfLink(links.paymentMethod(row.code)),
  };
}

/** A payment: no currency, links to its order, itself and (when it has one) its method. */
export function serializePayment(row: PaymentJson) {
  return {
    id: row.id,
    ...(row.method !== null && { method: serializePaymentMethod(row.method) }),
    amount: row.amount,
    state: row.state,
    _links: {
      order: { href: links.order(row.order_id) },
      self: { href: links.payment(row.id) },
      ...(row.method !== null && { 'payment-method': { href: links.paymentMethod(row.method.code) } }),
    },
  };
}
