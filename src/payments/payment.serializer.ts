import { channelRow, serializeChannelJson } from '../channels/channel.serializer';
import { formatStoredDateTime } from '../common/datetime';
import { keyedBy } from '../common/serialization/keyed-by';
import { links, selfLink } from '../common/links';
import type { PaymentMethodTranslation } from './entities/payment-method-translation.entity';
import type { PaymentMethod } from './entities/payment-method.entity';
import type { Payment } from './entities/payment.entity';
import type { PaymentJson, PaymentMethodJson, PaymentMethodTranslationJson } from './queries/payment-sql';

const serializeTranslations = (translations: readonly PaymentMethodTranslationJson[]) =>
  keyedBy(
    translations,
    (t) => t.locale,
    (t) => ({
      locale: t.locale,
      id: t.id,
      name: t.name,
      ...(t.description !== null && { description: t.description }),
      ...(t.instructions !== null && { instructions: t.instructions }),
    }),
  );

const paymentLinks = (id: number, orderId: number, methodCode: string | null) => ({
  order: { href: links.order(orderId) },
  self: { href: links.payment(id) },
  ...(methodCode !== null && { 'payment-method': { href: links.paymentMethod(methodCode) } }),
});

/** Every exposed field of a payment method, its channels in full. */
export function serializePaymentMethod(row: PaymentMethodJson) {
  return {
    id: row.id,
    code: row.code,
    position: row.position,
    createdAt: formatStoredDateTime(row.created_at),
    updatedAt: formatStoredDateTime(row.updated_at),
    enabled: row.enabled,
    translations: serializeTranslations(row.translations),
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
    _links: paymentLinks(row.id, row.order_id, row.method?.code ?? null),
  };
}

/**
 * A payment as the payment list shows it: its method only by id, code, position and translations
 * (no dates, no channels). Reads a payment loaded with its method's translations (ordered by id).
 */
export function serializePaymentListItem(payment: Payment) {
  const method = payment.method;
  return {
    id: payment.id,
    ...(method !== null && {
      method: {
        id: method.id,
        code: method.code,
        position: method.position,
        translations: serializeTranslations(method.translations.getItems().map(translationRow)),
        _links: selfLink(links.paymentMethod(method.code)),
      },
    }),
    amount: payment.amount,
    state: payment.state,
    _links: paymentLinks(payment.id, payment.order.id, method?.code ?? null),
  };
}

const translationRow = (t: PaymentMethodTranslation): PaymentMethodTranslationJson => ({
  id: t.id,
  locale: t.locale,
  name: t.name,
  description: t.description,
  instructions: t.instructions,
});

/** A payment method loaded with its translations and channels (each ordered by id), in the form the serializer reads. */
export const paymentMethodRow = (method: PaymentMethod): PaymentMethodJson => ({
  id: method.id,
  code: method.code,
  position: method.position,
  created_at: method.createdAt,
  updated_at: method.updatedAt,
  enabled: method.enabled,
  translations: method.translations.getItems().map(translationRow),
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
