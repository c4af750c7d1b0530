import type { IdMap } from '../../src/fixtures';
import { CompleteCheckoutService } from '../../src/orders/services/complete-checkout.service';
import { sql } from '../support/cart-expectations';
import { AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/** A cart with two lines (one tracked), a coupon and a usage-limited promotion in its channel. */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels: [{code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US}]
shippingMethods: [{code: ups, name: UPS, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB]}]
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: MUG
    name: Mug
    variants:
      - {code: MUG_SW, name: Star wars mug, tracked: true, onHand: 10, channelPricings: {WEB: 1000}}
      - {code: MUG_PLAIN, name: Plain mug, channelPricings: {WEB: 500}}
promotions:
  - {code: ten_off, name: Ten off, channels: [WEB], couponBased: true, coupons: [{code: SAVE10}], actions: [{type: order_percentage_discount, configuration: {percentage: 0.1}}]}
  - {code: once, name: Once, channels: [WEB], usageLimit: 5, actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 100}}}]}
customers: [{email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}]
orders:
  - ref: cart
    customer: oliver.queen@star-city.com
    channel: WEB
    promotionCoupon: SAVE10
    shippingAddress: {firstName: Oliver, lastName: Queen, countryCode: US, street: Main St 1, city: Star City, postcode: "12345"}
    items: [{variant: MUG_SW, quantity: 2}, {variant: MUG_PLAIN, quantity: 1}]
`;

describe('SQL statements of customer create and checkout completion', () => {
  let t: TestApp;
  let ids: IdMap;
  let recording: string[] | null = null;

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (message) => recording?.push(message) });
    ids = await loadShop(t, SHOP_YAML);
    await sql(t, `update orders set checkout_state = 'payment_selected' where id = ?`, [ids.orders.cart]);
  });
  afterAll(() => t?.close());

  const counted = async <T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> => {
    recording = [];
    const result = await work();
    const statements = recording;
    recording = null;
    return { result, statements };
  };

  it('creates a customer with an account in a fixed number of statements', async () => {
    const { result, statements } = await counted(() =>
      t.inject({ method: 'POST', url: '/api/v1/customers/', headers: AUTH, payload: { email: 'new@example.com', gender: 'm', group: [], user: { plainPassword: 'secret12' } } }),
    );
    expect(result.statusCode).toBe(201);
    process.stdout.write(`customer create: ${statements.length} statements\n${statements.join('\n')}\n`);
    expect(statements.length).toBeLessThanOrEqual(12);
  });

  it('completes a checkout in a fixed number of statements, taking its locks in the documented order', async () => {
    const checkout = t.running.app.get(CompleteCheckoutService);
    const { result, statements } = await counted(() => checkout.complete(ids.orders.cart));
    expect(result).toEqual({ id: ids.orders.cart, number: '000000001' });
    process.stdout.write(`checkout completion: ${statements.length} statements\n${statements.join('\n')}\n`);
    // The rows each statement locks, in the order they are first taken (src/database/lock-order.ts);
    // taking a lock again that the transaction holds already waits for nothing.
    const locks: Array<[string, RegExp]> = [
      ['customer', /from customer c .* for no key update of c/],
      ['order', /from "?orders"? .*\bfor update\b/],
      ['coupon', /(from promotion_coupon .* for no key update|update promotion_coupon set used)/],
      ['promotions', /(from promotion where .* for no key update|update promotion set used)/],
      ['variants', /from "product_variant" as "p0" .* for update/],
      ['sequence', /update order_sequence/],
    ];
    const taken = statements.flatMap((statement) => locks.filter(([, pattern]) => pattern.test(statement)).map(([row]) => row));
    expect([...new Set(taken)]).toEqual(['customer', 'order', 'coupon', 'promotions', 'variants', 'sequence']);
    expect(statements.length).toBeLessThanOrEqual(30);
  });
});
