import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/database/orm-options';
import { registerEventOutbox } from '../../src/events';
import { engineOrderHooks, loadFixtures, parseFixtureYaml, type IdMap } from '../../src/fixtures';
import { CheckoutError } from '../../src/orders/commands/checkout-error';
import { CompleteCheckoutService } from '../../src/orders/services/complete-checkout.service';
import { sql } from '../support/cart-expectations';
import { AUTH_YAML, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';
import { startTestDatabase } from '../support/test-database';

const NOW = new Date('2026-03-04T05:06:07Z');
const CONCURRENT_CARTS = Array.from({ length: 20 }, (_, index) => `concurrent_${String(index + 1).padStart(2, '0')}`);

/**
 * Channel WEB ships with UPS (500 flat) and takes cash on delivery; channel NOPAY has no payment
 * method. SAVE10 takes 10 % off an order, FREE all of it; `once` takes 100 off an order with a
 * LIMITED item, and only once.
 */
const SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, locales: [en_US, de_DE], defaultTaxZone: US}
  - {code: NOPAY, name: No payment, baseCurrency: USD, defaultLocale: en_US}
shippingMethods:
  - {code: ups, name: UPS, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB]}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: MUG
    translations: {en_US: {name: Mug}, de_DE: {name: Becher}}
    variants:
      - {code: MUG_SW, translations: {en_US: {name: Star wars mug}, de_DE: {name: Star-Wars-Becher}}, tracked: true, onHand: 10, channelPricings: {WEB: 1000}}
      - {code: MUG_PLAIN, translations: {en_US: {name: Plain mug}}, channelPricings: {WEB: 500}}
  - code: GIFT_CARD
    name: Gift card
    variants:
      - {code: GIFT_CARD_10, name: Gift card 10, shippingRequired: false, channelPricings: {WEB: 1000, NOPAY: 1000}}
  - code: LIMITED
    name: Limited edition
    variants:
      - {code: LIMITED_1, name: Limited edition 1, channelPricings: {WEB: 2000}}
promotions:
  - code: ten_off
    name: Ten percent off
    channels: [WEB]
    couponBased: true
    coupons: [{code: SAVE10}]
    actions: [{type: order_percentage_discount, configuration: {percentage: 0.1}}]
  - code: all_off
    name: Everything free
    channels: [WEB]
    couponBased: true
    coupons: [{code: FREE}]
    actions: [{type: order_percentage_discount, configuration: {percentage: 1}}]
  - code: once
    name: Once only
    channels: [WEB]
    usageLimit: 1
    rules: [{type: contains_product, configuration: {product_code: LIMITED}}]
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 100}}}]
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
  - {email: felicity.smoak@star-city.com, firstName: Felicity, lastName: Smoak}
orders:
  - ref: german_cart
    customer: oliver.queen@star-city.com
    channel: WEB
    localeCode: de_DE
    promotionCoupon: SAVE10
    shippingAddress: {firstName: Oliver, lastName: Queen, countryCode: US, street: Main St 1, city: Star City, postcode: "12345"}
    items: [{variant: MUG_SW, quantity: 2}, {variant: MUG_PLAIN, quantity: 1}]
  - {ref: three_mugs, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: MUG_SW, quantity: 3}]}
  - {ref: free_cart, customer: oliver.queen@star-city.com, channel: WEB, promotionCoupon: FREE, items: [{variant: GIFT_CARD_10, quantity: 1}]}
  - {ref: no_payment_cart, customer: oliver.queen@star-city.com, channel: NOPAY, items: [{variant: GIFT_CARD_10, quantity: 1}]}
  - {ref: empty_cart, customer: oliver.queen@star-city.com, channel: WEB}
  - {ref: limited_a, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: LIMITED_1, quantity: 1}]}
  - {ref: limited_b, customer: felicity.smoak@star-city.com, channel: WEB, items: [{variant: LIMITED_1, quantity: 1}]}
  - {ref: placed, customer: oliver.queen@star-city.com, channel: WEB, checkoutState: completed, items: [{variant: MUG_PLAIN, quantity: 1}]}
