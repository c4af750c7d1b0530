import type { SchemaObject } from '@nestjs/swagger';
import { AdjustmentSchema } from './carts.openapi';
import { ChannelSchema } from '../../channels/channels.openapi';
import { requestSchemaFor, type RequestSchemaOptions } from '../../common/openapi/request-schema';
import { errorBody } from '../../common/openapi/error-schemas';
import { badRequest, type ResponseSpec } from '../../common/openapi/responses';
import { arrayOf, boolean, closedObject, dateTime, ID, integer, keyedMap, link, money, SEGMENT, string, type Schema } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { GENDERS } from '../../customers/forms/customer.form';
import { ORDER_VARIANT_OPTIONAL, orderItemProperties, orderVariantProperties } from './orders.openapi';
import type { CheckoutTransition } from '../domain/state-machines/checkout-state-machine';
import { AddressForm, AddressingForm } from './forms/addressing.form';
import { CompletionForm } from './forms/completion.form';
import { PaymentSelectionForm, ShippingSelectionForm } from './forms/method-selection.forms';

/** Wire shapes of the checkout steps (see checkout-summary.serializer.ts and services/checkouts.service.ts). */

const PRODUCT_HREF = `^/api/v1/products/${SEGMENT}$`;

const category = (kind: string) =>
  closedObject(
    { id: integer(), code: string(), name: string(), description: string(), createdAt: dateTime(`When the ${kind} was created.`), updatedAt: dateTime(`When the ${kind} was last changed.`) },
    { optional: ['description'], description: `The variant's ${kind}, without links.` },
  );

const SummaryVariantSchema = defineSchema(
  'CheckoutVariant',
  closedObject(orderVariantProperties(category, closedObject({ product: link(PRODUCT_HREF, '/api/v1/products/MUG') })), {
    optional: ORDER_VARIANT_OPTIONAL,
    description: 'The variant of an order line in the checkout summary: it links only to its product.',
  }),
);

const SummaryItemSchema = defineSchema(
  'CheckoutItem',
  closedObject(orderItemProperties(SummaryVariantSchema), { description: 'A line of the order in the checkout summary.' }),
);

const SummaryCustomerSchema = defineSchema(
  'CheckoutCustomer',
  closedObject(
    {
      id: integer(),
      email: string(),
      emailCanonical: string(),
      firstName: string(),
      lastName: string(),
      birthday: dateTime('Midnight UTC of the birthday.'),
      gender: string({ enum: [...GENDERS] }),
      group: arrayOf(closedObject({}), { minItems: 1, description: 'One empty object per customer group (the summary shows none of their fields).' }),
      user: closedObject({ id: integer(), username: string(), usernameCanonical: string(), roles: arrayOf(string()), enabled: boolean() }),
      _links: closedObject({ self: link(`^/api/v1/customers/${ID}$`, '/api/v1/customers/1') }),
    },
    { optional: ['firstName', 'lastName', 'birthday', 'group', 'user'], description: 'The customer of the order.' },
  ),
);

const SummaryAddressSchema = defineSchema(
  'CheckoutAddress',
  closedObject(
    {
      firstName: string(),
      lastName: string(),
      phoneNumber: string(),
      countryCode: string(),
      provinceCode: string(),
      provinceName: string(),
      street: string(),
      city: string(),
      postcode: string(),
    },
    { optional: ['phoneNumber', 'provinceCode', 'provinceName'], description: 'An address of the order, without its id.' },
  ),
);

const SummaryPaymentSchema = defineSchema(
  'CheckoutPayment',
  closedObject(
    {
      id: integer(),
      method: closedObject({
        id: integer(),
        code: string(),
        position: integer({ minimum: 0 }),
        createdAt: dateTime('When the method was created.'),
        updatedAt: dateTime('When the method was last changed.'),
        enabled: boolean(),
        translations: keyedMap(closedObject({}), 'locale code'),
        channels: arrayOf(ChannelSchema),
      }),
      amount: money('Amount to pay.'),
      state: string(),
    },
    { optional: ['method'], description: 'A payment of the order, without links; its method shows one empty object per translation.' },
  ),
);

