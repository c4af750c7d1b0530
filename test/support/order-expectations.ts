import type { IdMap } from '../../src/fixtures';
import { idOf, sql, storedAdjustments, unitIds } from './cart-expectations';
import type { TestApp } from './test-app';

/**
 * The full order shapes of ORDERS_SHOP_YAML, written out literally with the ids and timestamps that
 * only the database knows looked up, so whole bodies (key order included) can be compared.
 */

/** `YYYY-MM-DDThh:mm:ss+0000` of a stored timestamp. */
export function stamp(value: string | Date): string {
  const iso = new Date(value).toISOString();
  return `${iso.slice(0, 10)}T${iso.slice(11, 19)}+0000`;
}

async function timestamps(t: TestApp, table: string, code: string): Promise<{ createdAt: string; updatedAt: string }> {
  const [row] = await sql<{ created_at: string; updated_at: string }>(t, `select created_at, updated_at from ${table} where code = ?`, [code]);
  return { createdAt: stamp(row.created_at), updatedAt: stamp(row.updated_at) };
}

const ids = async (t: TestApp, query: string, params: unknown[]): Promise<number[]> =>
  (await sql<{ id: number }>(t, query, params)).map((row) => row.id);

type Adjustment = [type: string, label: string, amount: number];

/** Adjustments with the given type, label and amount, and the ids the database gave them (by id). */
async function adjustments(t: TestApp, owner: 'order' | 'unit', ownerId: number, expected: Adjustment[]) {
  const found = await ids(t, `select id from ${storedAdjustments(owner)} where owner_id = ? order by id`, [ownerId]);
  if (found.length !== expected.length) throw new Error(`${owner} ${ownerId} has ${found.length} adjustments, expected ${expected.length}`);
  return expected.map(([type, label, amount], index) => ({ id: found[index], type, label, amount }));
}

async function webChannel(t: TestApp) {
  return {
    id: await idOf(t, `select id from channel where code = 'WEB'`, []),
    code: 'WEB',
    name: 'Web Channel',
    description: 'Lorem ipsum',
    hostname: 'localhost',
    color: 'black',
    ...(await timestamps(t, 'channel', 'WEB')),
    enabled: true,
    taxCalculationStrategy: 'order_items_based',
    _links: { self: { href: '/api/v1/channels/WEB' } },
  };
}

export async function euChannel(t: TestApp) {
  return {
    id: await idOf(t, `select id from channel where code = 'EU_WEB'`, []),
    code: 'EU_WEB',
    name: 'European Web Store',
    ...(await timestamps(t, 'channel', 'EU_WEB')),
    enabled: true,
    taxCalculationStrategy: 'order_item_units_based',
    _links: { self: { href: '/api/v1/channels/EU_WEB' } },
  };
}

async function oliverInFull(t: TestApp, idMap: IdMap) {
  const id = idMap.customers['Oliver.Queen@star-city.com'];
  return {
    id,
    email: 'Oliver.Queen@star-city.com',
    emailCanonical: 'oliver.queen@star-city.com',
    firstName: 'Oliver',
    lastName: 'Queen',
    birthday: '1985-05-16T00:00:00+0000',
    gender: 'm',
    group: [{ id: await idOf(t, `select id from customer_group where code = 'retail'`, []), code: 'retail', name: 'Retail' }],
    user: {
      id: await idOf(t, 'select id from shop_user where customer_id = ?', [id]),
      username: 'Oliver.Queen@star-city.com',
      usernameCanonical: 'oliver.queen@star-city.com',
      roles: ['ROLE_USER'],
      enabled: true,
    },
    _links: { self: { href: `/api/v1/customers/${id}` } },
  };
}

/**
 * Where an order is shown: the order resource (`GET /api/v1/orders/{id}`), or the customer-orders list,
 * which alone adds each line variant's `descriptor`.
 */
export type OrderView = 'resource' | 'customer-orders';

