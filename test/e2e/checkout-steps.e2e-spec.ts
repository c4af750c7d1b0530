import type { IdMap } from '../../src/fixtures';
import { idOf, sql, storedAdjustments } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { stamp } from '../support/order-expectations';
import { ACCESS_DENIED, notFound, stamps } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/** The reference's checkout fixtures: EU (NL, BE with a province) taxed at 20 %, UPS 1000 and DHL 2000, cod and pbc. */
const SHOP_YAML = `
locales: [en_US]
currencies: [EUR]
countries:
  - NL
  - {code: BE, provinces: [{code: be_lim, name: Limburg}]}
  - PL
zones: [{code: EU, name: European Union, type: country, members: [NL, BE]}]
channels: [{code: CHANNEL, name: Channel, description: Lorem ipsum, hostname: localhost, color: black, baseCurrency: EUR, defaultLocale: en_US}]
taxCategories: [{code: TAXABLE_GOODS, name: Taxable Goods}]
taxRates: [{code: eu_regular, name: EU Regular Tax 20%, category: TAXABLE_GOODS, zone: EU, amount: 0.2}]
shippingMethods:
  - {code: UPS, name: UPS, description: Fast and brown, zone: EU, calculator: flat_rate, configuration: {CHANNEL: {amount: 1000}}, channels: [CHANNEL]}
  - {code: DHL, name: DHL, zone: EU, calculator: flat_rate, configuration: {CHANNEL: {amount: 2000}}, channels: [CHANNEL]}
paymentMethods:
  - {code: cod, name: Cash on delivery, description: Pay at the door, channels: [CHANNEL]}
  - {code: pbc, name: Pay by check, channels: [CHANNEL]}
products:
  - code: MUG
    name: Mug
    variants:
      - {code: MUG_SW, name: Star wars mug, taxCategory: TAXABLE_GOODS, channelPricings: {CHANNEL: 2000}}
      - {code: HARD_AVAILABLE_MUG, name: Breaking bad mug, tracked: true, onHand: 2, taxCategory: TAXABLE_GOODS, channelPricings: {CHANNEL: 2000}}
  - code: GIFT
    name: Gift card
    variants:
      - {code: GIFT_10, name: Gift card 10, shippingRequired: false, channelPricings: {CHANNEL: 1000}}
      - {code: GIFT_FREE, name: Free gift card, shippingRequired: false, tracked: true, onHand: 5, channelPricings: {CHANNEL: 0}}
customerGroups: [{code: retail, name: Retail}]
promotions:
  - {code: ten_off, name: Ten off, channels: [CHANNEL], couponBased: true, coupons: [{code: SAVE10, usageLimit: 5}], actions: [{type: order_percentage_discount, configuration: {percentage: 0.1}}]}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
  - {email: felicity.smoak@star-city.com, group: retail}
  - email: roy.harper@star-city.com
    user: {password: secret12, enabled: true}
    addresses: [{firstName: Vincent, lastName: van Gogh, street: Post-Impressionism St., countryCode: NL, city: Groot Zundert, postcode: 88-888}]
orders:
  - {ref: cart, customer: oliver.queen@star-city.com, channel: CHANNEL, items: [{variant: MUG_SW, quantity: 1}]}
  - {ref: tracked, customer: oliver.queen@star-city.com, channel: CHANNEL, items: [{variant: HARD_AVAILABLE_MUG, quantity: 2}]}
  - {ref: gift, customer: oliver.queen@star-city.com, channel: CHANNEL, items: [{variant: GIFT_10, quantity: 1}]}
  - {ref: empty, customer: oliver.queen@star-city.com, channel: CHANNEL}
  - {ref: with_coupon, customer: felicity.smoak@star-city.com, channel: CHANNEL, promotionCoupon: SAVE10, items: [{variant: MUG_SW, quantity: 1}]}
  - {ref: free, customer: oliver.queen@star-city.com, channel: CHANNEL, items: [{variant: GIFT_FREE, quantity: 2}]}
  - {ref: roys, customer: roy.harper@star-city.com, channel: CHANNEL, items: [{variant: MUG_SW, quantity: 1}]}
  - {ref: placed, customer: oliver.queen@star-city.com, channel: CHANNEL, checkoutState: completed, items: [{variant: MUG_SW, quantity: 1}]}
`;

const HIERONIM = { firstName: 'Hieronim', lastName: 'Bosch', street: 'Surrealism St.', countryCode: 'NL', city: '’s-Hertogenbosch', postcode: '99-999' };
const VINCENT = { firstName: 'Vincent', lastName: 'van Gogh', street: 'Post-Impressionism St.', countryCode: 'NL', city: 'Groot Zundert', postcode: '88-888' };
const ADDRESSING = { shippingAddress: HIERONIM, billingAddress: VINCENT, differentBillingAddress: true };

