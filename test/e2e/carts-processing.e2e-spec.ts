import type { IdMap } from '../../src/fixtures';
import {
  cart,
  channelRef,
  expectJson,
  expectNoContent,
  idOf,
  item,
  notFound,
  oliver,
  sql,
  storedAdjustments,
  unitIds,
  validationFailed,
  variant,
} from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Example 1 of the order-processing notes: 3 × 1059, a 10 % order promotion, flat shipping 500 with a
 * tax category, VAT 23 % not included. Plus coupon promotions and a cart with addresses, shipment and payment.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US, taxCalculationStrategy: order_items_based}
taxCategories: [{code: std, name: Standard}]
shippingCategories: [{code: regular, name: Regular}]
taxRates: [{code: vat, name: VAT, category: std, zone: US, amount: 0.23}]
shippingMethods:
  - {code: flat, name: Flat, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB], taxCategory: std}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: BOOK
    name: Book
    variants:
      - {code: BOOK_STD, name: Standard book, taxCategory: std, shippingCategory: regular, channelPricings: {WEB: 1059}}
promotions:
  - code: ten
    name: Ten
    channels: [WEB]
    actions: [{type: order_percentage_discount, configuration: {percentage: 0.1}}]
  - code: five_off
    name: Five off
    channels: [WEB]
    couponBased: true
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 500}}}]
    coupons:
      - {code: SAVE5}
      - {code: EXPIRED, expiresAt: 2020-01-01T00:00:00+00:00}
      - {code: USED_UP, usageLimit: 1, used: 1}
  - code: big_spender
    name: Big spender
    channels: [WEB]
    couponBased: true
    rules: [{type: item_total, configuration: {WEB: {amount: 100000}}}]
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 1000}}}]
    coupons: [{code: BIG}]
customers:
  - email: oliver.queen@star-city.com
    firstName: Oliver
    lastName: Queen
    addresses: [{firstName: Oliver, lastName: Queen, countryCode: US, street: Home St 1, city: Star City, postcode: "12345"}]
orders:
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB}
  - ref: addressed_cart
    customer: oliver.queen@star-city.com
    channel: WEB
    promotionCoupon: SAVE5
    shippingAddress: {firstName: Oliver, lastName: Queen, countryCode: US, street: Main St 1, city: Star City, postcode: "12345"}
    billingAddress: {firstName: Oliver, lastName: Queen, countryCode: US, street: Main St 2, city: Star City, postcode: "12345"}
    items: [{variant: BOOK_STD, quantity: 2}]
  - ref: placed_order
    customer: oliver.queen@star-city.com
    channel: WEB
    items: [{variant: BOOK_STD, quantity: 1}]
    checkoutState: completed
