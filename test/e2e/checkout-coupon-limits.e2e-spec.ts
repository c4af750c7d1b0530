import type { IdMap } from '../../src/fixtures';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue #20, findings 3 and 4: a coupon's usage limit and per-customer usage limit are checked again
 * when the checkout completes, against the counters as they are then. A completion whose coupon is used
 * up is refused with the complete step's validation answer and changes nothing.
 *
 * ONCE and THRICE (usage limits 1 and 3) take 100 off; MINE (one use per customer) takes 200 off.
 * A cancelled order gives its use of a coupon back, to `used` and to the per-customer limit, only when the
 * coupon is reusable from cancelled orders (the fixtures' coupons are).
 * Every cart holds one 1000 mug and ships with UPS (500): 1400 with ONCE or THRICE, 1300 with MINE.
 */
const THRICE_CARTS = Array.from({ length: 5 }, (_, index) => `thrice_${index + 1}`);
const MINE_CARTS = Array.from({ length: 6 }, (_, index) => `mine_${index + 1}`);

const cartLine = (ref: string, customer: string, coupon: string) =>
  `  - {ref: ${ref}, customer: ${customer}, channel: WEB, promotionCoupon: ${coupon}, items: [{variant: MUG_PLAIN, quantity: 1}]}`;

const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US}
shippingMethods:
  - {code: ups, name: UPS, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB]}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: MUG
    name: Mug
    variants:
      - {code: MUG_PLAIN, name: Plain mug, channelPricings: {WEB: 1000}}
promotions:
  - code: limited
    name: Limited coupons
    channels: [WEB]
    couponBased: true
    coupons: [{code: ONCE, usageLimit: 1}, {code: THRICE, usageLimit: 3}]
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 100}}}]
  - code: per_customer
    name: One per customer
    channels: [WEB]
    couponBased: true
    coupons: [{code: MINE, perCustomerUsageLimit: 1}]
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 200}}}]
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
  - {email: felicity.smoak@star-city.com, firstName: Felicity, lastName: Smoak}