const ORDER_CLASS = 'Sylius\\Component\\Core\\Model\\Order';
const refused = (transition: string, state: string) => ({
  code: 409,
  message: `Transition "${transition}" cannot be applied on state "${state}" of object "${ORDER_CLASS}" with graph "sylius_order_checkout"`,
});
const validationFailed = (errors: unknown) => ({ code: 400, message: 'Validation Failed', errors });
const ORDER_NOT_FOUND = notFound('order');
const SHIPPING_UNRESOLVABLE = { code: 400, message: 'The shipment methods cannot be resolved in the current state of cart!' };
const PAYMENT_UNRESOLVABLE = { code: 400, message: 'The payment methods cannot be resolved in the current state of cart!' };

const BLANK_ADDRESS = {
  children: {
    firstName: { errors: ['Please enter first name.'] },
    lastName: { errors: ['Please enter last name.'] },
    phoneNumber: {},
    company: {},
    countryCode: { errors: ['Please select country.'] },
    street: { errors: ['Please enter street.'] },
    city: { errors: ['Please enter city.'] },
    postcode: { errors: ['Please enter postcode.'] },
  },
};
const cleanAddress = (province: 'provinceCode' | 'provinceName') => ({
  children: { firstName: {}, lastName: {}, phoneNumber: {}, company: {}, countryCode: {}, street: {}, city: {}, postcode: {}, [province]: {} },
});
const methodTree = (list: 'shipments' | 'payments', messages: string[], choices = 2) => ({
  children: { [list]: { children: [{ children: { method: { ...(messages.length > 0 && { errors: messages }), children: Array.from({ length: choices }, () => ({})) } } }] } },
});

const summaryAddress = (a: typeof HIERONIM) => ({ firstName: a.firstName, lastName: a.lastName, countryCode: a.countryCode, street: a.street, city: a.city, postcode: a.postcode });

