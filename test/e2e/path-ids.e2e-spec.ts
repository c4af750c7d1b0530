import { DEMO_AUTH, loadDemoShop } from '../support/demo-shop';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Every `{id}` route accepts an id in one spelling only: digits without a leading zero. A leading
 * zero, a percent-encoded digit or a sign names no resource: the resource's usual 404. A trailing
 * slash is tolerated on every route (as on the rest of the API).
 */

interface Ids {
  cart: number;
  item: number;
  customer: number;
  order: number;
  payment: number;
  shipment: number;
}

const notFound = (resource: string) => ({ code: 404, message: `The "${resource}" has not been found` });

/** Ways to write an id that are not its canonical spelling. */
const SPELLINGS: Array<[string, (id: number) => string]> = [
  ['a leading zero', (id) => `0${id}`],
  ['two leading zeros', (id) => `00${id}`],
  ['a percent-encoded first digit', (id) => `%3${String(id)[0]}${String(id).slice(1)}`],
  ['percent-encoded digits, lowercase', (id) => [...String(id)].map((digit) => `%3${digit}`).join('').toLowerCase()],
  ['a plus sign', (id) => `+${id}`],
  ['an encoded plus sign', (id) => `%2B${id}`],
  ['a trailing space', (id) => `${id}%20`],
];

describe('canonical path ids on every {id} route', () => {
  let t: TestApp;
  let ids: Ids;

  beforeAll(async () => {
    t = await startTestApp();
    await loadDemoShop(t);
    const one = async (sql: string): Promise<number> => {
      const rows = await t.em().getConnection().execute<{ id: number }[]>(sql);
      if (rows.length === 0) throw new Error(`no row for ${sql}`);
      return rows[0].id;
    };
    const cart = await one(`select o.id from orders o where o.checkout_state = 'cart' and exists (select 1 from order_item i where i.order_id = o.id) order by o.id limit 1`);
    ids = {
      cart,
      item: await one(`select id from order_item where order_id = ${cart} order by id limit 1`),
      customer: await one('select customer_id as id from orders where customer_id is not null order by id limit 1'),
      order: await one(`select id from orders where checkout_state <> 'cart' order by id limit 1`),
      payment: await one('select id from payment order by id limit 1'),
      shipment: await one('select id from shipment order by id limit 1'),
    };
  });
  afterAll(() => t?.close());

  /** Method, path with `{x}` placeholders, the resource a non-canonical spelling of each placeholder is not found as. */
  const ROUTES: Array<{ method: 'GET' | 'DELETE' | 'PATCH'; path: string; missing: Record<string, string>; payload?: unknown }> = [
    { method: 'GET', path: '/api/v1/carts/{cart}', missing: { cart: 'cart' } },
    { method: 'GET', path: '/api/v1/customers/{customer}', missing: { customer: 'customer' } },
    { method: 'GET', path: '/api/v1/customers/{customer}/orders/', missing: { customer: 'customer' } },
    { method: 'GET', path: '/api/v1/orders/{order}', missing: { order: 'order' } },
    { method: 'GET', path: '/api/v1/payments/{payment}', missing: { payment: 'payment' } },
    { method: 'GET', path: '/api/v1/shipments/{shipment}', missing: { shipment: 'shipment' } },
    { method: 'PATCH', path: '/api/v1/carts/{cart}/items/{item}', missing: { cart: 'cart', item: 'cart item' }, payload: { quantity: 1 } },
    { method: 'DELETE', path: '/api/v1/carts/{cart}/items/{item}', missing: { cart: 'cart', item: 'cart item' } },
    { method: 'DELETE', path: '/api/v1/carts/{cart}', missing: { cart: 'cart' } },
    { method: 'DELETE', path: '/api/v1/customers/{customer}', missing: { customer: 'customer' } },
  ];

  const render = (path: string, spell: (key: keyof Ids) => string) => path.replace(/\{(\w+)\}/g, (_match, key: string) => spell(key as keyof Ids));
  const cases = ROUTES.flatMap((route) =>
    Object.keys(route.missing).flatMap((key) => SPELLINGS.map(([spelling, write]) => ({ route, key, spelling, write }))),
  );

  it.each(cases.map((c) => [`${c.route.method} ${c.route.path}`, c.key, c.spelling, c] as const))(
    '%s: {%s} with %s answers the resource 404',
    async (_label, _key, _spelling, { route, key, write }) => {
      const url = render(route.path, (name) => (name === key ? write(ids[name]) : String(ids[name])));
      const response = await t.inject({ method: route.method, url, headers: DEMO_AUTH, payload: route.payload as never });
      expect({ url, status: response.statusCode, body: json(response) }).toEqual({ url, status: 404, body: notFound(route.missing[key]) });
    },
  );

  it.each(ROUTES.filter((route) => route.method === 'GET').map((route) => [route.path, route] as const))(
    'GET %s answers 200 for the canonical id, with or without a trailing slash, and the same body',
    async (_path, route) => {
      const url = render(route.path, (name) => String(ids[name])).replace(/\/$/, '');
      const plain = await t.inject({ method: 'GET', url, headers: DEMO_AUTH });
      const slashed = await t.inject({ method: 'GET', url: `${url}/`, headers: DEMO_AUTH });
      expect(plain.statusCode).toBe(200);
      expect(slashed.statusCode).toBe(200);
      expect(json(slashed)).toEqual(json(plain));
    },
  );

  it('left every resource in place (the refused writes changed nothing)', async () => {
    for (const path of ['/api/v1/carts/{cart}', '/api/v1/customers/{customer}']) {
      const response = await t.inject({ method: 'GET', url: render(path, (name) => String(ids[name])), headers: DEMO_AUTH });
      expect(response.statusCode).toBe(200);
    }
    const cart = json(await t.inject({ method: 'GET', url: `/api/v1/carts/${ids.cart}`, headers: DEMO_AUTH })) as { items: Array<{ id: number }> };
    expect(cart.items.map((item) => item.id)).toContain(ids.item);
  });
});
