import type { IdMap } from '../../src/fixtures';
import { expectJson, idOf, sql } from '../support/cart-expectations';
import { AUTH, loadShop } from '../support/cart-fixtures';
import { cashOnDelivery, payment, shipment } from '../support/order-expectations';
import { ORDERS_SHOP_EXTRAS_SQL, ORDERS_SHOP_YAML } from '../support/order-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/** Two more placed orders of Barry's: an e-book (nothing to ship, 500) and a mug (1000 + 10 % VAT + UPS 500). */
const MORE_ORDERS_YAML = `
orders:
  - {ref: ebook, customer: barry@doe.com, channel: WEB, items: [{variant: EBOOK_PDF, quantity: 1}], checkoutState: completed}
  - {ref: mug, customer: barry@doe.com, channel: WEB, items: [{variant: MUG_SW, quantity: 1}], checkoutState: completed}
`;

const page = (path: string, query: string, total: number, items: unknown[], extra: { page?: number; limit?: number; pages?: number } = {}) => {
  const limit = extra.limit ?? 10;
  const current = extra.page ?? 1;
  const pages = extra.pages ?? 1;
  const href = (n: number) => ({ href: `${path}?${query}${query === '' ? '' : '&'}page=${n}&limit=${limit}` });
  return {
    page: current,
    limit,
    pages,
    total,
    _links: {
      self: href(current),
      first: href(1),
      last: href(pages),
      ...(current < pages && { next: href(current + 1) }),
      ...(current > 1 && { previous: href(current - 1) }),
    },
    _embedded: { items },
  };
};

