import type { IdMap } from '../../src/fixtures';
import { expectNoContent, itemIdOf, sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The order-processing engine works from a per-process cache of each channel's shop configuration. These
 * tests change the configuration behind the application's back (plain SQL, as another instance or an
 * operator would) and check that the very next cart change uses the new configuration, while promotion
 * and coupon usage, which change with every completed checkout, are always read fresh.
 *
 * The shop: a book at 1059, a 10 % order promotion (at most 5 uses), flat shipping 500, VAT 23 % on both.
 * One book: 1059 - 106 = 953, + 219 tax = 1172; shipping 500 + 115 tax = 615; total 1787.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US, taxCalculationStrategy: order_items_based}
taxCategories: [{code: std, name: Standard}]
taxRates: [{code: vat, name: VAT, category: std, zone: US, amount: 0.23}]
shippingMethods:
  - {code: flat, name: Flat, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB], taxCategory: std}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: BOOK
    name: Book
    variants:
      - {code: BOOK_STD, name: Standard book, taxCategory: std, channelPricings: {WEB: 1059}}
promotions:
  - code: ten
    name: Ten
    channels: [WEB]
    usageLimit: 5
    actions: [{type: order_percentage_discount, configuration: {percentage: 0.1}}]
  - code: five_off
    name: Five off
    channels: [WEB]
    couponBased: true
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 500}}}]
    coupons: [{code: ONCE, usageLimit: 1}]
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: BOOK_STD, quantity: 1}]}
`;

interface Totals {
  itemsTotal: number;
  adjustmentsTotal: number;
  total: number;
  labels: string[];
}

describe('shop configuration cache', () => {
  let t: TestApp;
  let ids: IdMap;
  let cartId: number;
  let itemId: number;
  let recording: string[] | null = null;

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (message) => recording?.push(message) });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ids = await loadShop(t, SHOP_YAML);
    cartId = ids.orders.cart;
    itemId = await itemIdOf(t, cartId, 'BOOK_STD');
  });

  const run = async (statement: string): Promise<void> => {
    await t.em().getConnection().execute(statement);
  };
  const version = async (): Promise<number> => Number((await sql<{ version: string }>(t, 'select version from shop_configuration_version'))[0].version);

  /**
   * Sets the line's quantity (the same one reprocesses the cart too) and answers the reads it took (what
   * it writes depends on what the new configuration changes in the cart).
   */
  const setQuantity = async (quantity: number): Promise<number> => {
    recording = [];
    const response = await t.inject({ method: 'PUT', url: `/api/v1/carts/${cartId}/items/${itemId}`, headers: JSON_AUTH, payload: { quantity } });
    // Reads only: the statement taking ids for the adjustments a change makes is not one.
    const statements = recording.filter((statement) => /^(\[query\] )?select\b/i.test(statement.trim()) && !statement.includes('nextval(')).length;
    recording = null;
    expectNoContent(response);
    return statements;
  };

  const totals = async (): Promise<Totals> => {
    const body = JSON.parse((await t.inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH })).body);
    const labels = new Set<string>();
    for (const line of body.items) for (const unit of line.units) for (const adjustment of unit.adjustments) labels.add(adjustment.label);
    for (const adjustment of body.adjustments) labels.add(adjustment.label);
    return { itemsTotal: body.itemsTotal, adjustmentsTotal: body.adjustmentsTotal, total: body.total, labels: [...labels].sort() };
  };

  const BASE: Totals = { itemsTotal: 1172, adjustmentsTotal: 615, total: 1787, labels: ['Flat', 'Ten', 'VAT (23%)'] };

  it('uses a changed tax rate, promotion and shipping method at the next cart change, and caches again after it', async () => {
    await setQuantity(1);
    expect(await totals()).toEqual(BASE);
    const cached = await setQuantity(1);

    await run(`update tax_rate set amount = 0.1, name = 'Reduced VAT' where code = 'vat'`);
    const afterChange = await setQuantity(1);
    // 1059 - 106 = 953, + 95 tax; shipping 500 + 50 tax.
    expect(await totals()).toEqual({ itemsTotal: 1048, adjustmentsTotal: 550, total: 1598, labels: ['Flat', 'Reduced VAT (10%)', 'Ten'] });
    // Exactly one more read (the configuration) right after the change, then none again.
    expect([afterChange, await setQuantity(1)]).toEqual([cached + 1, cached]);

    await run(`update promotion set name = 'Tenth' where code = 'ten'`);
    await run(`update promotion_action set configuration = '{"percentage": 0.2}'`);
    await setQuantity(1);
    // 1059 - 212 = 847, + 85 tax.
    expect(await totals()).toEqual({ itemsTotal: 932, adjustmentsTotal: 550, total: 1482, labels: ['Flat', 'Reduced VAT (10%)', 'Tenth'] });

    await run(`update shipping_method set configuration = '{"WEB": {"amount": 300}}'`);
    await setQuantity(1);
    // Shipping 300 + 30 tax.
    expect(await totals()).toEqual({ itemsTotal: 932, adjustmentsTotal: 330, total: 1262, labels: ['Flat', 'Reduced VAT (10%)', 'Tenth'] });
  });

  it('reads promotion usage fresh: a promotion used up elsewhere stops applying, with no configuration change', async () => {
    await setQuantity(1);
    const before = await version();
    await run(`update promotion set used = 5, updated_at = now() where code = 'ten'`);
    expect(await version()).toBe(before);
    await setQuantity(1);
    // 1059 + 244 tax; shipping 615.
    expect(await totals()).toEqual({ itemsTotal: 1303, adjustmentsTotal: 615, total: 1918, labels: ['Flat', 'VAT (23%)'] });
  });

  it('reads coupons fresh: a coupon used up elsewhere stops applying, with no configuration change', async () => {
    expectNoContent(await t.inject({ method: 'PUT', url: `/api/v1/carts/${cartId}`, headers: JSON_AUTH, payload: { promotionCoupon: 'ONCE' } }));
    const withCoupon = await totals();
    expect(withCoupon.labels).toEqual(['Five off', 'Flat', 'Ten', 'VAT (23%)']);
    expect(withCoupon.total).toBeLessThan(BASE.total);

    const before = await version();
    await run(`update promotion_coupon set used = 1 where code = 'ONCE'`);
    expect(await version()).toBe(before);
    await setQuantity(1);
    expect(await totals()).toEqual(BASE);
    expectJson400(await t.inject({ method: 'PUT', url: `/api/v1/carts/${cartId}`, headers: JSON_AUTH, payload: { promotionCoupon: 'ONCE' } }));
  });

  it('moves the version for every change of a cached configuration table, and not for usage counters', async () => {
    const moves = async (statement: string): Promise<boolean> => {
      const before = await version();
      await run(statement);
      return (await version()) !== before;
    };
    const changes = {
      channel: `update channel set name = name`,
      zone: `update zone set name = name`,
      zone_member: `update zone_member set code = code`,
      tax_category: `update tax_category set name = name`,
      tax_rate: `update tax_rate set name = name`,
      shipping_category: `insert into shipping_category (code, name, created_at, updated_at) values ('bulky', 'Bulky', now(), now())`,
      shipping_method: `update shipping_method set position = position`,
      shipping_method_channel: `update shipping_method_channel set channel_id = channel_id`,
      promotion: `update promotion set priority = priority + 1`,
      promotion_channel: `update promotion_channel set channel_id = channel_id`,
      promotion_rule: `insert into promotion_rule (promotion_id, type, configuration) select id, 'cart_quantity', '{"count": 1}' from promotion where code = 'ten'`,
      promotion_action: `delete from promotion_action where promotion_id = (select id from promotion where code = 'five_off')`,
      payment_method: `update payment_method set enabled = enabled`,
      payment_method_channel: `update payment_method_channel set channel_id = channel_id`,
      new_promotion: `insert into promotion (code, name, created_at, updated_at) values ('new', 'New', now(), now())`,
      removed_promotion: `delete from promotion where code = 'new'`,
    };
    const moved: Record<string, boolean> = {};
    for (const [name, statement] of Object.entries(changes)) moved[name] = await moves(statement);
    expect(moved).toEqual(Object.fromEntries(Object.keys(changes).map((name) => [name, true])));

    const beforeRollback = await version();
    const rolledBack = await t
      .em()
      .transactional(async (em) => {
        await em.execute(`update tax_rate set amount = 0.5`);
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect({
      promotionUsage: await moves(`update promotion set used = used + 1, updated_at = now()`),
      couponUsage: await moves(`update promotion_coupon set used = used + 1`),
      unchangedPromotion: await moves(`update promotion set name = name`),
      rolledBack: [rolledBack, (await version()) !== beforeRollback],
    }).toEqual({ promotionUsage: false, couponUsage: false, unchangedPromotion: false, rolledBack: ['roll back', false] });
  });
});

function expectJson400(response: { statusCode: number; body: string }): void {
  expect([response.statusCode, JSON.parse(response.body)]).toEqual([
    400,
    { code: 400, message: 'Validation Failed', errors: { children: { promotionCoupon: { errors: ['Coupon code is invalid.'] } } } },
  ]);
}
