import { ChannelReferenceSchema } from '../../channels/channels.openapi';
import { definePageSchema } from '../../common/openapi/page-schema';
import { badRequest } from '../../common/openapi/responses';
import {
  arrayOf,
  boolean,
  closedObject,
  dateTime,
  ID,
  integer,
  keyedMap,
  link,
  money,
  SEGMENT,
  selfLinks,
  string,
} from '../../common/openapi/schema-builders';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { defineSchema } from '../../common/openapi/schema-registry';
import { CreateCartForm, UpdateCartForm } from './forms/cart.forms';
import { addedCartItemExample, cartPageExample, cartWithCouponExample, mugVariantExample, newCartExample } from './carts.openapi-examples';

/** Wire shapes of carts and their lines (see cart.serializer.ts), shared with every order context. */

const PRODUCT_HREF = `^/api/v1/products/${SEGMENT}$`;
const VARIANT_HREF = `^/api/v1/products/${SEGMENT}/variants/${SEGMENT}$`;
const CUSTOMER_HREF = `^/api/v1/customers/${ID}$`;

export const AdjustmentSchema = defineSchema(
  'Adjustment',
  closedObject(
    {
      id: integer(),
      type: string({
        enum: ['order_promotion', 'order_item_promotion', 'order_unit_promotion', 'order_shipping_promotion', 'shipping', 'tax'],
      }),
      label: string({ description: 'Display label, e.g. the promotion or tax rate name.' }),
      amount: money('Signed amount; promotions are negative.'),
    },
    { description: 'A charge or discount on an order, a line or a unit.', example: { id: 32, type: 'shipping', label: 'UPS', amount: 500 } },
  ),
);

export const CartItemUnitSchema = defineSchema(
  'CartItemUnit',
  closedObject(
    { id: integer(), adjustments: arrayOf(AdjustmentSchema), adjustmentsTotal: money('Sum of the unit\'s adjustments.') },
    { description: 'One piece of a line: there is one unit per quantity.', example: addedCartItemExample.units[0] },
  ),
);

const category = (kind: string, path: string) =>
  closedObject(
    { id: integer(), code: string(), name: string(), _links: selfLinks(`^/api/v1/${path}/${SEGMENT}$`, `/api/v1/${path}/std`) },
    { optional: ['name'], description: `The variant's ${kind}.` },
  );

const VariantSchema = defineSchema(
  'CartVariant',
  closedObject(
    {
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
      tracked: boolean({ description: 'Whether stock is tracked (then a line may hold at most on hand − on hold).' }),
      taxCategory: category('tax category', 'tax-categories'),
      shippingCategory: category('shipping category', 'shipping-categories'),
      channelPricings: keyedMap(closedObject({ channelCode: string(), price: money('Unit price in that channel.') }), 'channel code'),
      _links: selfLinks(VARIANT_HREF, '/api/v1/products/MUG/variants/MUG_SW'),
    },
    { optional: ['taxCategory', 'shippingCategory'], description: 'The product variant of a cart line.', example: mugVariantExample },
  ),
);

export const CartItemSchema = defineSchema(
  'CartItem',
  closedObject(
    {
      id: integer(),
      quantity: integer({ minimum: 1, maximum: 9999 }),
      unitPrice: money('Price of one unit in the cart\'s channel.'),
      total: money('unitsTotal + adjustmentsTotal.'),
      units: arrayOf(CartItemUnitSchema),
      unitsTotal: money('Sum of the units: unit price plus the unit\'s adjustments, each.'),
      adjustments: arrayOf(AdjustmentSchema),
      adjustmentsTotal: money('Sum of the line\'s own adjustments.'),
      variant: VariantSchema,
      _links: closedObject({
        order: link(`^/api/v1/orders/${ID}$`, '/api/v1/orders/5'),
        product: link(PRODUCT_HREF, '/api/v1/products/MUG'),
        variant: link(VARIANT_HREF, '/api/v1/products/MUG/variants/MUG_SW'),
      }),
    },
    { description: 'A line of a cart.', example: addedCartItemExample },
  ),
);