orders:
${cartLine('once_oliver', 'oliver.queen@star-city.com', 'ONCE')}
${cartLine('once_felicity', 'felicity.smoak@star-city.com', 'ONCE')}
${THRICE_CARTS.map((ref, index) => cartLine(ref, index % 2 === 0 ? 'oliver.queen@star-city.com' : 'felicity.smoak@star-city.com', 'THRICE')).join('\n')}
${MINE_CARTS.map((ref) => cartLine(ref, 'oliver.queen@star-city.com', 'MINE')).join('\n')}
`;

/** Every cart moved to the end of its checkout, where completion may run. */
const PAYMENT_SELECTED = `update orders set checkout_state = 'payment_selected' where checkout_state = 'cart'`;

const COUPON_USED_UP = validationFailed({ errors: ['Coupon code is invalid.'], children: { notes: {} } });

interface CartRow {
  id: number;
  state: string;
  checkout_state: string;
  total: number;
  coupon: string | null;
  adjustments: number;
}

const CART_ROWS = `
  select o.id, o.state, o.checkout_state, o.total, c.code as coupon,
         jsonb_array_length(o.adjustments) as adjustments
    from orders o left join promotion_coupon c on c.id = o.promotion_coupon_id
   where o.id in (?) order by o.id`;

describe('checkout completion: coupon usage limits (issue #20, findings 3 and 4)', () => {
  let t: TestApp;
  let ids: IdMap;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ids = await loadShop(t, SHOP_YAML);
    await sql(t, PAYMENT_SELECTED);
  });

  const complete = (ref: string) => t.inject({ method: 'PUT', url: `/api/v1/checkouts/complete/${ids.orders[ref]}`, headers: JSON_AUTH, payload: {} });
  const carts = (refs: string[]) => sql<CartRow>(t, CART_ROWS, [refs.map((ref) => ids.orders[ref])]);
  const coupons = () => sql(t, 'select code, used, usage_limit from promotion_coupon order by id');
  const promotions = () => sql(t, 'select code, used from promotion order by id');
  /** Placed orders naming the coupon, with the discount they were given. */
  const placedWith = (code: string) =>
    sql(t, `select o.total from orders o join promotion_coupon c on c.id = o.promotion_coupon_id where c.code = ? and o.state <> 'cart' order by o.id`, [code]);

  it('refuses the second completion of a coupon limited to one use, leaving the cart, its total and the counters as they were', async () => {
    const before = await carts(['once_felicity']);
    expect(before).toEqual([{ id: ids.orders.once_felicity, state: 'cart', checkout_state: 'payment_selected', total: 1400, coupon: 'ONCE', adjustments: 1 }]);

    expectNoContent(await complete('once_oliver'));
    const usage = { coupons: await coupons(), promotions: await promotions() };
    expect(usage.coupons).toEqual([
      { code: 'ONCE', used: 1, usage_limit: 1 },
      { code: 'THRICE', used: 0, usage_limit: 3 },
      { code: 'MINE', used: 0, usage_limit: null },
    ]);

    expectJson(await complete('once_felicity'), 400, COUPON_USED_UP);
    expect(await carts(['once_felicity'])).toEqual(before);
    expect({ coupons: await coupons(), promotions: await promotions() }).toEqual(usage);
    expect(await placedWith('ONCE')).toEqual([{ total: 1400 }]);
  });

  it('lets only three of five concurrent completions use a coupon limited to three uses', async () => {
    const answers = await Promise.all(THRICE_CARTS.map((ref) => complete(ref)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 204, 204, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) expectJson(refused, 400, COUPON_USED_UP);
    expect((await coupons())[1]).toEqual({ code: 'THRICE', used: 3, usage_limit: 3 });
    expect(await placedWith('THRICE')).toEqual([{ total: 1400 }, { total: 1400 }, { total: 1400 }]);
    const left = await carts(THRICE_CARTS.filter((_, index) => answers[index].statusCode === 400));
    expect(left.map(({ state, checkout_state, total, coupon }) => ({ state, checkout_state, total, coupon }))).toEqual(
      Array.from({ length: 2 }, () => ({ state: 'cart', checkout_state: 'payment_selected', total: 1400, coupon: 'THRICE' })),
    );
  });

  it('gives a coupon limited to one use per customer to one of the same customer\'s carts completed one after another', async () => {
    expectNoContent(await complete(MINE_CARTS[0]));
    for (const ref of MINE_CARTS.slice(1)) expectJson(await complete(ref), 400, COUPON_USED_UP);
    expect(await placedWith('MINE')).toEqual([{ total: 1300 }]);
    expect((await coupons())[2]).toEqual({ code: 'MINE', used: 1, usage_limit: null });
  });

  it("counts a cancelled order's use of a coupon toward the per-customer limit only when the coupon is not reusable from cancelled orders", async () => {
    const cancel = (ref: string) => t.inject({ method: 'PUT', url: `/api/v1/orders/${ids.orders[ref]}/cancel`, headers: AUTH });
    const mine = async () => (await coupons())[2];
    expectNoContent(await complete(MINE_CARTS[0]));
    expectJson(await complete(MINE_CARTS[1]), 400, COUPON_USED_UP);

    // Reusable: the cancelled order gives its use back, to the customer as to the coupon's count.
    expectNoContent(await cancel(MINE_CARTS[0]));
    expect(await mine()).toEqual({ code: 'MINE', used: 0, usage_limit: null });
    expectNoContent(await complete(MINE_CARTS[1]));
    expect(await mine()).toEqual({ code: 'MINE', used: 1, usage_limit: null });

    // Not reusable: the cancelled order keeps its use, so the customer's one use is spent.
    expectNoContent(await t.inject({ method: 'PATCH', url: '/api/v1/promotions/per_customer/coupons/MINE', headers: JSON_AUTH, payload: { reusableFromCancelledOrders: false } }));
    expectNoContent(await cancel(MINE_CARTS[1]));
    expect(await mine()).toEqual({ code: 'MINE', used: 1, usage_limit: null });
    const before = await carts([MINE_CARTS[2]]);
    expectJson(await complete(MINE_CARTS[2]), 400, COUPON_USED_UP);
    expect(await carts([MINE_CARTS[2]])).toEqual(before);
    expect(await sql(t, `select o.state from orders o join promotion_coupon c on c.id = o.promotion_coupon_id where c.code = 'MINE' and o.state <> 'cart' order by o.id`)).toEqual([
      { state: 'cancelled' },
      { state: 'cancelled' },
    ]);
  });

  it('gives a coupon limited to one use per customer to one of six carts of that customer completed at once', async () => {
    const answers = await Promise.all(MINE_CARTS.map((ref) => complete(ref)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) expectJson(refused, 400, COUPON_USED_UP);
    expect(await placedWith('MINE')).toEqual([{ total: 1300 }]);
    expect((await coupons())[2]).toEqual({ code: 'MINE', used: 1, usage_limit: null });
  });
});
