import type { IdMap } from '../../src/fixtures';
import { channelRef, customer, expectJson, item, sql, unitIds, variant } from '../support/cart-expectations';
import { AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Placed orders in two channels, for three customers, with numbers, completion dates and totals apart;
 * carts that must never be listed. `big` has two plain mugs (1000 USD), `small` one (500 USD), `euro` two (900 EUR).
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD, EUR]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
  - {code: EU, name: EU Channel, baseCurrency: EUR, defaultLocale: en_US}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB, EU]}]
products:
  - code: MUG
    name: Mug
    variants: [{code: MUG_PLAIN, name: Plain mug, shippingRequired: false, channelPricings: {WEB: 500, EU: 450}}]
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
  - {email: felicity.smoak@star-city.com, firstName: Felicity, lastName: Smoak}
  - {email: barry@allen.com}
orders:
  - {ref: big, customer: oliver.queen@star-city.com, channel: WEB, checkoutState: completed, number: "000000010", checkoutCompletedAt: 2026-01-10T10:00:00+00:00, items: [{ref: big_item, variant: MUG_PLAIN, quantity: 2}]}
  - {ref: small, customer: felicity.smoak@star-city.com, channel: WEB, checkoutState: completed, number: "000000020", checkoutCompletedAt: 2026-02-20T23:30:00+00:00, items: [{ref: small_item, variant: MUG_PLAIN, quantity: 1}]}
  - {ref: euro, customer: barry@allen.com, channel: EU, checkoutState: completed, number: "000000030", checkoutCompletedAt: 2026-03-01T08:00:00+00:00, items: [{ref: euro_item, variant: MUG_PLAIN, quantity: 2}]}
  - {ref: cart_a, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: MUG_PLAIN, quantity: 1}]}
  - {ref: cart_b, customer: barry@allen.com, channel: EU}