const cartCustomer = (name: string, user: Record<string, ReturnType<typeof integer>>, description: string) =>
  defineSchema(
    name,
    closedObject(
      {
        id: integer(),
        email: string(),
        firstName: string(),
        lastName: string(),
        user: closedObject(user, { description: 'The shop account, when the customer has one.' }),
        _links: selfLinks(CUSTOMER_HREF, '/api/v1/customers/2'),
      },
      { optional: ['firstName', 'lastName', 'user'], description },
    ),
  );

export const CartCustomerSchema = cartCustomer(
  'CartCustomer',
  { id: integer(), username: string(), usernameCanonical: string(), enabled: boolean() },
  'The customer of a single cart.',
);
export const CartListCustomerSchema = cartCustomer('CartListCustomer', { id: integer(), username: string(), enabled: boolean() }, 'The customer of a cart in a list.');

export const CartCouponSchema = defineSchema(
  'CartPromotionCoupon',
  closedObject(
    {
      id: integer(),
      code: string(),
      used: integer({ minimum: 0, description: 'How many times the coupon has been used.' }),
      usageLimit: integer({ minimum: 0 }),
      expiresAt: dateTime('When the coupon expires.'),
      _links: selfLinks(`^/api/v1/promotions/${SEGMENT}/coupons/${SEGMENT}$`, '/api/v1/promotions/ten_percent_coupon/coupons/SAVE10'),
    },
    { optional: ['usageLimit', 'expiresAt'], description: 'The coupon applied to the cart.', example: cartWithCouponExample.promotionCoupon },
  ),
);

const cart = (customer: typeof CartCustomerSchema, description: string, example: unknown) =>
  closedObject(
    {
      id: integer(),
      items: arrayOf(CartItemSchema),
      itemsTotal: money('Sum of the line totals.'),
      adjustments: arrayOf(AdjustmentSchema),
      adjustmentsTotal: money('Sum of the cart-level adjustments (shipping, order taxes).'),
      total: money('itemsTotal + adjustmentsTotal.'),
      customer,
      channel: ChannelReferenceSchema,
      currencyCode: string({ description: "The channel's base currency." }),
      localeCode: string(),
      promotionCoupon: CartCouponSchema,
      checkoutState: string({ enum: ['cart'] }),
    },
    { optional: ['promotionCoupon'], description, example },
  );

export const CartSchema = defineSchema('Cart', cart(CartCustomerSchema, 'A cart (an order whose checkout state is `cart`).', cartWithCouponExample));
const CartListItemSchema = defineSchema(
  'CartListItem',
  cart(CartListCustomerSchema, 'A cart as listed: the customer\'s account shows `enabled` instead of `usernameCanonical`.', cartPageExample._embedded.items[0]),
);

export const PageOfCartsSchema = definePageSchema('Carts', CartListItemSchema, { pattern: '/api/v1/carts/', example: '/api/v1/carts/' }, cartPageExample);

export const CreateCartRequestSchema = requestSchemaFor(CreateCartForm, 'CreateCartRequest', {
  example: { customer: 'oliver.queen@star-city.com', localeCode: 'en_US', channel: 'WEB' },
  properties: {
    customer: { description: 'Email of an existing customer (case-insensitive).', example: 'oliver.queen@star-city.com' },
    localeCode: { description: "One of the channel's locales.", example: 'en_US' },
    channel: { description: 'Code of an enabled channel.', example: 'WEB' },
  },
});

export const UpdateCartRequestSchema = requestSchemaFor(UpdateCartForm, 'UpdateCartRequest', {
  example: { promotionCoupon: 'SAVE10' },
  properties: { promotionCoupon: { description: 'Code of a coupon to apply; null or empty removes the coupon.', example: 'SAVE10' } },
});

export { newCartExample };

/** A change the order processing cannot price rolls back: 400 with the reason. */
export const cartNotPriceable = () => badRequest('The shop cannot price the cart after the change (e.g. a channel price or shipping amount is missing); the message says why.');