const SummaryShipmentSchema = defineSchema(
  'CheckoutShipment',
  closedObject(
    { id: integer(), state: string(), method: closedObject({ code: string(), enabled: boolean() }), tracking: string() },
    { optional: ['tracking'], description: 'A shipment of the order, without links; its method is only `{code, enabled}`.' },
  ),
);

const SummaryCouponSchema = defineSchema(
  'CheckoutPromotionCoupon',
  closedObject(
    {
      id: integer(),
      code: string(),
      usageLimit: integer({ minimum: 0 }),
      used: integer({ minimum: 0 }),
      expiresAt: dateTime('When the coupon expires.'),
      createdAt: dateTime('When the coupon was created.'),
      updatedAt: dateTime('When the coupon was last changed.'),
      perCustomerUsageLimit: integer({ minimum: 0 }),
      _links: closedObject({ promotion: link(`^/api/v1/promotions/${SEGMENT}$`, '/api/v1/promotions/ten_off') }),
    },
    { optional: ['usageLimit', 'expiresAt', 'perCustomerUsageLimit'], description: 'The coupon of the order; it links only to its promotion.' },
  ),
);

export const CheckoutSummarySchema = defineSchema(
  'CheckoutSummary',
  closedObject(
    {
      id: integer(),
      checkoutCompletedAt: dateTime('When the checkout was completed.'),
      number: string(),
      items: arrayOf(SummaryItemSchema),
      itemsTotal: money('Sum of the line totals.'),
      adjustments: arrayOf(AdjustmentSchema),
      adjustmentsTotal: money('Sum of the order-level adjustments.'),
      total: money('itemsTotal + adjustmentsTotal.'),
      state: string({ description: 'Order state: `cart`, `new`, `cancelled` or `fulfilled`.' }),
      customer: SummaryCustomerSchema,
      channel: ChannelSchema,
      shippingAddress: SummaryAddressSchema,
      billingAddress: SummaryAddressSchema,
      payments: arrayOf(SummaryPaymentSchema),
      shipments: arrayOf(SummaryShipmentSchema),
      currencyCode: string(),
      localeCode: string(),
      promotionCoupon: SummaryCouponSchema,
      checkoutState: string({ enum: ['cart', 'addressed', 'shipping_selected', 'shipping_skipped', 'payment_skipped', 'payment_selected', 'completed'] }),
    },
    {
      optional: ['checkoutCompletedAt', 'number', 'shippingAddress', 'billingAddress', 'promotionCoupon'],
      description: 'The order as the checkout shows it: the keys of the full order, with less detail inside.',
    },
  ),
);

/** `{<list>: [{methods: [...]}]}` per shipment or payment, or `[]` when the order has none. */
const methodChoices = (name: string, list: string, method: SchemaObject, description: string): Schema =>
  defineSchema(name, {
    description,
    oneOf: [closedObject({ [list]: arrayOf(closedObject({ methods: arrayOf(method) })) }), { type: 'array', maxItems: 0, items: {} }],
  });

export const ShippingChoicesSchema = methodChoices(
  'CheckoutShippingMethods',
  'shipments',
  closedObject({ id: integer(), code: string(), name: string(), description: string(), price: money('What the method charges for this shipment.') }, { optional: ['description'] }),
  'One entry per shipment of the cart with the methods it may use, by position; `[]` when the cart has no shipment.',
);

export const PaymentChoicesSchema = methodChoices(
  'CheckoutPaymentMethods',
  'payments',
  closedObject({ id: integer(), code: string(), name: string(), description: string() }, { optional: ['description'] }),
  "One entry per payment of the cart with the channel's enabled payment methods, by position; `[]` when the cart has no payment.",
);

/** A validation tree node: own messages, then children (an object, or an array for lists and choices). */
const node = (children?: Schema): SchemaObject =>
  closedObject({ errors: arrayOf(string(), { minItems: 1 }), ...(children !== undefined && { children }) }, { optional: ['errors'] });

const field = (): SchemaObject => node();

