import type { SchemaObject } from '@nestjs/swagger';
import { AdjustmentSchema, CartCouponSchema, CartItemSchema, CartItemUnitSchema, CartListCustomerSchema } from './carts.openapi';
import { ChannelReferenceSchema } from '../../channels/channels.openapi';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { ShipForm } from './forms/ship.form';
import { ChannelSchema } from '../../channels/channels.openapi';
import { definePageSchema } from '../../common/openapi/page-schema';
import { arrayOf, boolean, closedObject, dateTime, ID, integer, keyedMap, link, money, SEGMENT, selfLinks, string, type Schema } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { CustomerSchema } from '../../customers/customers.openapi';
import { PaymentSchema } from '../../payments/payments.openapi';
import { ShipmentSchema } from '../../shipping/shipping.openapi';
import { customerOrdersPageExample, orderPageExample, placedOrderExample } from './orders.openapi-examples';

/** Wire shapes of orders in their full form (see order.serializer.ts and order-item.serializer.ts). */

const PRODUCT_HREF = `^/api/v1/products/${SEGMENT}$`;
const VARIANT_HREF = `^/api/v1/products/${SEGMENT}/variants/${SEGMENT}$`;
const placedLine = placedOrderExample.items[0];
const listedLine = customerOrdersPageExample._embedded.items[0].items[0];

const fullCategory = (kind: string, path: string) =>
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      description: string(),
      createdAt: dateTime(`When the ${kind} was created.`),
      updatedAt: dateTime(`When the ${kind} was last changed.`),
      _links: selfLinks(`^/api/v1/${path}/${SEGMENT}$`, `/api/v1/${path}/std`),
    },
    { optional: ['description'], description: `The variant's ${kind} with every exposed field.` },
  );

const dimension = (name: string): SchemaObject => ({ type: 'number', description: `The variant's ${name}, when set.` });

/**
 * The fields of an order line's variant, in the contract's key order: the full order and the checkout
 * summary differ only in how its categories and its links are shown.
 */
export const orderVariantProperties = (category: (kind: string, path: string) => Schema, links: Schema): Record<string, Schema> => ({
  id: integer(),
  code: string(),
  optionValues: arrayOf(
    closedObject({
      code: string(),
      translations: keyedMap(closedObject({ locale: string(), id: integer(), value: string() }), 'locale code'),
    }),
  ),
  position: integer({ minimum: 0, description: 'Position of the variant within its product, from 0.' }),
  translations: keyedMap(closedObject({ locale: string(), id: integer(), name: string() }), 'locale code'),
  version: integer({ minimum: 1 }),
  onHold: integer({ description: 'Units held by placed orders.' }),
  onHand: integer({ description: 'Units in stock.' }),
  tracked: boolean({ description: 'Whether stock is tracked.' }),
  weight: dimension('weight'),
  width: dimension('width'),
  height: dimension('height'),
  depth: dimension('depth'),
  taxCategory: category('tax category', 'tax-categories'),
  shippingCategory: category('shipping category', 'shipping-categories'),
  channelPricings: keyedMap(closedObject({ channelCode: string(), price: money('Unit price in that channel.') }), 'channel code'),
  _links: links,
});

/** The variant fields a variant may lack. */
export const ORDER_VARIANT_OPTIONAL = ['weight', 'width', 'height', 'depth', 'taxCategory', 'shippingCategory'];

const fullVariantProperties = orderVariantProperties(
  fullCategory,
  closedObject({ self: link(VARIANT_HREF, '/api/v1/products/MUG/variants/MUG_SW'), product: link(PRODUCT_HREF, '/api/v1/products/MUG') }),
);

const OrderVariantSchema = defineSchema(
  'OrderVariant',
  closedObject(fullVariantProperties, {
    optional: ORDER_VARIANT_OPTIONAL,
    description: 'The product variant of an order line, with every exposed field.',
    example: placedLine.variant,
  }),
);

/** The customer-orders list shows each variant with its descriptor first. */
const CustomerOrderVariantSchema = defineSchema(
  'CustomerOrderVariant',
  closedObject(
    {
      descriptor: string({ description: '`<name> (<code>)`: the variant name in the order locale (else another translation, else the product name), then the code.' }),
      ...fullVariantProperties,
    },
    {
      optional: ORDER_VARIANT_OPTIONAL,
      description: 'The product variant of an order line in the customer-orders list: every exposed field and its descriptor.',
      example: listedLine.variant,
    },
  ),
);

/** The fields of an order line, in the contract's key order, with `variant` as the variant is shown. */
export const orderItemProperties = (variant: Schema): Record<string, Schema> => ({
  id: integer(),
  quantity: integer({ minimum: 1 }),
  unitPrice: money("Price of one unit in the order's channel."),
  total: money('unitsTotal + adjustmentsTotal.'),
  units: arrayOf(CartItemUnitSchema),
  unitsTotal: money("Sum of the units: unit price plus the unit's adjustments, each."),
  adjustments: arrayOf(AdjustmentSchema),
  adjustmentsTotal: money("Sum of the line's own adjustments."),
  variant,
  _links: closedObject({
    order: link(`^/api/v1/orders/${ID}$`, '/api/v1/orders/2'),
    product: link(PRODUCT_HREF, '/api/v1/products/MUG'),
    variant: link(VARIANT_HREF, '/api/v1/products/MUG/variants/MUG_SW'),
  }),
});

const OrderItemSchema = defineSchema(
  'OrderItem',
  closedObject(orderItemProperties(OrderVariantSchema), { description: 'A line of an order, its variant in full.', example: placedLine }),
);

