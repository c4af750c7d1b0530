import type { IdMap } from '../../src/fixtures';
import { expectJson, sql } from '../support/cart-expectations';
import { AUTH, loadShop } from '../support/cart-fixtures';
import { oliversCart, placedOrder } from '../support/order-expectations';
import { ORDERS_SHOP_EXTRAS_SQL, ORDERS_SHOP_YAML } from '../support/order-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const customerNotFound = { code: 404, message: 'The "customer" has not been found' };

describe('GET /api/v1/customers/{id}/orders/', () => {
  let t: TestApp;
  let ids: IdMap;

  beforeAll(async () => {
    t = await startTestApp();
    ids = await loadShop(t, ORDERS_SHOP_YAML);
    for (const statement of ORDERS_SHOP_EXTRAS_SQL) await sql(t, statement);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const oliverId = () => ids.customers['Oliver.Queen@star-city.com'];
  const ordersUrl = (customerId: number) => `/api/v1/customers/${customerId}/orders/`;

  it('lists a placed order and a cart with every field, in the full form', async () => {
    const href = `${ordersUrl(oliverId())}?sorting%5Bid%5D=asc&page=1&limit=10`;
    expectJson(await get(`${ordersUrl(oliverId())}?sorting[id]=asc`), 200, {
      page: 1,
      limit: 10,
      pages: 1,
      total: 2,
      _links: { self: { href }, first: { href }, last: { href } },
      _embedded: { items: [await placedOrder(t, ids, 'customer-orders'), await oliversCart(t, ids, 'customer-orders')] },
    });
  });

  it('answers without the trailing slash too, newest change first by default', async () => {
    await sql(t, `update orders set updated_at = '2026-05-01T00:00:00Z' where id = ?`, [ids.orders.placed]);
    await sql(t, `update orders set updated_at = '2026-04-01T00:00:00Z' where id = ?`, [ids.orders.cart]);
    const response = await get(`/api/v1/customers/${oliverId()}/orders`);
    expect(response.statusCode).toBe(200);
    const body = JSON.parse(response.body) as { _links: { self: { href: string } }; _embedded: { items: Array<{ id: number }> } };
    expect(body._links.self).toEqual({ href: `${ordersUrl(oliverId())}?page=1&limit=10` });
    expect(body._embedded.items.map((order) => order.id)).toEqual([ids.orders.placed, ids.orders.cart]);

    await sql(t, `update orders set updated_at = '2026-06-01T00:00:00Z' where id = ?`, [ids.orders.cart]);
    const reordered = JSON.parse((await get(ordersUrl(oliverId()))).body) as typeof body;
    expect(reordered._embedded.items.map((order) => order.id)).toEqual([ids.orders.cart, ids.orders.placed]);
  });

  it('answers an empty page for a customer without orders', async () => {
    const href = `${ordersUrl(ids.customers['barry@doe.com'])}?page=1&limit=10`;
    expectJson(await get(ordersUrl(ids.customers['barry@doe.com'])), 200, {
      page: 1,
      limit: 10,
      pages: 1,
      total: 0,
      _links: { self: { href }, first: { href }, last: { href } },
      _embedded: { items: [] },
    });
  });

  it.each(['999999', '0', '-1', 'abc', '2147483648', '1.5'])('answers 404 for the customer id %s', async (raw) => {
    expectJson(await get(`/api/v1/customers/${raw}/orders/`), 404, customerNotFound);
  });

  it('answers 404 for an unknown customer even when its page would be empty', async () => {
    expectJson(await get('/api/v1/customers/999999/orders/?criteria[state]=new&page=1'), 404, customerNotFound);
  });

  it('answers 401 without a token', async () => {
    const response = await t.inject({ method: 'GET', url: ordersUrl(oliverId()) });
    expectJson(response, 401, { error: 'access_denied', error_description: 'OAuth2 authentication required' });
  });

  it('answers 400 for an unknown filter or sorting, and for an invalid direction', async () => {
    expectJson(await get(`${ordersUrl(oliverId())}?criteria[customer]=1`), 400, {
      code: 400,
      message: 'Unknown filter "customer". Allowed: state, checkoutState, channel.',
    });
    expectJson(await get(`${ordersUrl(oliverId())}?sorting[createdAt]=asc`), 400, {
      code: 400,
      message: 'Unknown sorting field "createdAt". Allowed: id, number, checkoutCompletedAt, updatedAt, total.',
    });
    expectJson(await get(`${ordersUrl(oliverId())}?sorting[total]=up`), 400, {
      code: 400,
      message: 'Invalid sorting direction "up" for "total". Allowed: asc, desc.',
    });
  });

  it('answers 404 Page Not Found for a page past the end and for invalid page parameters', async () => {
    for (const query of ['page=2', 'page=0', 'limit=0', 'paginate=-1', 'page=x']) {
      expectJson(await get(`${ordersUrl(oliverId())}?${query}`), 404, { code: 404, message: 'Page Not Found' });
    }
  });
});
