import type { IdMap } from '../../src/fixtures';
import { expectJson, sql } from '../support/cart-expectations';
import { AUTH, loadShop } from '../support/cart-fixtures';
import { ORDERS_SHOP_YAML } from '../support/order-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const REFS = Array.from({ length: 25 }, (_, index) => `f${String(index + 1).padStart(2, '0')}`);

/** Felicity's 25 orders: every 5th a cart in WEB, every 5th + 4 placed in EU_WEB, the rest placed in WEB. */
const FELICITY_YAML = `
customers: [{email: felicity.smoak@star-city.com, firstName: Felicity, lastName: Smoak}]
orders:
${REFS.map((ref, index) => {
  const n = index + 1;
  const quantity = (n % 7) + 1;
  if (n % 5 === 0) return `  - {ref: ${ref}, customer: felicity.smoak@star-city.com, channel: WEB, items: [{variant: EBOOK_PDF, quantity: ${quantity}}]}`;
  const channel = n % 5 === 4 ? 'EU_WEB' : 'WEB';
  const day = String(((n * 11) % 25) + 1).padStart(2, '0');
  return `  - {ref: ${ref}, customer: felicity.smoak@star-city.com, channel: ${channel}, items: [{variant: EBOOK_PDF, quantity: ${quantity}}], checkoutState: completed, checkoutCompletedAt: 2026-02-${day}T10:00:00+00:00}`;
}).join('\n')}
`;

interface OrderFacts {
  id: number;
  number: string | null;
  checkout_completed_at: string | null;
  updated_at: string;
  total: number;
  state: string;
  checkout_state: string;
  channel: string;
}

type Direction = 'asc' | 'desc';
type Field = 'id' | 'number' | 'checkoutCompletedAt' | 'updatedAt' | 'total';

interface Page {
  page: number;
  limit: number;
  pages: number;
  total: number;
  _links: Record<string, { href: string }>;
  _embedded: { items: Array<{ id: number }> };
}