describe('GET /api/v1/shipments/ and /api/v1/payments/', () => {
  let t: TestApp;
  let ids: IdMap;
  let recording: string[] | null = null;
  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (message) => recording?.push(message) });
    ids = await loadShop(t, ORDERS_SHOP_YAML, MORE_ORDERS_YAML);
    for (const statement of ORDERS_SHOP_EXTRAS_SQL) await sql(t, statement);
    // The mug order is paid and shipped; creation times put the placed order first, then the e-book, then the mug.
    await sql(t, `update payment set state = 'completed' where order_id = ?`, [ids.orders.mug]);
    await sql(t, `update shipment set state = 'shipped' where order_id = ?`, [ids.orders.mug]);
    for (const [ref, day] of [['placed', '01'], ['ebook', '02'], ['mug', '03'], ['cart', '04']] as const) {
      for (const table of ['payment', 'shipment']) {
        await sql(t, `update ${table} set created_at = '2026-02-${day}T00:00:00Z', updated_at = '2026-03-${day}T00:00:00Z' where order_id = ?`, [ids.orders[ref]]);
      }
    }
  });
  afterAll(() => t?.close());

  /** A payment as the list shows it: the method without dates and channels. */
  async function listedPayment(ref: string, amount: number, state: string) {
    const full = await payment(t, ids.orders[ref], amount, state);
    const { id, code, position, translations, _links } = await cashOnDelivery(t);
    return { ...full, method: { id, code, position, translations, _links } };
  }

  const payments = async () => ({
    placed: await listedPayment('placed', 2480, 'new'),
    ebook: await listedPayment('ebook', 500, 'new'),
    mug: await listedPayment('mug', 1600, 'completed'),
  });
  const shipments = async () => ({
    placed: await shipment(t, ids.orders.placed, 'ready', 'TRACK-123'),
    mug: await shipment(t, ids.orders.mug, 'shipped'),
  });

  it("lists the payments of placed orders, newest first, never a cart's", async () => {
    const p = await payments();
    expectJson(await get('/api/v1/payments/'), 200, page('/api/v1/payments/', '', 3, [p.mug, p.ebook, p.placed]));
  });

  it("lists the shipments of placed orders as the show answers them, newest first, never a cart's", async () => {
    const s = await shipments();
    expectJson(await get('/api/v1/shipments/'), 200, page('/api/v1/shipments/', '', 2, [s.mug, s.placed]));
    expectJson(await get(`/api/v1/shipments/${s.mug.id}`), 200, s.mug);
  });

  it('sorts payments by amount, createdAt or updatedAt and shipments by createdAt or updatedAt, links carrying the sort', async () => {
    const p = await payments();
    const s = await shipments();
    expectJson(await get('/api/v1/payments/?sorting[amount]=asc'), 200, page('/api/v1/payments/', 'sorting%5Bamount%5D=asc', 3, [p.ebook, p.mug, p.placed]));
    expectJson(await get('/api/v1/payments/?sorting[updatedAt]=asc'), 200, page('/api/v1/payments/', 'sorting%5BupdatedAt%5D=asc', 3, [p.placed, p.ebook, p.mug]));
    expectJson(await get('/api/v1/shipments/?sorting[createdAt]=asc'), 200, page('/api/v1/shipments/', 'sorting%5BcreatedAt%5D=asc', 2, [s.placed, s.mug]));
    expectJson(await get('/api/v1/shipments/?sorting[updatedAt]=desc'), 200, page('/api/v1/shipments/', 'sorting%5BupdatedAt%5D=desc', 2, [s.mug, s.placed]));
  });

  it('filters by state: a substring by default, or the type given', async () => {
    const p = await payments();
    const s = await shipments();
    const cases: Array<[string, string, unknown[]]> = [
      ['/api/v1/payments/', 'criteria%5Bstate%5D=NE', [p.ebook, p.placed]],
      ['/api/v1/payments/', 'criteria%5Bstate%5D%5Btype%5D=equal&criteria%5Bstate%5D%5Bvalue%5D=completed', [p.mug]],
      ['/api/v1/payments/', 'criteria%5Bstate%5D%5Btype%5D=in&criteria%5Bstate%5D%5Bvalue%5D=new%2C%20completed', [p.mug, p.ebook, p.placed]],
      ['/api/v1/payments/', 'criteria%5Bstate%5D%5Btype%5D=not_contains&criteria%5Bstate%5D%5Bvalue%5D=new', [p.mug]],
      ['/api/v1/payments/', 'criteria%5Bstate%5D=cart', []],
      ['/api/v1/payments/', 'criteria%5Bstate%5D=', [p.mug, p.ebook, p.placed]],
      ['/api/v1/shipments/', 'criteria%5Bstate%5D%5Bvalue%5D=ea', [s.placed]],
      ['/api/v1/shipments/', 'criteria%5Bstate%5D%5Btype%5D=starts_with&criteria%5Bstate%5D%5Bvalue%5D=ship', [s.mug]],
      ['/api/v1/shipments/', 'criteria%5Bstate%5D%5Btype%5D=not_equal&criteria%5Bstate%5D%5Bvalue%5D=shipped', [s.placed]],
      ['/api/v1/shipments/', 'criteria%5Bstate%5D%5Btype%5D=not_in&criteria%5Bstate%5D%5Bvalue%5D=ready', [s.mug]],
      ['/api/v1/shipments/', 'criteria%5Bstate%5D=%25', []],
      ['/api/v1/shipments/', 'criteria%5Bstate%5D=_eady', []],
    ];
    for (const [path, query, items] of cases) {
      const response = await get(`${path}?${query}`);
      expect({ query, status: response.statusCode, body: JSON.parse(response.body) as unknown }).toEqual({ query, status: 200, body: page(path, query, items.length, items) });
    }
  });

  it('pages with next and previous links', async () => {
    const p = await payments();
    expectJson(await get('/api/v1/payments/?limit=1&page=2'), 200, page('/api/v1/payments/', '', 3, [p.ebook], { page: 2, limit: 1, pages: 3 }));
  });

  it('answers the list errors: bad page, unknown sort, filter or filter type', async () => {
    const cases: Array<[string, number, string]> = [
      ['/api/v1/payments/?page=2', 404, 'Page Not Found'],
      ['/api/v1/shipments/?limit=0', 404, 'Page Not Found'],
      ['/api/v1/payments/?sorting[id]=asc', 400, 'Unknown sorting field "id". Allowed: amount, createdAt, updatedAt.'],
      ['/api/v1/shipments/?sorting[amount]=asc', 400, 'Unknown sorting field "amount". Allowed: createdAt, updatedAt.'],
      ['/api/v1/shipments/?sorting[createdAt]=up', 400, 'Invalid sorting direction "up" for "createdAt". Allowed: asc, desc.'],
      ['/api/v1/payments/?criteria[method]=cash', 400, 'Unknown filter "method". Allowed: state.'],
      [
        '/api/v1/shipments/?criteria[state][type]=like&criteria[state][value]=x',
        400,
        'Unknown filter type "like" for "state". Allowed: contains, not_contains, equal, not_equal, starts_with, ends_with, empty, not_empty, in, not_in.',
      ],
    ];
    for (const [url, status, message] of cases) {
      const response = await get(url);
      expect({ url, status: response.statusCode, body: JSON.parse(response.body) as unknown }).toEqual({ url, status, body: { code: status, message } });
    }
  });

  it('answers 404 for an unknown shipment or payment id', async () => {
    expectJson(await get('/api/v1/shipments/999999'), 404, { code: 404, message: 'The "shipment" has not been found' });
    expectJson(await get('/api/v1/payments/999999'), 404, { code: 404, message: 'The "payment" has not been found' });
  });

  it('answers 405 with Allow: GET for other methods, and 401 without a token', async () => {
    for (const [method, url] of [['POST', '/api/v1/payments/'], ['DELETE', '/api/v1/shipments/'], ['PUT', '/api/v1/shipments/']] as const) {
      const response = await t.inject({ method, url, headers: AUTH });
      expect({ status: response.statusCode, allow: response.headers.allow, body: JSON.parse(response.body) as unknown }).toEqual({
        status: 405,
        allow: 'GET',
        body: { code: 405, message: `No route found for "${method} ${url}": Method Not Allowed (Allow: GET)` },
      });
    }
    for (const url of ['/api/v1/payments/', '/api/v1/shipments/']) {
      const response = await t.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode, body: JSON.parse(response.body) as unknown }).toEqual({
        url, status: 401, body: { error: 'access_denied', error_description: 'OAuth2 authentication required' },
      });
    }
  });

  it('reads a page in two statements after the token check, whatever its size', async () => {
    const counted = async (url: string) => {
      recording = [];
      const response = await get(url);
      const statements = recording.length;
      recording = null;
      return { url, status: response.statusCode, statements };
    };
    // The channel resource reads one row, so it shows what authentication costs.
    const auth = (await counted('/api/v1/channels/WEB')).statements - 1;
    const urls = ['/api/v1/payments/', '/api/v1/payments/?limit=1', '/api/v1/shipments/', '/api/v1/shipments/?criteria[state]=ready'];
    const counts = [];
    for (const url of urls) counts.push(await counted(url));
    expect(counts).toEqual(urls.map((url) => ({ url, status: 200, statements: auth + 2 })));
    expect(auth + 2).toBeLessThanOrEqual(3);
    expect(await idOf(t, `select count(*)::int as id from payment where state = 'cart'`, [])).toBe(1);
  });
});
