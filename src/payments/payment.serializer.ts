import { serializeChannelDetail } from '../channels/channel.serializer';
import { formatDateTime } from '../common/datetime';
import { keyedBy } from '../common/serialization/keyed-by';
import { links, selfLink } from '../common/links';
import type { PaymentMethod } from './entities/payment-method.entity';
import type { Payment } from './entities/payment.entity';
import type { PaymentDetail, PaymentMethodDetail, PaymentMethodTranslationDetail } from './queries/payment.read-model';

const serializeTranslations = (translations: readonly PaymentMethodTranslationDetail[]) =>
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
export function serializePaymentMethod(row: PaymentMethodDetail) {
  return {
    id: row.id,
    code: row.code,
    position: row.position,
    createdAt: formatDateTime(row.createdAt),
    updatedAt: formatDateTime(row.updatedAt),
    enabled: row.enabled,
    translations: serializeTranslations(row.translations),
    channels: row.channels.map(serializeChannelDetail),
    _links: selfLink(links.paymentMethod(row.code)),
  };
}

/** A payment: no currency, links to its order, itself and (when it has one) its method. */
export function serializePayment(row: PaymentDetail) {
  return {
    id: row.id,
    ...(row.method !== null && { method: serializePaymentMethod(row.method) }),
    amount: row.amount,
    state: row.state,
    _links: paymentLinks(row.id, row.orderId, row.method?.code ?? null),
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
    ...(method !== null && { method: serializePaymentMethodListItem(method) }),
    amount: payment.amount,
    state: payment.state,
    _links: paymentLinks(payment.id, payment.order.id, method?.code ?? null),
  };
}

/** A payment method as its list (and the payment list) shows it: no dates, no channels; translations loaded, by id. */
export function serializePaymentMethodListItem(method: PaymentMethod) {
  return {
    id: method.id,
    code: method.code,
    position: method.position,
    translations: serializeTranslations(method.translations.getItems()),
    _links: selfLink(links.paymentMethod(method.code)),
  };
}