describe('checkout steps', () => {
  let t: TestApp;
  let ids: IdMap;
  let recording: string[] | null = null;

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (message) => recording?.push(message) });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ids = await loadShop(t, SHOP_YAML);
  });

  const request = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
    t.inject({ method, url, headers: method === 'GET' ? AUTH : JSON_AUTH, ...(payload !== undefined && { payload: JSON.stringify(payload) }) });
  const put = (url: string, payload?: unknown) => request('PUT', url, payload);
  const get = (url: string) => request('GET', url);
  const answer = async (response: Promise<{ statusCode: number; body: string }>) => {
    const r = await response;
    return { status: r.statusCode, body: r.body === '' ? null : (json(r as never)) };
  };
  const checkoutState = async (id: number) => (await sql<{ checkout_state: string }>(t, 'select checkout_state from orders where id = ?', [id]))[0].checkout_state;
  const counted = async (work: () => Promise<{ statusCode: number }>) => {
    recording = [];
    const response = await work();
    const statements = recording;
    recording = null;
    return { status: response.statusCode, statements };
  };

  const address = (id: number, body: unknown = ADDRESSING) => put(`/api/v1/checkouts/addressing/${id}`, body);
  const selectShipping = (id: number, method = 'UPS') => put(`/api/v1/checkouts/select-shipping/${id}`, { shipments: [{ method }] });
  const selectPayment = (id: number, method = 'cod') => put(`/api/v1/checkouts/select-payment/${id}`, { payments: [{ method }] });
  const complete = (id: number, body?: unknown) => put(`/api/v1/checkouts/complete/${id}`, body);
  const walkTo = async (id: number, step: 'addressed' | 'shipping' | 'payment') => {
    expect((await address(id)).statusCode).toBe(204);
    if (step === 'addressed') return;
    expect((await selectShipping(id)).statusCode).toBe(204);
    if (step === 'shipping') return;
    expect((await selectPayment(id)).statusCode).toBe(204);
  };

  /** The checkout summary of the standard cart (one MUG_SW, UPS, cod) in the given state, every id and stamp read from the database. */
  async function standardSummary(id: number, checkoutState: string, extra: { state?: string; payment?: string; shipment?: string; completed?: boolean } = {}) {
    const adjustment = (owner: 'order' | 'unit') => sql<{ id: number }>(t, `select id from ${storedAdjustments(owner)} where order_id = ? order by id`, [id]);
    const [unitTax] = await adjustment('unit');
    const [shipping] = await adjustment('order');
    const itemId = await idOf(t, 'select id from order_item where order_id = ?', [id]);
    const unitId = await idOf(t, `select (u->>'id')::int as id from order_item i cross join jsonb_array_elements(i.units) u where i.order_id = ?`, [id]);
    const [order] = await sql<{ checkout_completed_at: string | null; number: string | null }>(t, 'select checkout_completed_at, number from orders where id = ?', [id]);
    const channel = {
      id: await idOf(t, `select id from channel where code = 'CHANNEL'`, []),
      code: 'CHANNEL', name: 'Channel', description: 'Lorem ipsum', hostname: 'localhost', color: 'black',
      ...(await stamps(t, 'channel', 'code = ?', ['CHANNEL'])),
      enabled: true, taxCalculationStrategy: 'order_items_based', _links: { self: { href: '/api/v1/channels/CHANNEL' } },
    };
    return {
      id,
      ...(extra.completed === true && { checkoutCompletedAt: stamp(order.checkout_completed_at!), number: order.number }),
      items: [
        {
          id: itemId, quantity: 1, unitPrice: 2000, total: 2400,
          units: [{ id: unitId, adjustments: [{ id: unitTax.id, type: 'tax', label: 'EU Regular Tax 20% (20%)', amount: 400 }], adjustmentsTotal: 400 }],
          unitsTotal: 2400, adjustments: [], adjustmentsTotal: 0,
          variant: {
            id: ids.variants.MUG_SW, code: 'MUG_SW', optionValues: [], position: 0,
            translations: { en_US: { locale: 'en_US', id: await idOf(t, 'select id from product_variant_translation where variant_id = ?', [ids.variants.MUG_SW]), name: 'Star wars mug' } },
            version: 1, onHold: 0, onHand: 0, tracked: false,
            taxCategory: { id: await idOf(t, `select id from tax_category where code = 'TAXABLE_GOODS'`, []), code: 'TAXABLE_GOODS', name: 'Taxable Goods', ...(await stamps(t, 'tax_category', 'code = ?', ['TAXABLE_GOODS'])) },
            channelPricings: { CHANNEL: { channelCode: 'CHANNEL', price: 2000 } },
            _links: { product: { href: '/api/v1/products/MUG' } },
          },
          _links: { order: { href: `/api/v1/orders/${id}` }, product: { href: '/api/v1/products/MUG' }, variant: { href: '/api/v1/products/MUG/variants/MUG_SW' } },
        },
      ],
      itemsTotal: 2400,
      adjustments: [{ id: shipping.id, type: 'shipping', label: 'UPS', amount: 1000 }],
      adjustmentsTotal: 1000,
      total: 3400,
      state: extra.state ?? 'cart',
      customer: { id: ids.customers['oliver.queen@star-city.com'], email: 'oliver.queen@star-city.com', emailCanonical: 'oliver.queen@star-city.com', firstName: 'Oliver', lastName: 'Queen', gender: 'u', _links: { self: { href: `/api/v1/customers/${ids.customers['oliver.queen@star-city.com']}` } } },
      channel,
      shippingAddress: summaryAddress(HIERONIM),
      billingAddress: summaryAddress(VINCENT),
      payments: [
        {
          id: await idOf(t, 'select id from payment where order_id = ?', [id]),
          method: {
            id: await idOf(t, `select id from payment_method where code = 'cod'`, []), code: 'cod', position: 0,
            ...(await stamps(t, 'payment_method', 'code = ?', ['cod'])),
            enabled: true, translations: { en_US: {} }, channels: [channel],
          },
          amount: 3400,
          state: extra.payment ?? 'cart',
        },
      ],
      shipments: [{ id: await idOf(t, 'select id from shipment where order_id = ?', [id]), state: extra.shipment ?? 'cart', method: { code: 'UPS', enabled: true } }],
      currencyCode: 'EUR',
      localeCode: 'en_US',
      checkoutState,
    };
  }

  describe('the standard flow', () => {
    it('addresses, lists and selects shipping and payment, completes, and shows the summary at each step', async () => {
      const id = ids.orders.cart;
      expect(await answer(address(id))).toEqual({ status: 204, body: null });
      expect(await answer(get(`/api/v1/checkouts/${id}`))).toEqual({ status: 200, body: await standardSummary(id, 'addressed') });

      expect(await answer(get(`/api/v1/checkouts/select-shipping/${id}`))).toEqual({
        status: 200,
        body: { shipments: [{ methods: [
          { id: await idOf(t, `select id from shipping_method where code = 'UPS'`, []), code: 'UPS', name: 'UPS', description: 'Fast and brown', price: 1000 },
          { id: await idOf(t, `select id from shipping_method where code = 'DHL'`, []), code: 'DHL', name: 'DHL', price: 2000 },
        ] }] },
      });
      expect(await answer(selectShipping(id))).toEqual({ status: 204, body: null });
      expect(await answer(get(`/api/v1/checkouts/${id}`))).toEqual({ status: 200, body: await standardSummary(id, 'shipping_selected') });

      expect(await answer(get(`/api/v1/checkouts/select-payment/${id}`))).toEqual({
        status: 200,
        body: { payments: [{ methods: [
          { id: await idOf(t, `select id from payment_method where code = 'cod'`, []), code: 'cod', name: 'Cash on delivery', description: 'Pay at the door' },
          { id: await idOf(t, `select id from payment_method where code = 'pbc'`, []), code: 'pbc', name: 'Pay by check' },
        ] }] },
      });
      expect(await answer(selectPayment(id))).toEqual({ status: 204, body: null });
      expect(await answer(get(`/api/v1/checkouts/${id}`))).toEqual({ status: 200, body: await standardSummary(id, 'payment_selected') });

      expect(await answer(complete(id, { notes: 'Leave it at the door.' }))).toEqual({ status: 204, body: null });
      expect(await answer(get(`/api/v1/checkouts/${id}`))).toEqual({
        status: 200,
        body: await standardSummary(id, 'completed', { state: 'new', payment: 'new', shipment: 'ready', completed: true }),
      });
      expect(await sql(t, 'select number, notes, payment_state, shipping_state from orders where id = ?', [id])).toEqual([
        { number: '000000002', notes: 'Leave it at the door.', payment_state: 'awaiting_payment', shipping_state: 'ready' },
      ]);
    });

    it('charges the chosen method and keeps the address rows when addressing again, which moves the checkout back', async () => {
      const id = ids.orders.cart;
      await walkTo(id, 'payment');
      const before = await sql(t, 'select shipping_address_id, billing_address_id from orders where id = ?', [id]);
      expect((await selectShipping(id, 'DHL')).statusCode).toBe(204);
      expect(await sql(t, 'select total, checkout_state from orders where id = ?', [id])).toEqual([{ total: 4400, checkout_state: 'shipping_selected' }]);
      expect((await address(id, { shippingAddress: { ...HIERONIM, countryCode: 'PL', provinceName: 'Mazowieckie' } })).statusCode).toBe(204);
      // Poland is outside the EU zone: no tax, and no shipping method serves it any more (the old one stays).
      expect(await sql(t, 'select shipping_address_id, billing_address_id, items_total, checkout_state from orders where id = ?', [id])).toEqual([
        { ...before[0], items_total: 2000, checkout_state: 'addressed' },
      ]);
      expect(await sql(t, 'select country_code, province_name, street from address where id in (?, ?) order by id', [before[0].shipping_address_id, before[0].billing_address_id])).toEqual([
        { country_code: 'PL', province_name: 'Mazowieckie', street: 'Surrealism St.' },
        { country_code: 'PL', province_name: 'Mazowieckie', street: 'Surrealism St.' },
      ]);
      expect(await answer(get(`/api/v1/checkouts/select-shipping/${id}`))).toEqual({ status: 200, body: { shipments: [{ methods: [] }] } });
    });

    it('passes over shipping when nothing ships, and over payment too when nothing is to pay', async () => {
      expect((await address(ids.orders.gift)).statusCode).toBe(204);
      expect(await checkoutState(ids.orders.gift)).toBe('shipping_skipped');
      expect(await answer(get(`/api/v1/checkouts/select-shipping/${ids.orders.gift}`))).toEqual({ status: 400, body: SHIPPING_UNRESOLVABLE });
      expect((await selectPayment(ids.orders.gift, 'pbc')).statusCode).toBe(204);
      expect(await checkoutState(ids.orders.gift)).toBe('payment_selected');
      // Shipping may be chosen again from here, but the cart has no shipment to choose for.
      expect(await answer(get(`/api/v1/checkouts/select-shipping/${ids.orders.gift}`))).toEqual({ status: 200, body: [] });

      expect((await address(ids.orders.empty)).statusCode).toBe(204);
      expect(await checkoutState(ids.orders.empty)).toBe('payment_skipped');
      expect(await answer(get(`/api/v1/checkouts/select-payment/${ids.orders.empty}`))).toEqual({ status: 400, body: PAYMENT_UNRESOLVABLE });
      expect(await answer(complete(ids.orders.empty))).toEqual({ status: 400, body: validationFailed({ errors: ['The order has no items.'], children: { notes: {} } }) });
    });

    it("shows the coupon linked only to its promotion and the customer's groups as empty objects", async () => {
      const id = ids.orders.with_coupon;
      const felicity = ids.customers['felicity.smoak@star-city.com'];
      const summary = json(await get(`/api/v1/checkouts/${id}`)) as Record<string, unknown>;
      expect([summary.customer, summary.promotionCoupon]).toEqual([
        { id: felicity, email: 'felicity.smoak@star-city.com', emailCanonical: 'felicity.smoak@star-city.com', gender: 'u', group: [{}], _links: { self: { href: `/api/v1/customers/${felicity}` } } },
        {
          id: await idOf(t, `select id from promotion_coupon where code = 'SAVE10'`, []), code: 'SAVE10', usageLimit: 5, used: 0,
          ...(await stamps(t, 'promotion_coupon', 'code = ?', ['SAVE10'])),
          _links: { promotion: { href: '/api/v1/promotions/ten_off' } },
        },
      ]);
      await walkTo(id, 'payment');
      expect((await complete(id)).statusCode).toBe(204);
      expect(await sql(t, `select (select used from promotion_coupon where code = 'SAVE10') as coupon, (select used from promotion where code = 'ten_off') as promotion`)).toEqual([{ coupon: 1, promotion: 1 }]);
    });

    it('places an order with nothing to ship or pay as fulfilled, its stock sold at once', async () => {
      const id = ids.orders.free;
      expect((await address(id)).statusCode).toBe(204);
      expect(await checkoutState(id)).toBe('payment_skipped');
      expect((await complete(id)).statusCode).toBe(204);
      expect(await sql(t, 'select state, checkout_state, payment_state, shipping_state from orders where id = ?', [id])).toEqual([
        { state: 'fulfilled', checkout_state: 'completed', payment_state: 'paid', shipping_state: 'shipped' },
      ]);
      expect(await sql(t, `select on_hand, on_hold from product_variant where code = 'GIFT_FREE'`)).toEqual([{ on_hand: 3, on_hold: 0 }]);
    });

    it("keeps a registered customer's addresses in the address book at completion, once", async () => {
      const id = ids.orders.roys;
      await walkTo(id, 'payment');
      expect((await complete(id)).statusCode).toBe(204);
      expect(await sql(t, 'select first_name, street from address where customer_id = ? order by id', [ids.customers['roy.harper@star-city.com']])).toEqual([
        { first_name: 'Vincent', street: 'Post-Impressionism St.' },
        { first_name: 'Hieronim', street: 'Surrealism St.' },
      ]);
      expect(await sql(t, 'select count(*)::int as n from address where customer_id = ?', [ids.customers['oliver.queen@star-city.com']])).toEqual([{ n: 0 }]);
    });

    it('holds stock at completion and refuses what is no longer there, changing nothing', async () => {
      const id = ids.orders.tracked;
      await walkTo(id, 'payment');
      await sql(t, `update product_variant set on_hold = 1 where code = 'HARD_AVAILABLE_MUG'`);
      await sql(t, `update product set enabled = false where code = 'MUG'`);
      expect(await answer(complete(id))).toEqual({
        status: 400,
        body: validationFailed({ errors: ['This product Mug has been disabled.', 'Mug does not have sufficient stock.'], children: { notes: {} } }),
      });
      await sql(t, `update product set enabled = true where code = 'MUG'`);
      await sql(t, `update product_variant set on_hold = 0 where code = 'HARD_AVAILABLE_MUG'`);
      expect(await checkoutState(id)).toBe('payment_selected');
      expect((await complete(id)).statusCode).toBe(204);
      expect(await sql(t, `select on_hand, on_hold from product_variant where code = 'HARD_AVAILABLE_MUG'`)).toEqual([{ on_hand: 2, on_hold: 2 }]);
    });

    it('lets exactly one of two racing completions place the order; the other gets the wrong-state answer', async () => {
      const id = ids.orders.cart;
      await walkTo(id, 'payment');
      const answers = await Promise.all([answer(complete(id)), answer(complete(id))]);
      expect(answers.sort((a, b) => a.status - b.status)).toEqual([{ status: 204, body: null }, { status: 409, body: refused('complete', 'completed') }]);
      expect(await sql(t, `select count(*)::int as n from orders where number is not null`)).toEqual([{ n: 2 }]);
    });
  });

  describe('addressing form', () => {
    it('copies the shipping address to billing unless differentBillingAddress is true', async () => {
      const id = ids.orders.cart;
      expect((await address(id, { shippingAddress: HIERONIM, billingAddress: VINCENT })).statusCode).toBe(204);
      const summary = json(await get(`/api/v1/checkouts/${id}`)) as Record<string, unknown>;
      expect([summary.shippingAddress, summary.billingAddress]).toEqual([summaryAddress(HIERONIM), summaryAddress(HIERONIM)]);
    });

    it('reports every blank field of both addresses when no shipping address is sent', async () => {
      expect(await answer(address(ids.orders.cart, { differentBillingAddress: false }))).toEqual({
        status: 400,
        body: validationFailed({ children: { shippingAddress: BLANK_ADDRESS, billingAddress: BLANK_ADDRESS, differentBillingAddress: {} } }),
      });
    });

    it('requires the billing address when it differs (the string "false" does not copy)', async () => {
      expect(await answer(address(ids.orders.cart, { shippingAddress: HIERONIM, differentBillingAddress: 'false' }))).toEqual({
        status: 400,
        body: validationFailed({ children: { shippingAddress: cleanAddress('provinceName'), billingAddress: BLANK_ADDRESS, differentBillingAddress: {} } }),
      });
    });

    it('checks the country, the province and the lengths, and refuses unknown keys', async () => {
      const belgian = { ...HIERONIM, countryCode: 'BE' };
      expect(await answer(address(ids.orders.cart, { shippingAddress: belgian, customer: 'x' }))).toEqual({
        status: 400,
        body: validationFailed({
          errors: ['This form should not contain extra fields.'],
          children: {
            shippingAddress: { errors: ['Please select proper province.'], ...cleanAddress('provinceCode') },
            billingAddress: { errors: ['Please select proper province.'], ...cleanAddress('provinceCode') },
            differentBillingAddress: {},
          },
        }),
      });
      expect(
        await answer(address(ids.orders.cart, { shippingAddress: { ...belgian, provinceCode: 'be_xx', firstName: 'H' }, billingAddress: { ...HIERONIM, countryCode: 'XX', provinceCode: 'x' }, differentBillingAddress: true })),
      ).toEqual({
        status: 400,
        body: validationFailed({
          children: {
            shippingAddress: { children: { ...cleanAddress('provinceCode').children, firstName: { errors: ['First name must be at least 2 characters long.'] }, provinceCode: { errors: ['This value is not valid.'] } } },
            billingAddress: { errors: ['This form should not contain extra fields.'], children: { ...BLANK_ADDRESS.children, firstName: {}, lastName: {}, street: {}, city: {}, postcode: {}, countryCode: { errors: ['This value is not valid.'] } } },
            differentBillingAddress: {},
          },
        }),
      });
      expect((await address(ids.orders.cart, { shippingAddress: { ...belgian, provinceCode: 'be_lim' } })).statusCode).toBe(204);
      expect(await checkoutState(ids.orders.cart)).toBe('addressed');
    });

    const TOO_LONG_255 = 'This value is too long. It should have 255 characters or less.';
    /** The stored addresses and the cart's checkout columns, to see that a refused form wrote nothing. */
    const addressingState = async (id: number) => [
      await sql(t, 'select * from address order by id'),
      await sql(t, 'select checkout_state, shipping_address_id, billing_address_id, updated_at from orders where id = ?', [id]),
    ];

    it.each([
      ['shippingAddress', 'phoneNumber'],
      ['shippingAddress', 'company'],
      ['shippingAddress', 'provinceName'],
      ['billingAddress', 'phoneNumber'],
      ['billingAddress', 'company'],
      ['billingAddress', 'provinceName'],
    ] as const)('refuses %s.%s longer than its column (256 characters) with a 400 and writes nothing', async (which, field) => {
      const before = await addressingState(ids.orders.cart);
      const body = { ...ADDRESSING, [which]: { ...ADDRESSING[which], [field]: 'ü'.repeat(256) } };
      const withError = { children: { ...cleanAddress('provinceName').children, [field]: { errors: [TOO_LONG_255] } } };
      expect(await answer(address(ids.orders.cart, body))).toEqual({
        status: 400,
        body: validationFailed({
          children: {
            shippingAddress: which === 'shippingAddress' ? withError : cleanAddress('provinceName'),
            billingAddress: which === 'billingAddress' ? withError : cleanAddress('provinceName'),
            differentBillingAddress: {},
          },
        }),
      });
      expect(await addressingState(ids.orders.cart)).toEqual(before);
    });

    it('stores 255 characters (not bytes) in phoneNumber, company and provinceName', async () => {
      const long = { phoneNumber: 'ü'.repeat(255), company: 'ç'.repeat(255), provinceName: '€'.repeat(255) };
      expect((await address(ids.orders.cart, { ...ADDRESSING, shippingAddress: { ...HIERONIM, ...long } })).statusCode).toBe(204);
      expect(await sql(t, 'select a.phone_number, a.company, a.province_name from address a join orders o on o.shipping_address_id = a.id where o.id = ?', [ids.orders.cart])).toEqual([
        { phone_number: long.phoneNumber, company: long.company, province_name: long.provinceName },
      ]);
    });

    it('validates before it checks the state: an invalid form on a placed order is a 400, a valid one a 409', async () => {
      expect((await answer(address(ids.orders.placed, {}))).status).toBe(400);
      expect(await answer(address(ids.orders.placed))).toEqual({ status: 409, body: refused('address', 'completed') });
    });
  });

  describe('shipping and payment forms', () => {
    it('requires a method the shipment may use, one entry per shipment', async () => {
      const id = ids.orders.cart;
      expect(await answer(put(`/api/v1/checkouts/select-shipping/${id}`))).toEqual({ status: 400, body: validationFailed(methodTree('shipments', ['Please select shipping method.'])) });
      await walkTo(id, 'addressed');
      expect(await answer(put(`/api/v1/checkouts/select-shipping/${id}`, { shipments: [{ method: 0 }] }))).toEqual({ status: 400, body: validationFailed(methodTree('shipments', ['This value is not valid.'])) });
      expect(await answer(put(`/api/v1/checkouts/select-shipping/${id}`, { shipments: { 0: { method: 'ups' } } }))).toEqual({ status: 400, body: validationFailed(methodTree('shipments', ['This value is not valid.'])) });
      expect(await answer(put(`/api/v1/checkouts/select-shipping/${id}`, { shipments: [{ method: 'UPS' }, { method: 'DHL' }] }))).toEqual({
        status: 400,
        body: validationFailed({ children: { shipments: { errors: ['This form should not contain extra fields.'], children: methodTree('shipments', []).children.shipments.children } } }),
      });
      expect(await answer(put(`/api/v1/checkouts/select-shipping/${id}`, { shipments: { 0: { method: 'DHL' } } }))).toEqual({ status: 204, body: null });
    });

    it('requires a payment method of the channel under PUT; PATCH without a body keeps the current one', async () => {
      const id = ids.orders.cart;
      await walkTo(id, 'shipping');
      expect(await answer(put(`/api/v1/checkouts/select-payment/${id}`, { payments: [{ method: 0 }] }))).toEqual({ status: 400, body: validationFailed(methodTree('payments', ['This value is not valid.'])) });
      expect(await answer(put(`/api/v1/checkouts/select-payment/${id}`))).toEqual({ status: 400, body: validationFailed(methodTree('payments', ['Please select a payment method.'])) });
      expect(await answer(request('PATCH', `/api/v1/checkouts/select-payment/${id}`))).toEqual({ status: 204, body: null });
      expect(await checkoutState(id)).toBe('payment_selected');
      expect(await sql(t, 'select m.code from payment p join payment_method m on m.id = p.method_id where p.order_id = ?', [id])).toEqual([{ code: 'cod' }]);
    });
  });

  describe('errors', () => {
    const STEPS = (id: string) => [
      ['GET', `/api/v1/checkouts/${id}`],
      ['PUT', `/api/v1/checkouts/addressing/${id}`],
      ['GET', `/api/v1/checkouts/select-shipping/${id}`],
      ['PUT', `/api/v1/checkouts/select-shipping/${id}`],
      ['GET', `/api/v1/checkouts/select-payment/${id}`],
      ['PUT', `/api/v1/checkouts/select-payment/${id}`],
      ['PATCH', `/api/v1/checkouts/select-payment/${id}`],
      ['PUT', `/api/v1/checkouts/complete/${id}`],
    ] as const;

    it('answers 404 with the order not-found body for an unknown or impossible id, even with an invalid body', async () => {
      for (const raw of ['999999', 'abc', '0']) {
        for (const [method, url] of STEPS(raw)) {
          expect({ method, url, ...(await answer(request(method, url, method === 'GET' ? undefined : { nope: 1 }))) }).toEqual({ method, url, status: 404, body: ORDER_NOT_FOUND });
        }
      }
    });

    it('answers a placed order with the wrong-state answer of each step', async () => {
      const id = ids.orders.placed;
      expect(await answer(address(id))).toEqual({ status: 409, body: refused('address', 'completed') });
      expect(await answer(selectShipping(id))).toEqual({ status: 409, body: refused('select_shipping', 'completed') });
      expect(await answer(selectPayment(id))).toEqual({ status: 409, body: refused('select_payment', 'completed') });
      expect(await answer(request('PATCH', `/api/v1/checkouts/select-payment/${id}`))).toEqual({ status: 409, body: refused('select_payment', 'completed') });
      expect(await answer(complete(id))).toEqual({ status: 409, body: refused('complete', 'completed') });
      expect(await answer(get(`/api/v1/checkouts/select-shipping/${id}`))).toEqual({ status: 400, body: SHIPPING_UNRESOLVABLE });
      expect(await answer(get(`/api/v1/checkouts/select-payment/${id}`))).toEqual({ status: 400, body: PAYMENT_UNRESOLVABLE });
      expect((await get(`/api/v1/checkouts/${id}`)).statusCode).toBe(200);
    });

    it('refuses steps out of order with the state machine message and changes nothing', async () => {
      const id = ids.orders.cart;
      const before = await sql(t, 'select checkout_state, total, updated_at from orders where id = ?', [id]);
      expect(await answer(selectShipping(id))).toEqual({ status: 409, body: refused('select_shipping', 'cart') });
      expect(await answer(selectPayment(id))).toEqual({ status: 409, body: refused('select_payment', 'cart') });
      expect(await answer(complete(id))).toEqual({ status: 409, body: refused('complete', 'cart') });
      expect(await answer(get(`/api/v1/checkouts/select-payment/${id}`))).toEqual({ status: 400, body: PAYMENT_UNRESOLVABLE });
      expect(await sql(t, 'select checkout_state, total, updated_at from orders where id = ?', [id])).toEqual(before);
      await walkTo(id, 'shipping');
      expect(await answer(complete(id))).toEqual({ status: 409, body: refused('complete', 'shipping_selected') });
      expect(await answer(complete(id, { notes: 5 }))).toEqual({ status: 400, body: validationFailed({ children: { notes: { errors: ['This value is not valid.'] } } }) });
      expect(await answer(complete(id, { note: 'x' }))).toEqual({ status: 400, body: validationFailed({ errors: ['This form should not contain extra fields.'], children: { notes: {} } }) });
    });

    it('needs a token, answers other methods with 405 and unreadable bodies with 400', async () => {
      expect(await answer(t.inject({ method: 'PUT', url: `/api/v1/checkouts/addressing/${ids.orders.cart}`, payload: {} }))).toEqual({ status: 401, body: ACCESS_DENIED });
      const wrong = await t.inject({ method: 'PATCH', url: `/api/v1/checkouts/select-shipping/${ids.orders.cart}`, headers: AUTH });
      expect([wrong.statusCode, wrong.headers.allow]).toEqual([405, 'GET, PUT']);
      const summaryPut = await t.inject({ method: 'PUT', url: `/api/v1/checkouts/${ids.orders.cart}`, headers: AUTH });
      expect([summaryPut.statusCode, summaryPut.headers.allow]).toEqual([405, 'GET']);
      // A step's path without an id is the summary of an order named like the step.
      expect(await answer(get('/api/v1/checkouts/addressing'))).toEqual({ status: 404, body: ORDER_NOT_FOUND });
      expect(await answer(t.inject({ method: 'PUT', url: `/api/v1/checkouts/complete/${ids.orders.cart}`, headers: JSON_AUTH, payload: '[1]' }))).toEqual({
        status: 400,
        body: { code: 400, message: 'Invalid json message received' },
      });
    });
  });

  describe('cost', () => {
    it('spends at most 14 SQL statements on each step and 18 on the completion, authentication included', async () => {
      const id = ids.orders.cart;
      const counts: Record<string, number> = {};
      const measure = async (name: string, work: () => Promise<{ statusCode: number }>, status: number) => {
        const { status: got, statements } = await counted(work);
        expect({ name, status: got }).toEqual({ name, status });
        counts[name] = statements.length;
      };
      await measure('summary', () => get(`/api/v1/checkouts/${id}`), 200);
      await measure('addressing', () => address(id), 204);
      await measure('list shipping', () => get(`/api/v1/checkouts/select-shipping/${id}`), 200);
      await measure('select shipping', () => selectShipping(id, 'DHL'), 204);
      await measure('list payment', () => get(`/api/v1/checkouts/select-payment/${id}`), 200);
      await measure('select payment', () => selectPayment(id, 'pbc'), 204);
      await measure('complete', () => complete(id), 204);
      process.stdout.write(`checkout statements: ${JSON.stringify(counts)}\n`);
      // 12 before the events (issue #22): a step's cart.updated adds the cart read and the outbox's insert,
      // the completion's order.placed the order's GET read (five statements, one per module) and the insert.
      const budget = (name: string) => (name === 'complete' ? 18 : 14);
      for (const [name, count] of Object.entries(counts)) expect({ name, within: count <= budget(name) }).toEqual({ name, within: true });
    });
  });
});