`;

const VAT = 'VAT (23%)';

describe('cart processing', () => {
  let t: TestApp;
  let ids: IdMap;
  let cartId: number;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ids = await loadShop(t, SHOP_YAML);
    cartId = ids.orders.cart;
  });

  const addBooks = (quantity: number, id = cartId) =>
    t.inject({ method: 'POST', url: `/api/v1/carts/${id}/items/`, headers: JSON_AUTH, payload: { variant: 'BOOK_STD', quantity } });
  const coupon = (method: 'PUT' | 'PATCH', payload: unknown, id = cartId) =>
    t.inject({ method, url: `/api/v1/carts/${id}`, headers: JSON_AUTH, payload: payload as object });
  const show = (id = cartId) => t.inject({ method: 'GET', url: `/api/v1/carts/${id}`, headers: AUTH });
  const body = async (id = cartId) => JSON.parse((await show(id)).body);
  const adjustmentId = (owner: 'order' | 'unit', ownerId: number, type: string) =>
    idOf(t, `select id from ${storedAdjustments(owner)} where owner_id = ? and type = ?`, [ownerId, type]);

  it('computes example 1 exactly: 3 × 1059, 10 % off, flat shipping 500 taxed, VAT 23 % → total 4132', async () => {
    expect((await addBooks(3)).statusCode).toBe(201);
    const itemId = await idOf(t, 'select id from order_item where order_id = ?', [cartId]);
    const units = await unitIds(t, itemId);
    const unitTaxes = [220, 219, 219];
    const expectedUnits = await Promise.all(
      units.map(async (unitId, index) => ({
        id: unitId,
        adjustments: [
          { id: await adjustmentId('unit', unitId, 'order_promotion'), type: 'order_promotion', label: 'Ten', amount: -106 },
          { id: await adjustmentId('unit', unitId, 'tax'), type: 'tax', label: VAT, amount: unitTaxes[index] },
        ],
      })),
    );
    const line = item({
      id: itemId,
      cartId,
      quantity: 3,
      unitPrice: 1059,
      units: expectedUnits,
      productCode: 'BOOK',
      variant: await variant(t, {
        code: 'BOOK_STD',
        productCode: 'BOOK',
        position: 0,
        name: 'Standard book',
        prices: { WEB: 1059 },
        taxCategory: { code: 'std', name: 'Standard' },
        shippingCategory: { code: 'regular', name: 'Regular' },
      }),
    });
    expect([line.units.map((unit) => unit.adjustmentsTotal), line.unitsTotal, line.total]).toEqual([[114, 113, 113], 3517, 3517]);

    expectJson(
      await show(),
      200,
      cart({
        id: cartId,
        items: [line],
        itemsTotal: 3517,
        adjustments: [
          { id: await adjustmentId('order', cartId, 'shipping'), type: 'shipping', label: 'Flat', amount: 500 },
          { id: await adjustmentId('order', cartId, 'tax'), type: 'tax', label: VAT, amount: 115 },
        ],
        adjustmentsTotal: 615,
        total: 4132,
        customer: oliver(ids.customers['oliver.queen@star-city.com']),
        channel: channelRef(ids.channels.WEB),
      }),
    );
    // The cart payment follows the total; the shipment holds every unit (a unit records no shipment: all of
    // an order's units are in its first one, here its only one).
    expect(await sql(t, `select amount, state from payment where order_id = ?`, [cartId])).toEqual([{ amount: 4132, state: 'cart' }]);
    expect(await sql(t, 'select id from shipment where order_id = ?', [cartId])).toHaveLength(1);
    expect(await sql(t, `select (u->>'id')::int as id from order_item i cross join jsonb_array_elements(i.units) u where i.order_id = ? order by 1`, [cartId])).toEqual(
      units.map((id) => ({ id })),
    );
  });

  it('recomputes after a quantity change and after deleting the line', async () => {
    const itemId = JSON.parse((await addBooks(3)).body).id as number;
    expectNoContent(await t.inject({ method: 'PATCH', url: `/api/v1/carts/${cartId}/items/${itemId}`, headers: JSON_AUTH, payload: { quantity: 1 } }));
    // 1059 − 106 (10 %) = 953, tax 219; shipping 500 + 115.
    let shown = await body();
    expect([shown.items[0].units.length, shown.itemsTotal, shown.adjustmentsTotal, shown.total]).toEqual([1, 1172, 615, 1787]);
    expectNoContent(await t.inject({ method: 'DELETE', url: `/api/v1/carts/${cartId}/items/${itemId}`, headers: AUTH }));
    shown = await body();
    expect([shown.items, shown.itemsTotal, shown.adjustments, shown.adjustmentsTotal, shown.total]).toEqual([[], 0, [], 0, 0]);
    expect(await sql(t, 'select id from payment where order_id = ? union all select id from shipment where order_id = ?', [cartId, cartId])).toEqual([]);
  });

  describe('coupons (PUT|PATCH /api/v1/carts/{id})', () => {
    const save5 = async () => ({
      id: await idOf(t, 'select id from promotion_coupon where code = ?', ['SAVE5']),
      code: 'SAVE5',
      used: 0,
      _links: { self: { href: '/api/v1/promotions/five_off/coupons/SAVE5' } },
    });

    it('applies a coupon and reprocesses the cart; PATCH without it keeps it; PUT without it removes it', async () => {
      await addBooks(3);
      expectNoContent(await coupon('PUT', { promotionCoupon: 'SAVE5' }));
      let shown = await body();
      // 3177 − 318 − 500 = 2359, tax 543 → items 2902; shipping 500 + 115.
      expect([shown.promotionCoupon, shown.itemsTotal, shown.adjustmentsTotal, shown.total]).toEqual([await save5(), 2902, 615, 3517]);
      expect(Object.keys(shown).slice(-3)).toEqual(['localeCode', 'promotionCoupon', 'checkoutState']);
      expect(shown.items[0].units.map((unit: { adjustments: Array<{ label: string; amount: number }> }) => unit.adjustments.map((a) => [a.label, a.amount]))).toEqual([
        [['Ten', -106], ['Five off', -167], [VAT, 181]],
        [['Ten', -106], ['Five off', -167], [VAT, 181]],
        [['Ten', -106], ['Five off', -166], [VAT, 181]],
      ]);

      expectNoContent(await coupon('PATCH', {}));
      expect((await body()).total).toBe(3517);
      expectNoContent(await coupon('PUT', {}));
      shown = await body();
      expect(['promotionCoupon' in shown, shown.total]).toEqual([false, 4132]);
    });

    it.each([[{ promotionCoupon: null }], [{ promotionCoupon: '' }]])('removes the coupon with PATCH %j', async (payload) => {
      await addBooks(3);
      expectNoContent(await coupon('PATCH', { promotionCoupon: 'SAVE5' }));
      expect((await body()).total).toBe(3517);
      expectNoContent(await coupon('PATCH', payload));
      const shown = await body();
      expect(['promotionCoupon' in shown, shown.total]).toEqual([false, 4132]);
    });

    it.each(['NOPE', 'EXPIRED', 'USED_UP', 'BIG', 'save5'])('answers 400 "Coupon code is invalid." for %s and keeps the cart', async (code) => {
      await addBooks(3);
      expectJson(await coupon('PUT', { promotionCoupon: code }), 400, validationFailed({ children: { promotionCoupon: { errors: ['Coupon code is invalid.'] } } }));
      const shown = await body();
      expect(['promotionCoupon' in shown, shown.total]).toEqual([false, 4132]);
    });

    it('answers 400 for a coupon of the wrong type or an extra field', async () => {
      expectJson(await coupon('PUT', { promotionCoupon: 5 }), 400, validationFailed({ children: { promotionCoupon: { errors: ['This value is not valid.'] } } }));
      expectJson(
        await coupon('PATCH', { promotionCoupon: 'SAVE5', total: 0 }),
        400,
        validationFailed({ errors: ['This form should not contain extra fields.'], children: { promotionCoupon: {} } }),
      );
    });

    it('answers 404 for a placed order or an unknown cart', async () => {
      expectJson(await coupon('PUT', { promotionCoupon: 'SAVE5' }, ids.orders.placed_order), 404, notFound('cart'));
      expectJson(await coupon('PATCH', { promotionCoupon: 'SAVE5' }, 424242), 404, notFound('cart'));
    });
  });

  it('deletes a cart with its lines, units, adjustments, payment, shipment and own addresses, not the address book', async () => {
    const id = ids.orders.addressed_cart;
    const before = await body(id);
    expect([before.promotionCoupon.code, before.items.length, before.adjustments.length]).toEqual(['SAVE5', 1, 2]);
    const [order] = await sql<{ shipping_address_id: number; billing_address_id: number }>(t, 'select shipping_address_id, billing_address_id from orders where id = ?', [id]);
    const itemIds = (await sql<{ id: number }>(t, 'select id from order_item where order_id = ?', [id])).map((row) => row.id);
    // Units and adjustments are JSON values on the order and its lines: each counts as one, as its row did.
    const counts = () =>
      sql<{ n: string }>(
        t,
        `select (select count(*) from order_item where order_id = ?) + (select coalesce(sum(jsonb_array_length(units)), 0) from order_item where id in (?))
              + (select coalesce(sum(jsonb_array_length(adjustments)), 0) from orders where id = ?)
              + (select coalesce(sum(jsonb_array_length(adjustments)), 0) from order_item where id in (?))
              + (select count(*) from order_item i cross join jsonb_array_elements(i.units) u cross join jsonb_array_elements(u->'adjustments') a where i.id in (?))
              + (select count(*) from payment where order_id = ?) + (select count(*) from shipment where order_id = ?)
              + (select count(*) from order_promotion where order_id = ?) + (select count(*) from address where id in (?, ?)) as n`,
        [id, itemIds, id, itemIds, itemIds, id, id, id, order.shipping_address_id, order.billing_address_id],
      );
    expect(Number((await counts())[0].n)).toBeGreaterThan(10);

    expectNoContent(await t.inject({ method: 'DELETE', url: `/api/v1/carts/${id}`, headers: AUTH }));
    expect(Number((await counts())[0].n)).toBe(0);
    expect(await sql(t, 'select street from address where customer_id = ?', [ids.customers['oliver.queen@star-city.com']])).toEqual([{ street: 'Home St 1' }]);
    expectJson(await show(id), 404, notFound('cart'));
  });

  describe('a shop that cannot price the cart', () => {
    it('answers 400 with the reason when the shipping method has no amount for the channel, and changes nothing', async () => {
      await sql(t, `update shipping_method set configuration = '{"OTHER": {"amount": 100}}'`);
      expectJson(await addBooks(1), 400, { code: 400, message: 'Channel Web Channel has no amount defined for shipping method Flat' });
      expect(await sql(t, 'select id from order_item where order_id = ?', [cartId])).toEqual([]);
    });

    it('answers 400 when a line has lost its channel price, and keeps the old quantity', async () => {
      const id = ids.orders.addressed_cart;
      const itemId = await idOf(t, 'select id from order_item where order_id = ?', [id]);
      await sql(t, `delete from channel_pricing`);
      const response = await t.inject({ method: 'PUT', url: `/api/v1/carts/${id}/items/${itemId}`, headers: JSON_AUTH, payload: { quantity: 3 } });
      expectJson(response, 400, { code: 400, message: 'Channel Web Channel has no price defined for product variant Standard book' });
      expect((await body(id)).items[0].quantity).toBe(2);
      expect(await unitIds(t, itemId)).toHaveLength(2);
    });
  });
});