`;

describe('GET /api/v1/orders/', () => {
  let t: TestApp;
  let ids: IdMap;
  const items: Record<string, unknown> = {};

  beforeAll(async () => {
    t = await startTestApp();
    ids = await loadShop(t, SHOP_YAML);
    const plainMug = await variant(t, { code: 'MUG_PLAIN', position: 0, name: 'Plain mug', prices: { WEB: 500, EU: 450 } });
    const line = async (ref: 'big' | 'small' | 'euro', itemRef: string, quantity: number, unitPrice = 500) =>
      item({ id: ids.orderItems[itemRef], cartId: ids.orders[ref], quantity, unitPrice, units: (await unitIds(t, ids.orderItems[itemRef])).map((id) => ({ id })), variant: plainMug });
    const web = channelRef(ids.channels.WEB);
    items.big = {
      id: ids.orders.big,
      items: [await line('big', 'big_item', 2)],
      itemsTotal: 1000,
      adjustments: [],
      adjustmentsTotal: 0,
      total: 1000,
      customer: customer({ id: ids.customers['oliver.queen@star-city.com'], email: 'oliver.queen@star-city.com', firstName: 'Oliver', lastName: 'Queen' }),
      channel: web,
      currencyCode: 'USD',
      localeCode: 'en_US',
      checkoutState: 'completed',
    };
    items.small = {
      id: ids.orders.small,
      items: [await line('small', 'small_item', 1)],
      itemsTotal: 500,
      adjustments: [],
      adjustmentsTotal: 0,
      total: 500,
      customer: customer({ id: ids.customers['felicity.smoak@star-city.com'], email: 'felicity.smoak@star-city.com', firstName: 'Felicity', lastName: 'Smoak' }),
      channel: web,
      currencyCode: 'USD',
      localeCode: 'en_US',
      checkoutState: 'completed',
    };
    items.euro = {
      id: ids.orders.euro,
      items: [await line('euro', 'euro_item', 2, 450)],
      itemsTotal: 900,
      adjustments: [],
      adjustmentsTotal: 0,
      total: 900,
      customer: customer({ id: ids.customers['barry@allen.com'], email: 'barry@allen.com' }),
      channel: channelRef(ids.channels.EU, 'EU'),
      currencyCode: 'EUR',
      localeCode: 'en_US',
      checkoutState: 'completed',
    };
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const page = (query: string, refs: string[], extra: { page?: number; limit?: number; pages?: number; total?: number } = {}) => {
    const limit = extra.limit ?? 10;
    const pages = extra.pages ?? 1;
    const current = extra.page ?? 1;
    const href = (n: number) => ({ href: `/api/v1/orders/?${query === '' ? '' : `${query}&`}page=${n}&limit=${limit}` });
    return {
      page: current,
      limit,
      pages,
      total: extra.total ?? refs.length,
      _links: { self: href(current), first: href(1), last: href(pages), ...(current < pages && { next: href(current + 1) }), ...(current > 1 && { previous: href(current - 1) }) },
      _embedded: { items: refs.map((ref) => items[ref]) },
    };
  };

  it('lists placed orders only, highest number first, in the list shape', async () => {
    expectJson(await get('/api/v1/orders/'), 200, page('', ['euro', 'small', 'big']));
    expectJson(await get('/api/v1/orders'), 200, page('', ['euro', 'small', 'big']));
  });

  it('lists orders in every placed state (not only new) and never carts', async () => {
    await sql(t, `update orders set state = 'cancelled' where id = ?`, [ids.orders.small]);
    await sql(t, `update orders set state = 'fulfilled' where id = ?`, [ids.orders.big]);
    expectJson(await get('/api/v1/orders/?sorting[state]=asc'), 200, page('sorting%5Bstate%5D=asc', ['small', 'big', 'euro']));
    await sql(t, `update orders set state = 'new' where id in (?, ?)`, [ids.orders.small, ids.orders.big]);
  });

  it.each([
    ['sorting[number]=asc', ['big', 'small', 'euro']],
    ['sorting[date]=desc', ['euro', 'small', 'big']],
    ['sorting[customer]=asc', ['euro', 'big', 'small']],
    ['sorting[customer]=desc', ['small', 'big', 'euro']],
    ['sorting[total]=desc', ['big', 'euro', 'small']],
    ['sorting[channel]=asc&sorting[number]=desc', ['euro', 'small', 'big']],
    ['sorting[currencyCode]=asc', ['euro', 'big', 'small']],
    ['sorting[paymentState]=asc&sorting[id]=asc', ['big', 'small', 'euro']],
    ['sorting[shippingState]=asc&sorting[id]=desc', ['euro', 'small', 'big']],
  ])('sorts with %s', async (query, refs) => {
    const encoded = query.replace(/\[/g, '%5B').replace(/\]/g, '%5D');
    expectJson(await get(`/api/v1/orders/?${query}`), 200, page(encoded, refs));
  });

  it.each([
    ['criteria[number]=20', ['small']],
    ['criteria[number][type]=equal&criteria[number][value]=000000010', ['big']],
    ['criteria[number][type]=starts_with&criteria[number][value]=0000000', ['euro', 'small', 'big']],
    ['criteria[number][type]=ends_with&criteria[number][value]=3', []],
    ['criteria[customer]=smoak', ['small']],
    ['criteria[customer][value]=STAR-CITY', ['small', 'big']],
    ['criteria[customer]=Oliver', ['big']],
    ['criteria[channel]=EU', ['euro']],
    ['criteria[date][from]=2026-02-01', ['euro', 'small']],
    ['criteria[date][to]=2026-02-20', ['small', 'big']],
    ['criteria[date][from][date]=2026-02-20&criteria[date][from][time]=23:00&criteria[date][to][date]=2026-02-20&criteria[date][to][time]=23:30', ['small']],
    ['criteria[date][to]=2026-02-20T23:29:59Z', ['big']],
    ['criteria[total][greaterThan]=5&criteria[total][lessThan]=10.00', ['euro']],
    ['criteria[total][greaterThan]=4.99', ['euro', 'small', 'big']],
    ['criteria[total][lessThan]=10&criteria[total][currency]=USD', ['small']],
  ])('filters with %s', async (query, refs) => {
    const encoded = new URLSearchParams(query).toString().replace(/\+/g, '%20');
    const response = await get(`/api/v1/orders/?${query}`);
    expectJson(response, 200, { ...page(encoded, refs), pages: 1 });
  });

  it('filters by channel id, as the reference grid does', async () => {
    expectJson(await get(`/api/v1/orders/?criteria[channel]=${ids.channels.EU}`), 200, page(`criteria%5Bchannel%5D=${ids.channels.EU}`, ['euro']));
  });

  it('pages with links', async () => {
    expectJson(await get('/api/v1/orders/?limit=2&page=2'), 200, page('', ['big'], { page: 2, limit: 2, pages: 2, total: 3 }));
    expectJson(await get('/api/v1/orders/?page=3&limit=2'), 404, { code: 404, message: 'Page Not Found' });
    expectJson(await get('/api/v1/orders/?limit=0'), 404, { code: 404, message: 'Page Not Found' });
  });

  it.each([
    ['sorting[email]=asc', 'Unknown sorting field "email". Allowed: id, channel, number, date, customer, state, paymentState, shippingState, total, currencyCode.'],
    ['sorting[number]=up', 'Invalid sorting direction "up" for "number". Allowed: asc, desc.'],
    ['criteria[state]=new', 'Unknown filter "state". Allowed: number, customer, channel, date, total.'],
    ['criteria[number][type]=like&criteria[number][value]=1', 'Invalid filter "number": type must be one of contains, equal, starts_with, ends_with.'],
    ['criteria[date][from]=yesterday', 'Invalid filter "date": expected a date (YYYY-MM-DD) or an ISO 8601 date-time.'],
    ['criteria[date]=2026-01-01', 'Invalid filter "date": accepted forms are criteria[date][from], criteria[date][to], criteria[date][from][date], criteria[date][from][time], criteria[date][to][date], criteria[date][to][time].'],
    ['criteria[total][greaterThan]=1e3', 'Invalid filter "total": amounts are decimal numbers with at most 2 decimals.'],
  ])('answers 400 for %s', async (query, message) => {
    expectJson(await get(`/api/v1/orders/?${query}`), 400, { code: 400, message });
  });

  it('reads a page in a fixed number of statements', async () => {
    const recorded: string[] = [];
    const app = await startTestApp({ onQuery: (sqlText) => recorded.push(sqlText) });
    try {
      await loadShop(app, SHOP_YAML);
      recorded.length = 0;
      const response = await app.inject({ method: 'GET', url: '/api/v1/orders/', headers: AUTH });
      expect(response.statusCode).toBe(200);
      // Authentication, the count and the page.
      expect(recorded.length).toBeLessThanOrEqual(3);
    } finally {
      await app.close();
    }
  });
});