/** The mug in full; `onHold` and `version` follow the placed order (2 units held). */
async function mugInFull(t: TestApp, idMap: IdMap, view: OrderView) {
  const variantId = idMap.variants.MUG_SW;
  return {
    ...(view === 'customer-orders' && { descriptor: 'Star wars mug (MUG_SW)' }),
    id: variantId,
    code: 'MUG_SW',
    optionValues: [
      {
        code: 'MUG_SIZE_S',
        translations: {
          en_US: {
            locale: 'en_US',
            id: await idOf(t, `select t.id from product_option_value_translation t join product_option_value v on v.id = t.option_value_id where v.code = 'MUG_SIZE_S' and t.locale = 'en_US'`, []),
            value: 'Size S',
          },
          de_DE: {
            locale: 'de_DE',
            id: await idOf(t, `select t.id from product_option_value_translation t join product_option_value v on v.id = t.option_value_id where v.code = 'MUG_SIZE_S' and t.locale = 'de_DE'`, []),
            value: 'Size S',
          },
        },
      },
    ],
    position: 0,
    translations: {
      en_US: { locale: 'en_US', id: await idOf(t, 'select id from product_variant_translation where variant_id = ?', [variantId]), name: 'Star wars mug' },
    },
    version: 2,
    onHold: 2,
    onHand: 10,
    tracked: true,
    weight: 0.5,
    width: 10,
    height: 12.5,
    taxCategory: {
      id: await idOf(t, `select id from tax_category where code = 'std'`, []),
      code: 'std',
      name: 'Standard',
      description: 'Most goods',
      ...(await timestamps(t, 'tax_category', 'std')),
      _links: { self: { href: '/api/v1/tax-categories/std' } },
    },
    shippingCategory: {
      id: await idOf(t, `select id from shipping_category where code = 'regular'`, []),
      code: 'regular',
      name: 'Regular',
      ...(await timestamps(t, 'shipping_category', 'regular')),
      _links: { self: { href: '/api/v1/shipping-categories/regular' } },
    },
    channelPricings: { WEB: { channelCode: 'WEB', price: 1000 }, EU_WEB: { channelCode: 'EU_WEB', price: 900 } },
    _links: { self: { href: '/api/v1/products/MUG/variants/MUG_SW' }, product: { href: '/api/v1/products/MUG' } },
  };
}

export async function cashOnDelivery(t: TestApp) {
  const id = await idOf(t, `select id from payment_method where code = 'cash_on_delivery'`, []);
  return {
    id,
    code: 'cash_on_delivery',
    position: 0,
    ...(await timestamps(t, 'payment_method', 'cash_on_delivery')),
    enabled: true,
    translations: {
      en_US: {
        locale: 'en_US',
        id: await idOf(t, `select id from payment_method_translation where method_id = ? and locale = 'en_US'`, [id]),
        name: 'Cash on delivery',
        instructions: 'Have the exact amount ready.',
      },
    },
    channels: [await webChannel(t)],
    _links: { self: { href: '/api/v1/payment-methods/cash_on_delivery' } },
  };
}

export async function ups(t: TestApp) {
  return {
    id: await idOf(t, `select id from shipping_method where code = 'ups'`, []),
    code: 'ups',
    enabled: true,
    _links: { zone: { href: '/api/v1/zones/US' }, self: { href: '/api/v1/shipping-methods/ups' } },
  };
}

export async function payment(t: TestApp, orderId: number, amount: number, state: string) {
  const id = await idOf(t, 'select id from payment where order_id = ?', [orderId]);
  return {
    id,
    method: await cashOnDelivery(t),
    amount,
    state,
    _links: {
      order: { href: `/api/v1/orders/${orderId}` },
      self: { href: `/api/v1/payments/${id}` },
      'payment-method': { href: '/api/v1/payment-methods/cash_on_delivery' },
    },
  };
}

export async function shipment(t: TestApp, orderId: number, state: string, tracking?: string) {
  const id = await idOf(t, 'select id from shipment where order_id = ?', [orderId]);
  return {
    id,
    state,
    method: await ups(t),
    ...(tracking !== undefined && { tracking }),
    _links: {
      order: { href: `/api/v1/orders/${orderId}` },
      self: { href: `/api/v1/shipments/${id}` },
      'shipping-method': { href: '/api/v1/shipping-methods/ups' },
      method: { href: '/api/v1/shipping-methods/ups' },
    },
  };
}