${CONCURRENT_CARTS.map((ref) => `  - {ref: ${ref}, customer: felicity.smoak@star-city.com, channel: WEB, items: [{variant: MUG_PLAIN, quantity: 1}]}`).join('\n')}
`;

interface OrderState {
  number: string | null;
  state: string;
  checkout_state: string;
  payment_state: string;
  shipping_state: string;
  checkout_completed_at: Date | null;
  token_length: number | null;
  total: number;
  payments: Array<[string, number, string, string]> | null;
  shipments: Array<[string, string]> | null;
  items: Array<[string, number, number, string | null, string | null]>;
}

const ORDER_STATE = `
  select o.number, o.state, o.checkout_state, o.payment_state, o.shipping_state, o.checkout_completed_at,
         length(o.token_value) as token_length, o.total,
         (select json_agg(json_build_array(pm.code, p.amount, p.currency_code, p.state) order by p.id)
            from payment p left join payment_method pm on pm.id = p.method_id where p.order_id = o.id) as payments,
         (select json_agg(json_build_array(sm.code, s.state) order by s.id)
            from shipment s join shipping_method sm on sm.id = s.method_id where s.order_id = o.id) as shipments,
         (select json_agg(json_build_array(v.code, i.quantity, i.unit_price, i.product_name, i.variant_name) order by i.id)
            from order_item i join product_variant v on v.id = i.variant_id where i.order_id = o.id) as items
    from orders o where o.id = ?`;

/** Every cart moved to the end of its checkout, where completion may run. */
const PAYMENT_SELECTED = `update orders set checkout_state = 'payment_selected' where checkout_state = 'cart'`;

const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => 'completed',
    (error: unknown) => (error instanceof CheckoutError ? { reason: error.reason, message: error.message } : error),
  );

describe('checkout completion', () => {
  let t: TestApp;
  let ids: IdMap;
  let checkout: CompleteCheckoutService;

  beforeAll(async () => {
    t = await startTestApp();
    checkout = t.running.app.get(CompleteCheckoutService);
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ids = await loadShop(t, SHOP_YAML);
    // Completion takes an order whose payment step is done; the checkout steps themselves are tested in checkout-steps.
    await sql(t, PAYMENT_SELECTED);
  });

  const orderState = async (id: number): Promise<OrderState> => {
    const [row] = await sql<OrderState>(t, ORDER_STATE, [id]);
    return { ...row, checkout_completed_at: row.checkout_completed_at === null ? null : new Date(row.checkout_completed_at) };
  };
  const stock = () => sql(t, 'select code, on_hand, on_hold, version from product_variant order by id');
  const usage = async () => ({
    promotions: await sql(t, 'select code, used from promotion order by id'),
    coupons: await sql(t, 'select code, used from promotion_coupon order by id'),
    sequence: await sql(t, 'select idx from order_sequence'),
  });

  it('reprocesses and places a cart: number, token, states, payment, shipment, usage, stock and frozen names', async () => {
    // A price change after the cart was processed: completion must price with the current catalogue.
    await sql(t, `update channel_pricing set price = 700 where variant_id = (select id from product_variant where code = 'MUG_PLAIN')`);
    const placed = await checkout.complete(ids.orders.german_cart, { now: NOW });
    expect(placed).toEqual({ id: ids.orders.german_cart, number: '000000002' });

    // 2 × 1000 + 700, minus 10 %, plus 500 shipping.
    expect(await orderState(ids.orders.german_cart)).toEqual({
      number: '000000002', state: 'new', checkout_state: 'completed', payment_state: 'awaiting_payment', shipping_state: 'ready',
      checkout_completed_at: NOW, token_length: 10, total: 2930,
      payments: [['cash_on_delivery', 2930, 'USD', 'new']],
      shipments: [['ups', 'ready']],
      items: [['MUG_SW', 2, 1000, 'Becher', 'Star-Wars-Becher'], ['MUG_PLAIN', 1, 700, 'Becher', 'Plain mug']],
    });
    expect(await stock()).toEqual([
      { code: 'MUG_SW', on_hand: 10, on_hold: 2, version: 2 },
      { code: 'MUG_PLAIN', on_hand: 0, on_hold: 0, version: 1 },
      { code: 'GIFT_CARD_10', on_hand: 0, on_hold: 0, version: 1 },
      { code: 'LIMITED_1', on_hand: 0, on_hold: 0, version: 1 },
    ]);
    expect(await usage()).toEqual({
      promotions: [{ code: 'ten_off', used: 1 }, { code: 'all_off', used: 0 }, { code: 'once', used: 0 }],
      coupons: [{ code: 'SAVE10', used: 1 }, { code: 'FREE', used: 0 }],
      sequence: [{ idx: 2 }],
    });
  });

  it('refuses a placed order, a missing order, a cart before its payment step and an empty cart, changing nothing', async () => {
    await sql(t, `update orders set checkout_state = 'shipping_selected' where id = ?`, [ids.orders.three_mugs]);
    const before = { placed: await orderState(ids.orders.placed), empty: await orderState(ids.orders.empty_cart), usage: await usage() };
    const refused = (state: string) =>
      `Transition "complete" cannot be applied on state "${state}" of object "Sylius\\Component\\Core\\Model\\Order" with graph "sylius_order_checkout"`;
    expect(await failure(checkout.complete(ids.orders.placed))).toEqual({ reason: 'wrong_state', message: refused('completed') });
    expect(await failure(checkout.complete(ids.orders.three_mugs))).toEqual({ reason: 'wrong_state', message: refused('shipping_selected') });
    expect(await failure(checkout.complete(999999))).toEqual({ reason: 'not_found', message: 'Order 999999 does not exist' });
    expect(await failure(checkout.complete(ids.orders.empty_cart))).toEqual({ reason: 'not_placeable', message: 'The order has no items.' });
    expect({ placed: await orderState(ids.orders.placed), empty: await orderState(ids.orders.empty_cart), usage: await usage() }).toEqual(before);
  });

  it('refuses a cart whose tracked stock is no longer there, and one nobody can be paid for, rolling back', async () => {
    await sql(t, `update product_variant set on_hold = 8 where code = 'MUG_SW'`);
    const before = { stock: await stock(), usage: await usage(), cart: await orderState(ids.orders.three_mugs) };
    expect(await failure(checkout.complete(ids.orders.three_mugs))).toEqual({ reason: 'not_placeable', message: 'Mug does not have sufficient stock.' });
    expect(await failure(checkout.complete(ids.orders.no_payment_cart))).toEqual({ reason: 'not_placeable', message: 'No payment method can pay for this order.' });
    expect({ stock: await stock(), usage: await usage(), cart: await orderState(ids.orders.three_mugs) }).toEqual(before);

    await sql(t, `update product_variant set on_hold = 7 where code = 'MUG_SW'`);
    expect(await checkout.complete(ids.orders.three_mugs)).toEqual({ id: ids.orders.three_mugs, number: '000000002' });
    expect((await stock())[0]).toEqual({ code: 'MUG_SW', on_hand: 10, on_hold: 10, version: 2 });
  });

  it('counts an order with nothing to pay as paid and one with nothing to ship as shipped: both make it fulfilled', async () => {
    await checkout.complete(ids.orders.free_cart, { now: NOW });
    expect(await orderState(ids.orders.free_cart)).toEqual({
      number: '000000002', state: 'fulfilled', checkout_state: 'completed', payment_state: 'paid', shipping_state: 'shipped',
      checkout_completed_at: NOW, token_length: 10, total: 0, payments: null, shipments: null,
      items: [['GIFT_CARD_10', 1, 1000, 'Gift card', 'Gift card 10']],
    });
  });

  it('gives 20 concurrent checkouts of 20 carts 20 distinct consecutive numbers', async () => {
    const cartIds = CONCURRENT_CARTS.map((ref) => ids.orders[ref]);
    const placed = await Promise.all(cartIds.map((id) => checkout.complete(id)));
    expect(placed.map((order) => order.id)).toEqual(cartIds);
    const numbers = placed.map((order) => order.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 2).padStart(9, '0')));
    const stored = await sql<{ id: number; number: string; checkout_state: string }>(
      t, 'select id, number, checkout_state from orders where id in (?) order by id', [cartIds],
    );
    expect(stored).toEqual(placed.map((order) => ({ id: order.id, number: order.number, checkout_state: 'completed' })));
    expect((await usage()).sequence).toEqual([{ idx: 21 }]);
  });

  it('grants a promotion with a usage limit of 1 to only one of two concurrent checkouts', async () => {
    const [a, b] = await Promise.all([checkout.complete(ids.orders.limited_a), checkout.complete(ids.orders.limited_b)]);
    expect([a.id, b.id]).toEqual([ids.orders.limited_a, ids.orders.limited_b]);
    const totals = [(await orderState(a.id)).total, (await orderState(b.id)).total].sort();
    expect(totals).toEqual([2400, 2500]);
    expect((await usage()).promotions).toEqual([{ code: 'ten_off', used: 0 }, { code: 'all_off', used: 0 }, { code: 'once', used: 1 }]);
  });
});

describe('order:complete command', () => {
  const root = join(__dirname, '..', '..');
  const run = (args: string[], databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> =>
    new Promise((resolve) => {
      execFile(process.execPath, [join(root, 'dist', 'cli', 'main.js'), ...args], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } }, (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
      });
    });

  it('places a cart and prints its id and number as one JSON line; reports what it cannot do', async () => {
    const database = await startTestDatabase();
    const orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 1 }));
    const outbox = await registerEventOutbox(orm);
    try {
      const sources = [AUTH_YAML, SHOP_YAML].map((yaml, index) => ({ file: `${index}.yaml`, data: parseFixtureYaml(`${index}.yaml`, yaml) }));
      const ids = await orm.em.fork().transactional((em) => loadFixtures(em, sources, { purge: true, now: NOW, outbox }, engineOrderHooks));
      await orm.em.getConnection().execute(PAYMENT_SELECTED);

      const placed = await run(['order:complete', String(ids.orders.german_cart)], database.url);
      expect(placed).toEqual({ code: 0, stdout: `{"id":${ids.orders.german_cart},"number":"000000002"}\n`, stderr: '' });
      expect(await run(['order:complete', String(ids.orders.german_cart)], database.url)).toEqual({
        code: 1,
        stdout: '',
        stderr: 'Transition "complete" cannot be applied on state "completed" of object "Sylius\\Component\\Core\\Model\\Order" with graph "sylius_order_checkout"\n',
      });
      expect(await run(['order:complete', 'abc'], database.url)).toEqual({ code: 1, stdout: '', stderr: 'Usage: npm run cli -- order:complete CART_ID\n' });
    } finally {
      await orm.close();
      await database.close();
    }
  });
});