const addressNode = (): SchemaObject =>
  node(
    closedObject(
      {
        firstName: field(), lastName: field(), phoneNumber: field(), company: field(), countryCode: field(),
        street: field(), city: field(), postcode: field(), provinceCode: field(), provinceName: field(),
      },
      { optional: ['provinceCode', 'provinceName'] },
    ),
  );

const validationError = (name: string, root: SchemaObject, example: unknown): ResponseSpec => ({
  status: 400,
  description: 'The form is invalid; each field lists its violations.',
  schema: defineSchema(name, closedObject({ code: integer({ enum: [400] }), message: string({ enum: ['Validation Failed'] }), errors: root })),
  examples: { validationFailed: { summary: 'An invalid form', value: example } },
});

const methodListNode = (list: string) => node(closedObject({ [list]: node(arrayOf(node(closedObject({ method: node(arrayOf(field())) })))) }));

export const addressingInvalid = (example: unknown) =>
  validationError('AddressingValidationError', node(closedObject({ shippingAddress: addressNode(), billingAddress: addressNode(), differentBillingAddress: field() })), example);
export const shippingSelectionInvalid = (example: unknown) => validationError('ShippingSelectionValidationError', methodListNode('shipments'), example);
export const paymentSelectionInvalid = (example: unknown) => validationError('PaymentSelectionValidationError', methodListNode('payments'), example);
export const completionInvalid = (example: unknown) => validationError('CheckoutCompletionValidationError', node(closedObject({ notes: field() })), example);

const STATES = 'cart|addressed|shipping_selected|shipping_skipped|payment_skipped|payment_selected|completed';

/** 409: the step's transition does not apply in the order's checkout state. */
export const wrongCheckoutState = (transition: CheckoutTransition): ResponseSpec => ({
  status: 409,
  description: `The checkout cannot take the \`${transition}\` transition in its current state (e.g. a placed order).`,
  schema: errorBody(409, [], {
    pattern: `^Transition "${transition}" cannot be applied on state "(${STATES})" of object "Sylius\\\\Component\\\\Core\\\\Model\\\\Order" with graph "sylius_order_checkout"$`,
  }),
});

export const orderNotPriceable = () => badRequest('The shop cannot price the order (e.g. a channel price or shipping amount is missing); the message says why.');

/** Request bodies, read from the forms; a text's `maxLength` is that of the column the form stores it in or looks it up by. */
const addressRequest: RequestSchemaOptions = {
  properties: {
    countryCode: { description: 'Code of an enabled country.' },
    provinceCode: { description: 'For a country with provinces.' },
    provinceName: { description: 'For a country without provinces.' },
  },
};

export const AddressingRequestSchema = requestSchemaFor(
  AddressingForm,
  'AddressingRequest',
  {
    // Each address may be left out (billing then copies shipping, or is reported blank).
    required: [],
    properties: { differentBillingAddress: { replace: true, ...boolean({ nullable: true, description: 'Unless true, the billing address is a copy of the shipping address.' }) } },
    nested: { shippingAddress: addressRequest, billingAddress: addressRequest },
  },
  { shippingAddress: AddressForm, billingAddress: AddressForm },
);

/** Whether an entry needs a method depends on the order and the verb; a method that is sent must be a code. */
const methodListRequest = (form: abstract new () => unknown, name: string, list: string, description: string) =>
  requestSchemaFor(form, name, { required: [], nested: { [list]: { required: ['method'], properties: { method: { description } } } } });

export const ShippingSelectionRequestSchema = methodListRequest(
  ShippingSelectionForm, 'ShippingSelectionRequest', 'shipments', 'Code of a shipping method the shipment may use; entry n is the n-th shipment.',
);
export const PaymentSelectionRequestSchema = methodListRequest(
  PaymentSelectionForm, 'PaymentSelectionRequest', 'payments', 'Code of an enabled payment method of the channel; entry n is the n-th open payment.',
);
export const CompletionRequestSchema = requestSchemaFor(CompletionForm, 'CheckoutCompletionRequest', { properties: { notes: { description: 'Any length.' } } });