/** A line of mugs: each unit has the given adjustments; totals follow from them. */
async function mugLine(t: TestApp, idMap: IdMap, view: OrderView, orderId: number, itemId: number, unitAdjustments: Adjustment[]) {
  const lineUnitIds = await unitIds(t, itemId);
  const units = [];
  for (const unitId of lineUnitIds) {
    const unitAdjustmentList = await adjustments(t, 'unit', unitId, unitAdjustments);
    units.push({ id: unitId, adjustments: unitAdjustmentList, adjustmentsTotal: unitAdjustments.reduce((sum, [, , amount]) => sum + amount, 0) });
  }
  const unitsTotal = units.reduce((sum, unit) => sum + 1000 + unit.adjustmentsTotal, 0);
  return {
    id: itemId,
    quantity: lineUnitIds.length,
    unitPrice: 1000,
    total: unitsTotal,
    units,
    unitsTotal,
    adjustments: [],
    adjustmentsTotal: 0,
    variant: await mugInFull(t, idMap, view),
    _links: {
      order: { href: `/api/v1/orders/${orderId}` },
      product: { href: '/api/v1/products/MUG' },
      variant: { href: '/api/v1/products/MUG/variants/MUG_SW' },
    },
  };
}

/**
 * The placed order: 2 mugs at 1000, 10 % off with SAVE10 (-100 a unit), 10 % VAT on the rest (+90 a
 * unit), UPS 500: 1980 + 500 = 2480.
 */
export async function placedOrder(t: TestApp, idMap: IdMap, view: OrderView = 'resource') {
  const id = idMap.orders.placed;
  const [addressIds] = await sql<{ shipping_address_id: number; billing_address_id: number }>(
    t, 'select shipping_address_id, billing_address_id from orders where id = ?', [id],
  );
  const coupon = await sql<{ id: number; created_at: string; updated_at: string }>(t, `select id, created_at, updated_at from promotion_coupon where code = 'SAVE10'`);
  return {
    id,
    checkoutCompletedAt: '2026-01-15T10:20:30+0000',
    number: '000000001',
    items: [await mugLine(t, idMap, view, id, idMap.orderItems.placed_item, [['order_promotion', 'Ten percent off', -100], ['tax', 'VAT (10%)', 90]])],
    itemsTotal: 1980,
    adjustments: await adjustments(t, 'order', id, [['shipping', 'UPS', 500]]),
    adjustmentsTotal: 500,
    total: 2480,
    state: 'new',
    customer: await oliverInFull(t, idMap),
    channel: await webChannel(t),
    shippingAddress: {
      id: addressIds.shipping_address_id,
      firstName: 'Oliver',
      lastName: 'Queen',
      phoneNumber: '+1 555 0100',
      countryCode: 'US',
      provinceCode: 'US-NY',
      provinceName: 'New York',
      street: 'Main St 1',
      city: 'Star City',
      postcode: '12345',
    },
    billingAddress: {
      id: addressIds.billing_address_id,
      firstName: 'Oliver',
      lastName: 'Queen',
      countryCode: 'US',
      street: 'Main St 1',
      city: 'Star City',
      postcode: '12345',
    },
    payments: [await payment(t, id, 2480, 'new')],
    shipments: [await shipment(t, id, 'ready', 'TRACK-123')],
    currencyCode: 'USD',
    localeCode: 'en_US',
    promotionCoupon: {
      id: coupon[0].id,
      code: 'SAVE10',
      used: 1,
      usageLimit: 100,
      expiresAt: '2030-01-01T00:00:00+0000',
      createdAt: stamp(coupon[0].created_at),
      updatedAt: stamp(coupon[0].updated_at),
      perCustomerUsageLimit: 2,
      _links: { self: { href: '/api/v1/promotions/ten_off/coupons/SAVE10' }, promotion: { href: '/api/v1/promotions/ten_off' } },
    },
    checkoutState: 'completed',
  };
}

/** Oliver's cart: 1 mug with 10 % VAT (+100), UPS 500; its payment and shipment are still in state cart. */
export async function oliversCart(t: TestApp, idMap: IdMap, view: OrderView = 'resource') {
  const id = idMap.orders.cart;
  return {
    id,
    items: [await mugLine(t, idMap, view, id, idMap.orderItems.cart_item, [['tax', 'VAT (10%)', 100]])],
    itemsTotal: 1100,
    adjustments: await adjustments(t, 'order', id, [['shipping', 'UPS', 500]]),
    adjustmentsTotal: 500,
    total: 1600,
    state: 'cart',
    customer: await oliverInFull(t, idMap),
    channel: await webChannel(t),
    payments: [await payment(t, id, 1600, 'cart')],
    shipments: [await shipment(t, id, 'cart')],
    currencyCode: 'USD',
    localeCode: 'en_US',
    checkoutState: 'cart',
  };
}