describe('customer orders: pages, filters, sorting and statements', () => {
  let t: TestApp;
  let ids: IdMap;
  let felicity: number;
  let facts: OrderFacts[];
  let recording: string[] | null = null;

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (message) => recording?.push(message) });
    ids = await loadShop(t, ORDERS_SHOP_YAML, FELICITY_YAML);
    felicity = ids.customers['felicity.smoak@star-city.com'];
    // Distinct change times in an order unrelated to the ids (7 and 25 are coprime).
    await sql(t, `update orders set updated_at = timestamptz '2026-03-01T00:00:00Z' + ((id * 7) % 25) * interval '1 hour' where customer_id = ?`, [felicity]);
    facts = await sql<OrderFacts>(
      t,
      `select o.id, o.number, o.checkout_completed_at, o.updated_at, o.total, o.state, o.checkout_state, ch.code as channel
         from orders o join channel ch on ch.id = o.channel_id where o.customer_id = ? order by o.id`,
      [felicity],
    );
  });
  afterAll(() => t?.close());

  const url = (query = '') => `/api/v1/customers/${felicity}/orders/${query === '' ? '' : `?${query}`}`;
  const href = (query: string) => ({ href: `/api/v1/customers/${felicity}/orders/?${query}` });
  const page = async (query: string): Promise<Page> => {
    const response = await t.inject({ method: 'GET', url: url(query), headers: AUTH });
    expect(response.statusCode).toBe(200);
    return JSON.parse(response.body) as Page;
  };
  const idsOf = (body: Page) => body._embedded.items.map((order) => order.id);

  /** The expected order: a missing number or completion time sorts lowest, id breaks ties in the last direction. */
  function sorted(rows: OrderFacts[], field: Field, direction: Direction): number[] {
    const time = (value: string | null) => (value === null ? null : new Date(value).getTime());
    const value = (row: OrderFacts): number | string | null =>
      field === 'id' ? row.id
        : field === 'number' ? row.number
          : field === 'total' ? row.total
            : field === 'updatedAt' ? time(row.updated_at) : time(row.checkout_completed_at);
    const sign = direction === 'asc' ? 1 : -1;
    return [...rows]
      .sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        if (x !== y) {
          if (x === null) return -sign;
          if (y === null) return sign;
          return (x < y ? -1 : 1) * sign;
        }
        return (a.id - b.id) * sign;
      })
      .map((row) => row.id);
  }

  it('has the 25 orders the test expects', () => {
    expect(facts).toHaveLength(25);
    expect(facts.filter((row) => row.checkout_state === 'cart')).toHaveLength(5);
    expect(new Set(facts.map((row) => row.total)).size).toBeGreaterThan(5);
  });

  it('pages with limit: links, next and previous, the last page, and 404 past the end', async () => {
    const expected = sorted(facts, 'updatedAt', 'desc');
    const first = await page('limit=10');
    expect({ ...first, _embedded: idsOf(first) }).toEqual({
      page: 1, limit: 10, pages: 3, total: 25,
      _links: { self: href('page=1&limit=10'), first: href('page=1&limit=10'), last: href('page=3&limit=10'), next: href('page=2&limit=10') },
      _embedded: expected.slice(0, 10),
    });
    const second = await page('page=2&limit=10');
    expect({ ...second, _embedded: idsOf(second) }).toEqual({
      page: 2, limit: 10, pages: 3, total: 25,
      _links: {
        self: href('page=2&limit=10'), first: href('page=1&limit=10'), last: href('page=3&limit=10'),
        next: href('page=3&limit=10'), previous: href('page=1&limit=10'),
      },
      _embedded: expected.slice(10, 20),
    });
    const last = await page('limit=10&page=3');
    expect({ ...last, _embedded: idsOf(last) }).toEqual({
      page: 3, limit: 10, pages: 3, total: 25,
      _links: { self: href('page=3&limit=10'), first: href('page=1&limit=10'), last: href('page=3&limit=10'), previous: href('page=2&limit=10') },
      _embedded: expected.slice(20),
    });
    expectJson(await t.inject({ method: 'GET', url: url('page=4&limit=10'), headers: AUTH }), 404, { code: 404, message: 'Page Not Found' });
  });

  it('reads the page size from paginate as well (limit wins), defaults to 10 and caps at 100', async () => {
    const expected = sorted(facts, 'updatedAt', 'desc');
    const byPaginate = await page('paginate=7&page=2');
    expect([byPaginate.limit, byPaginate.pages, byPaginate._links.self, idsOf(byPaginate)]).toEqual([7, 4, href('page=2&limit=7'), expected.slice(7, 14)]);
    const both = await page('paginate=7&limit=5');
    expect([both.limit, both.pages, idsOf(both)]).toEqual([5, 5, expected.slice(0, 5)]);
    const plain = await page('');
    expect([plain.limit, plain.pages, idsOf(plain)]).toEqual([10, 3, expected.slice(0, 10)]);
    const capped = await page('paginate=1000');
    expect([capped.limit, capped.pages, capped._links.self, idsOf(capped)]).toEqual([100, 1, href('page=1&limit=100'), expected]);
    expectJson(await t.inject({ method: 'GET', url: url('paginate=5&page=6'), headers: AUTH }), 404, { code: 404, message: 'Page Not Found' });
  });

  it('carries filters and sorting into the links', async () => {
    const body = await page('criteria[state]=new&sorting[total]=asc&limit=5&page=2');
    const query = 'criteria%5Bstate%5D=new&sorting%5Btotal%5D=asc';
    expect({ ...body, _embedded: idsOf(body) }).toEqual({
      page: 2, limit: 5, pages: 4, total: 20,
      _links: {
        self: href(`${query}&page=2&limit=5`), first: href(`${query}&page=1&limit=5`), last: href(`${query}&page=4&limit=5`),
        next: href(`${query}&page=3&limit=5`), previous: href(`${query}&page=1&limit=5`),
      },
      _embedded: sorted(facts.filter((row) => row.state === 'new'), 'total', 'asc').slice(5, 10),
    });
  });

  it.each([
    ['criteria[state]=new', (row: OrderFacts) => row.state === 'new'],
    ['criteria[state]=cart', (row: OrderFacts) => row.state === 'cart'],
    ['criteria[checkoutState]=completed', (row: OrderFacts) => row.checkout_state === 'completed'],
    ['criteria[checkoutState]=cart', (row: OrderFacts) => row.checkout_state === 'cart'],
    ['criteria[channel]=EU_WEB', (row: OrderFacts) => row.channel === 'EU_WEB'],
    ['criteria[channel]=WEB&criteria[checkoutState]=completed', (row: OrderFacts) => row.channel === 'WEB' && row.checkout_state === 'completed'],
    ['criteria[channel]=NOPE', () => false],
    ['criteria[state]=cancelled', () => false],
  ])('filters with %s', async (query, predicate) => {
    const expected = sorted(facts.filter(predicate), 'updatedAt', 'desc');
    const body = await page(`${query}&limit=100`);
    expect([body.total, body.pages, idsOf(body)]).toEqual([expected.length, 1, expected]);
  });

  it.each([
    ['id', 'asc'], ['id', 'desc'], ['number', 'asc'], ['number', 'desc'], ['checkoutCompletedAt', 'asc'], ['checkoutCompletedAt', 'desc'],
    ['updatedAt', 'asc'], ['updatedAt', 'desc'], ['total', 'asc'], ['total', 'desc'],
  ] as Array<[Field, Direction]>)('sorts by %s %s, id breaking ties, with stable pages', async (field, direction) => {
    const expected = sorted(facts, field, direction);
    const pages = [await page(`sorting[${field}]=${direction}&limit=10`), await page(`sorting[${field}]=${direction}&limit=10&page=2`), await page(`sorting[${field}]=${direction}&limit=10&page=3`)];
    expect(pages.flatMap(idsOf)).toEqual(expected);
  });

  it('puts carts after placed orders when sorting by number descending', async () => {
    const body = await page('sorting[number]=desc&limit=100');
    const cartIds = facts.filter((row) => row.number === null).map((row) => row.id).sort((a, b) => b - a);
    expect(idsOf(body).slice(20)).toEqual(cartIds);
  });

  it('reads a page in the same number of statements with 1 and with 25 orders on it', async () => {
    const counted = async (query: string, size: number): Promise<number> => {
      recording = [];
      const response = await t.inject({ method: 'GET', url: url(query), headers: AUTH });
      const statements = recording.length;
      recording = null;
      expect([response.statusCode, (JSON.parse(response.body) as Page)._embedded.items.length]).toEqual([200, size]);
      return statements;
    };
    const one = await counted('limit=1', 1);
    const all = await counted('limit=25', 25);
    const filtered = await counted('limit=25&criteria[channel]=WEB&sorting[total]=desc', 20);
    expect([all, filtered]).toEqual([one, one]);
    // The token check, then the count (with the customer check) and the page with what its orders own, in
    // one statement, and from their own modules the customers, payments, shipments and channels.
    expect(one).toBeLessThanOrEqual(7);
    if (process.env.SHOW_QUERY_COUNTS) console.log(JSON.stringify({ customerOrdersPage: one }));
  });
});
