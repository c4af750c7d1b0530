import { channelRow, serializeChannelJson } from '../channels/channel.serializer';
import { formatStoredDateTime } from '../common/datetime';
import { keyedBy } from '../common/serialization/keyed-by';
import { links, selfLink } from '../common/links';
import type { PaymentMethod } from './entities/payment-method.entity';
import type { Payment } from './entities/payment.entity';
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

/** A payment method loaded with its translations and channels (each ordered by id), in the form the serializer reads. */
export const paymentMethodRow = (method: PaymentMethod): PaymentMethodJson => ({
  id: method.id,
  code: method.code,
  position: method.position,
  created_at: method.createdAt,
  updated_at: method.updatedAt,
  enabled: method.enabled,
  translations: method.translations.getItems().map((t) => ({
    id: t.id,
    locale: t.locale,
    name: t.name,
    description: t.description,
    instructions: t.instructions,
  })),
  channels: method.channels.getItems().map(channelRow),
});

/** A payment loaded with its method (see paymentMethodRow), in the form the serializer reads. */
export const paymentRow = (payment: Payment): PaymentJson => ({
  id: payment.id,
  order_id: payment.order.id,
  amount: payment.amount,
  state: payment.state,
  method: payment.method === null ? null : paymentMethodRow(payment.method),
});
