import { ChannelSchema } from '../channels/channels.openapi';
import { definePageSchema } from '../common/openapi/page-schema';
import { arrayOf, boolean, closedObject, dateTime, ID, integer, keyedMap, link, money, SEGMENT, selfLinks, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { cashOnDeliveryExample, paymentExample, paymentListItemExample, paymentsPageExample } from './payments.openapi-examples';

/** Wire shapes of payments and payment methods (see payment.serializer.ts). */

const PAYMENT_METHOD_HREF = `^/api/v1/payment-methods/${SEGMENT}$`;

const TRANSLATIONS = keyedMap(
  closedObject({ locale: string(), id: integer(), name: string(), description: string(), instructions: string() }, { optional: ['description', 'instructions'] }),
  'locale code',
);

const paymentLinks = () =>
  closedObject(
    {
      order: link(`^/api/v1/orders/${ID}$`, '/api/v1/orders/2'),
      self: link(`^/api/v1/payments/${ID}$`, '/api/v1/payments/1'),
      'payment-method': link(PAYMENT_METHOD_HREF, '/api/v1/payment-methods/cash_on_delivery'),
    },
    { optional: ['payment-method'], description: '`payment-method` only when the payment has a method.' },
  );

export const PaymentMethodSchema = defineSchema(
  'PaymentMethod',
  closedObject(
    {
      id: integer(),
      code: string(),
      position: integer({ minimum: 0, description: 'Sort position among payment methods.' }),
      createdAt: dateTime('When the method was created.'),
      updatedAt: dateTime('When the method was last changed.'),
      enabled: boolean(),
      translations: TRANSLATIONS,
      channels: arrayOf(ChannelSchema, { description: 'The channels the method is offered in, each in full.' }),
      _links: selfLinks(PAYMENT_METHOD_HREF, '/api/v1/payment-methods/cash_on_delivery'),
    },
    { description: 'A payment method with every exposed field.', example: cashOnDeliveryExample },
  ),
);

export const PaymentSchema = defineSchema(
  'Payment',
  closedObject(
    {
      id: integer(),
      method: PaymentMethodSchema,
      amount: money('Amount to pay, in the order currency (payments carry no currency of their own).'),
      state: string({ description: 'Payment state, e.g. `cart` while the order is a cart, then `new`, `completed`, `cancelled`.' }),
      _links: paymentLinks(),
    },
    { optional: ['method'], description: 'A payment of an order with its method in full (left out when it has none).', example: paymentExample },
  ),
);

export const PaymentMethodListItemSchema = defineSchema(
  'PaymentMethodListItem',
  closedObject(
    {
      id: integer(),
      code: string(),
      position: integer({ minimum: 0, description: 'Sort position among payment methods.' }),
      translations: TRANSLATIONS,
      _links: selfLinks(PAYMENT_METHOD_HREF, '/api/v1/payment-methods/cash_on_delivery'),
    },
    { description: 'A payment method as the payment list shows it: no dates, no channels.', example: paymentListItemExample.method },
  ),
);

const PaymentListItemSchema = defineSchema(
  'PaymentListItem',
  closedObject(
    {
      id: integer(),
      method: PaymentMethodListItemSchema,
      amount: money('Amount to pay, in the order currency.'),
      state: string({ description: 'Payment state: `new`, `completed`, `cancelled`… (never `cart` in the list).' }),
      _links: paymentLinks(),
    },
    { optional: ['method'], description: 'A payment in the payment list.', example: paymentListItemExample },
  ),
);

export const PageOfPaymentsSchema = definePageSchema('Payments', PaymentListItemSchema, { pattern: '/api/v1/payments/', example: '/api/v1/payments/' }, paymentsPageExample);
