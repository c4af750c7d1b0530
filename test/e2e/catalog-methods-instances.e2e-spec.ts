import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApp, type RunningApp } from '../../src/app/create-app';
import { loadConfig } from '../../src/config/app-config';
import type { IdMap } from '../../src/fixtures';
import { expectNoContent } from '../support/cart-expectations';
import { JSON_AUTH, AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A tax rate and a shipping method changed through the API of one instance (A) are used by the very next
 * cart change on another instance (B) on the same database, whose configuration cache was warm; a cart
 * nobody changes keeps its totals.
 *
 * Each cart: a book at 1059 taxed 23 % (244), flat shipping 500 taxed 23 % (115): 1918. After the change
 * (10 %, shipping 3.00): a book is 1059 + 106, shipping 300 + 30.
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
      - {code: BOOK_BIG, name: Big book, taxCategory: std, channelPricings: {WEB: 2000}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: first, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: BOOK_STD, quantity: 1}]}
  - {ref: second, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: BOOK_STD, quantity: 1}]}
`;

interface Totals {
  itemsTotal: number;
  adjustmentsTotal: number;
  total: number;
}

describe('tax rates and shipping methods changed on one instance, used by the next cart change on another', () => {
  let a: TestApp;
  let b: RunningApp;
  let ids: IdMap;

  beforeAll(async () => {
    a = await startTestApp({ env: { DB_POOL_SIZE: '2' } });
    const config = loadConfig({ LOG_LEVEL: 'silent', DB_POOL_SIZE: '2', WEBHOOK_CONCURRENCY: '0' });
    b = await createApp(config, { database: { url: a.running.database.url, embedded: a.running.database.embedded, close: () => Promise.resolve() } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  beforeEach(async () => {
    ids = await loadShop(a, SHOP_YAML);
  });

  const onB = (options: InjectOptions): Promise<LightMyRequestResponse> => b.app.getHttpAdapter().getInstance().inject(options);
  const totalsOn = async (inject: (options: InjectOptions) => Promise<LightMyRequestResponse>, cartId: number): Promise<Totals> => {
    const body = JSON.parse((await inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH })).body) as Totals;
    return { itemsTotal: body.itemsTotal, adjustmentsTotal: body.adjustmentsTotal, total: body.total };
  };
  const OLD: Totals = { itemsTotal: 1303, adjustmentsTotal: 615, total: 1918 };

  it('adds an item on B with the tax rate and the shipping amount A just changed; the other cart keeps its totals until it changes', async () => {
    const [first, second] = [ids.orders.first, ids.orders.second];
    // B prices a cart once, so its cache holds the configuration as it was.
    const warm = await onB({ method: 'PATCH', url: `/api/v1/carts/${second}`, headers: JSON_AUTH, payload: { promotionCoupon: null } });
    expectNoContent(warm);
    expect(await totalsOn(onB, second)).toEqual(OLD);

    expectNoContent(await a.inject({ method: 'PATCH', url: '/api/v1/tax-rates/vat', headers: JSON_AUTH, payload: { amount: 0.1 } }));
    expectNoContent(await a.inject({ method: 'PATCH', url: '/api/v1/shipping-methods/flat', headers: JSON_AUTH, payload: { configuration: { WEB: { amount: 3 } } } }));

    const added = await onB({ method: 'POST', url: `/api/v1/carts/${first}/items`, headers: JSON_AUTH, payload: { variant: 'BOOK_BIG', quantity: 1 } });
    expect(added.statusCode).toBe(201);
    // 1059 + 106 and 2000 + 200; shipping 300 + 30.
    expect(await totalsOn(onB, first)).toEqual({ itemsTotal: 3365, adjustmentsTotal: 330, total: 3695 });

    // Nobody changed the second cart: both instances show what it was priced at.
    expect(await totalsOn(onB, second)).toEqual(OLD);
    expect(await totalsOn((options) => a.inject(options), second)).toEqual(OLD);
    expectNoContent(await onB({ method: 'PATCH', url: `/api/v1/carts/${second}`, headers: JSON_AUTH, payload: { promotionCoupon: null } }));
    expect(await totalsOn(onB, second)).toEqual({ itemsTotal: 1165, adjustmentsTotal: 330, total: 1495 });
  });
});