const CustomerOrderItemSchema = defineSchema(
  'CustomerOrderItem',
  closedObject(orderItemProperties(CustomerOrderVariantSchema), { description: 'A line of an order in the customer-orders list.', example: listedLine }),
);

const OrderAddressSchema = defineSchema(
  'OrderAddress',
  closedObject(
    {
      id: integer(),
      firstName: string(),
      lastName: string(),
      phoneNumber: string(),
      countryCode: string({ description: 'ISO 3166-1 alpha-2 country code.' }),
      provinceCode: string(),
      provinceName: string(),
      street: string(),
      city: string(),
      postcode: string(),
    },
    { optional: ['phoneNumber', 'provinceCode', 'provinceName'], description: 'A shipping or billing address of an order.', example: placedOrderExample.shippingAddress },
  ),
);

const OrderPromotionCouponSchema = defineSchema(
  'OrderPromotionCoupon',
  closedObject(
    {
      id: integer(),
      code: string(),
      used: integer({ minimum: 0, description: 'How many times the coupon has been used.' }),
      usageLimit: integer({ minimum: 0 }),
      expiresAt: dateTime('When the coupon expires.'),
      createdAt: dateTime('When the coupon was created.'),
      updatedAt: dateTime('When the coupon was last changed.'),
      perCustomerUsageLimit: integer({ minimum: 0 }),
      _links: closedObject({
        self: link(`^/api/v1/promotions/${SEGMENT}/coupons/${SEGMENT}$`, '/api/v1/promotions/ten_percent_coupon/coupons/SAVE10'),
        promotion: link(`^/api/v1/promotions/${SEGMENT}$`, '/api/v1/promotions/ten_percent_coupon'),
      }),
    },
    {
      optional: ['usageLimit', 'expiresAt', 'perCustomerUsageLimit'],
      description: 'The coupon applied to the order, with every exposed field.',
      example: placedOrderExample.promotionCoupon,
    },
  ),
);

/** The order's fields, in the contract's key order, with its lines as `item` shows them. */
const orderProperties = (item: Schema): Record<string, Schema> => ({
  id: integer(),
  checkoutCompletedAt: dateTime('When the checkout was completed; left out for carts.'),
  number: string({ description: 'Order number, assigned when the checkout is completed.' }),
  items: arrayOf(item),
  itemsTotal: money('Sum of the line totals.'),
  adjustments: arrayOf(AdjustmentSchema),
  adjustmentsTotal: money('Sum of the order-level adjustments (shipping, order promotions, order taxes).'),
  total: money('itemsTotal + adjustmentsTotal.'),
  state: string({ description: 'Order state: `cart`, `new`, `cancelled` or `fulfilled`.' }),
  customer: CustomerSchema,
  channel: ChannelSchema,
  shippingAddress: OrderAddressSchema,
  billingAddress: OrderAddressSchema,
  payments: arrayOf(PaymentSchema),
  shipments: arrayOf(ShipmentSchema),
  currencyCode: string({ description: "The channel's base currency." }),
  localeCode: string(),
  promotionCoupon: OrderPromotionCouponSchema,
  checkoutState: string({ description: 'Checkout state: `cart`, `addressed`, `shipping_selected`, `payment_selected` or `completed`, among others.' }),
});

const ORDER_OPTIONAL = ['checkoutCompletedAt', 'number', 'shippingAddress', 'billingAddress', 'promotionCoupon'];

export const OrderSchema = defineSchema(
  'Order',
  closedObject(orderProperties(OrderItemSchema), {
    optional: ORDER_OPTIONAL,
    description: 'An order (a cart too) with every exposed field; it has no `_links` of its own.',
    example: placedOrderExample,
  }),
);

const CustomerOrderSchema = defineSchema(
  'CustomerOrder',
  closedObject(orderProperties(CustomerOrderItemSchema), {
    optional: ORDER_OPTIONAL,
    description: "An order (a cart too) in the customer's list: every exposed field, each line's variant with its descriptor.",
    example: customerOrdersPageExample._embedded.items[0],
  }),
);

export const PageOfCustomerOrdersSchema = definePageSchema(
  'CustomerOrders',
  CustomerOrderSchema,
  { pattern: `/api/v1/customers/${ID}/orders/`, example: '/api/v1/customers/1/orders/' },
  customerOrdersPageExample,
);

/** A placed order in the list: the cart-list shape, with the checkout state the order reached. */
const OrderListItemSchema = defineSchema(
  'OrderListItem',
  closedObject(
    {
      id: integer(),
      items: arrayOf(CartItemSchema),
      itemsTotal: money('Sum of the line totals.'),
      adjustments: arrayOf(AdjustmentSchema),
      adjustmentsTotal: money('Sum of the order-level adjustments (shipping, order promotions, order taxes).'),
      total: money('itemsTotal + adjustmentsTotal.'),
      customer: CartListCustomerSchema,
      channel: ChannelReferenceSchema,
      currencyCode: string({ description: "The channel's base currency." }),
      localeCode: string(),
      promotionCoupon: CartCouponSchema,
      checkoutState: string({ description: 'Checkout state; `completed` for an order placed through checkout.' }),
    },
    {
      optional: ['promotionCoupon'],
      description: 'A placed order as listed: no state, number, addresses, payments or shipments.',
      example: orderPageExample._embedded.items[0],
    },
  ),
);

export const PageOfOrdersSchema = definePageSchema('Orders', OrderListItemSchema, { pattern: '/api/v1/orders/', example: '/api/v1/orders/' }, orderPageExample);

export const ShipRequestSchema = requestSchemaFor(ShipForm, 'ShipRequest', {
  example: { tracking: 'BANANAS' },
  properties: { tracking: { description: 'Tracking code of the parcel; left out, null or empty it is stored as null.', example: 'BANANAS' } },
});
