import type { IdMap } from '../../src/fixtures';
import { cart, channelRef, customer, expectJson, expectNoContent, idOf, notFound, oliver, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, CART_YAML, JSON_AUTH, MORE_SHOP_YAML, reusableShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const ACCESS_DENIED = { error: 'access_denied', error_description: 'OAuth2 authentication required' };

describe('carts', () => {
  let t: TestApp;
  let ids: IdMap;
  const shop = reusableShop(() => t, CART_YAML, MORE_SHOP_YAML);

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await shop.ready();
    ids = shop.ids;
  });

  const post = (payload: unknown) => t.inject({ method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: payload as object });
  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const oliverId = () => ids.customers['oliver.queen@star-city.com'];
  const emptyCart = (id: number) => cart({ id, customer: oliver(oliverId()), channel: channelRef(ids.channels.WEB) });

  describe('POST /api/v1/carts/', () => {
    it('creates an empty cart (201) whose currency comes from the channel', async () => {
      const response = await post({ customer: 'oliver.queen@star-city.com', localeCode: 'en_US', channel: 'WEB' });
      const id = JSON.parse(response.body).id as number;
      expectJson(response, 201, emptyCart(id));
      expect(id).toBeGreaterThan(ids.orders.order_001);

      const euro = await post({ customer: 'oliver.queen@star-city.com', localeCode: 'de_DE', channel: 'EU_WEB' });
      const euroId = JSON.parse(euro.body).id as number;
      expectJson(euro, 201, cart({ id: euroId, customer: oliver(oliverId()), channel: channelRef(ids.channels.EU_WEB, 'EU_WEB'), currencyCode: 'EUR', localeCode: 'de_DE' }));
      expectJson(await get(`/api/v1/carts/${euroId}`), 200, JSON.parse(euro.body));
    });

    it('matches the customer email case-insensitively and shows the account with usernameCanonical', async () => {
      const response = await post({ customer: 'ROY@DOE.COM', localeCode: 'en_US', channel: 'WEB' });
      const userId = await idOf(t, 'select u.id from shop_user u join customer c on c.id = u.customer_id where c.email = ?', ['Roy@doe.com']);
      const roy = customer({
        id: ids.customers['Roy@doe.com'],
        email: 'Roy@doe.com',
        firstName: 'Roy',
        lastName: 'Doe',
        user: { id: userId, username: 'Roy@doe.com', usernameCanonical: 'roy@doe.com', enabled: true },
      });
      expectJson(response, 201, cart({ id: JSON.parse(response.body).id, customer: roy, channel: channelRef(ids.channels.WEB) }));
    });

    it('leaves out the names of a customer who has none', async () => {
      const response = await post({ customer: 'barry@doe.com', localeCode: 'en_US', channel: 'WEB' });
      const barry = customer({ id: ids.customers['barry@doe.com'], email: 'barry@doe.com' });
      expectJson(response, 201, cart({ id: JSON.parse(response.body).id, customer: barry, channel: channelRef(ids.channels.WEB) }));
    });

    it.each([
      ['an empty body', undefined],
      ['an empty object', {}],
      ['empty strings', { customer: '', localeCode: ' ', channel: '' }],
      ['nulls', { customer: null, localeCode: null, channel: null }],
    ])('answers 400 with every field blank for %s', async (_case, payload) => {
      const response = await t.inject({ method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, ...(payload !== undefined && { payload }) });
      expectJson(
        response,
        400,
        validationFailed({
          children: {
            customer: { errors: ['This value should not be blank.'] },
            localeCode: { errors: ['This value should not be blank.'] },
            channel: { errors: ['This value should not be blank.'] },
          },
        }),
      );
    });

    it.each([
      ['an unknown customer', { customer: 'nobody@example.com', localeCode: 'en_US', channel: 'WEB' }, { customer: ['This value is not valid.'] }],
      ['an unknown channel', { customer: 'oliver.queen@star-city.com', localeCode: 'en_US', channel: 'NOPE' }, { channel: ['This value is not valid.'] }],
      ['a disabled channel', { customer: 'oliver.queen@star-city.com', localeCode: 'en_US', channel: 'CLOSED' }, { channel: ['This value is not valid.'] }],
      ['an unknown locale', { customer: 'oliver.queen@star-city.com', localeCode: 'xx_XX', channel: 'WEB' }, { localeCode: ['This value is not valid.'] }],
      ['a locale the channel does not offer', { customer: 'oliver.queen@star-city.com', localeCode: 'de_DE', channel: 'WEB' }, { localeCode: ['This value is not valid.'] }],
      ['values of the wrong type', { customer: 7, localeCode: ['en_US'], channel: { code: 'WEB' } }, {
        customer: ['This value is not valid.'],
        localeCode: ['This value is not valid.'],
        channel: ['This value is not valid.'],
      }],
      ['everything unknown', { customer: 'nobody@example.com', localeCode: 'xx_XX', channel: 'NOPE' }, {
        customer: ['This value is not valid.'],
        localeCode: ['This value is not valid.'],
        channel: ['This value is not valid.'],
      }],
    ])('answers 400 for %s', async (_case, payload, fieldErrors: Record<string, string[]>) => {
      const children: Record<string, unknown> = {};
      for (const field of ['customer', 'localeCode', 'channel']) children[field] = fieldErrors[field] ? { errors: fieldErrors[field] } : {};
      expectJson(await post(payload), 400, validationFailed({ children }));
    });

    it('rejects extra fields such as currencyCode at form level', async () => {
      const response = await post({ customer: 'oliver.queen@star-city.com', localeCode: 'en_US', channel: 'WEB', currencyCode: 'EUR' });
      expectJson(response, 400, validationFailed({ errors: ['This form should not contain extra fields.'], children: { customer: {}, localeCode: {}, channel: {} } }));
    });
  });

  describe('GET /api/v1/carts/{id}', () => {
    it('shows a cart (the reference show_response)', async () => {
      expectJson(await get(`/api/v1/carts/${ids.orders.order_001}`), 200, emptyCart(ids.orders.order_001));
    });

    it.each(['999999', '-1', 'abc', '0', '99999999999', '1.5'])('answers 404 for the id %s', async (id) => {
      expectJson(await get(`/api/v1/carts/${id}`), 404, notFound('cart'));
    });

    it('answers 404 for a placed order', async () => {
      expectJson(await get(`/api/v1/carts/${ids.orders.placed_order}`), 404, notFound('cart'));
    });
  });

  describe('GET /api/v1/carts/', () => {
    const href = (query: string) => ({ href: `/api/v1/carts/?${query}` });

    it('lists carts only, newest first, with the list form of the customer account', async () => {
      const created = JSON.parse((await post({ customer: 'roy@doe.com', localeCode: 'en_US', channel: 'WEB' })).body).id as number;
      const userId = await idOf(t, 'select u.id from shop_user u join customer c on c.id = u.customer_id where c.email = ?', ['Roy@doe.com']);
      const roy = customer({ id: ids.customers['Roy@doe.com'], email: 'Roy@doe.com', firstName: 'Roy', lastName: 'Doe', user: { id: userId, username: 'Roy@doe.com', enabled: true } });
      expectJson(await get('/api/v1/carts/'), 200, {
        page: 1,
        limit: 10,
        pages: 1,
        total: 2,
        _links: { self: href('page=1&limit=10'), first: href('page=1&limit=10'), last: href('page=1&limit=10') },
        _embedded: {
          items: [cart({ id: created, customer: roy, channel: channelRef(ids.channels.WEB) }), emptyCart(ids.orders.order_001)],
        },
      });
    });

    it('answers an empty list as page 1 of 1 (the reference empty_index_response)', async () => {
      await t.inject({ method: 'DELETE', url: `/api/v1/carts/${ids.orders.order_001}`, headers: AUTH });
      expectJson(await get('/api/v1/carts/'), 200, {
        page: 1,
        limit: 10,
        pages: 1,
        total: 0,
        _links: { self: href('page=1&limit=10'), first: href('page=1&limit=10'), last: href('page=1&limit=10') },
        _embedded: { items: [] },
      });
    });

    it('pages with paginate or limit, links carrying the other parameters', async () => {
      const made: number[] = [];
      for (let i = 0; i < 4; i += 1) made.push(JSON.parse((await post({ customer: 'oliver.queen@star-city.com', localeCode: 'en_US', channel: 'WEB' })).body).id);
      const all = [...made.reverse(), ids.orders.order_001];

      const second = await get('/api/v1/carts/?sorting%5Bid%5D=desc&paginate=2&page=2');
      expectJson(second, 200, {
        page: 2,
        limit: 2,
        pages: 3,
        total: 5,
        _links: {
          self: href('sorting%5Bid%5D=desc&page=2&limit=2'),
          first: href('sorting%5Bid%5D=desc&page=1&limit=2'),
          last: href('sorting%5Bid%5D=desc&page=3&limit=2'),
          next: href('sorting%5Bid%5D=desc&page=3&limit=2'),
          previous: href('sorting%5Bid%5D=desc&page=1&limit=2'),
        },
        _embedded: { items: all.slice(2, 4).map((id) => emptyCart(id)) },
      });
      const ascending = JSON.parse((await get('/api/v1/carts/?sorting[id]=asc&limit=3')).body);
      expect(ascending._embedded.items.map((c: { id: number }) => c.id)).toEqual([...all].reverse().slice(0, 3));
      expectJson(await get('/api/v1/carts/?page=4&limit=2'), 404, { code: 404, message: 'Page Not Found' });
      expectJson(await get('/api/v1/carts/?limit=0'), 404, { code: 404, message: 'Page Not Found' });
    });

    it('filters by customer email (case-insensitive) and channel code, and sorts by total', async () => {
      const roys = JSON.parse((await post({ customer: 'Roy@doe.com', localeCode: 'de_DE', channel: 'EU_WEB' })).body).id as number;
      const byCustomer = JSON.parse((await get('/api/v1/carts/?criteria[customer]=ROY@doe.com')).body);
      expect(byCustomer._embedded.items.map((c: { id: number }) => c.id)).toEqual([roys]);
      const byChannel = JSON.parse((await get('/api/v1/carts/?criteria%5Bchannel%5D=WEB')).body);
      expect(byChannel._embedded.items.map((c: { id: number }) => c.id)).toEqual([ids.orders.order_001]);
      expect(byChannel._links.self.href).toBe('/api/v1/carts/?criteria%5Bchannel%5D=WEB&page=1&limit=10');

      await t.inject({ method: 'POST', url: `/api/v1/carts/${roys}/items/`, headers: JSON_AUTH, payload: { variant: 'PLATE_EU', quantity: 1 } });
      const byTotal = JSON.parse((await get('/api/v1/carts/?sorting[total]=desc')).body);
      expect(byTotal._embedded.items.map((c: { id: number; total: number }) => [c.id, c.total])).toEqual([[roys, 30], [ids.orders.order_001, 0]]);
    });

    it('answers 400 naming the allowed fields for an unknown sort or filter', async () => {
      expectJson(await get('/api/v1/carts/?sorting[number]=asc'), 400, {
        code: 400,
        message: 'Unknown sorting field "number". Allowed: id, createdAt, updatedAt, total, itemsTotal.',
      });
      expectJson(await get('/api/v1/carts/?criteria[state]=new'), 400, { code: 400, message: 'Unknown filter "state". Allowed: customer, channel.' });
    });
  });

  describe('DELETE /api/v1/carts/{id}', () => {
    it('deletes a cart: 204 with an empty body, then 404', async () => {
      expectNoContent(await t.inject({ method: 'DELETE', url: `/api/v1/carts/${ids.orders.order_001}`, headers: AUTH }));
      expectJson(await get(`/api/v1/carts/${ids.orders.order_001}`), 404, notFound('cart'));
      expectJson(await t.inject({ method: 'DELETE', url: `/api/v1/carts/${ids.orders.order_001}`, headers: AUTH }), 404, notFound('cart'));
    });

    it.each(['-1', 'abc', '424242'])('answers 404 for the id %s', async (id) => {
      expectJson(await t.inject({ method: 'DELETE', url: `/api/v1/carts/${id}`, headers: AUTH }), 404, notFound('cart'));
    });

    it('does not delete a placed order', async () => {
      expectJson(await t.inject({ method: 'DELETE', url: `/api/v1/carts/${ids.orders.placed_order}`, headers: AUTH }), 404, notFound('cart'));
      expect(await sql(t, 'select id from orders where id = ?', [ids.orders.placed_order])).toHaveLength(1);
    });
  });

  it('answers 401 on every route without a token', async () => {
    const id = ids.orders.order_001;
    const routes: Array<[string, string]> = [
      ['POST', '/api/v1/carts/'],
      ['GET', '/api/v1/carts/'],
      ['GET', `/api/v1/carts/${id}`],
      ['PUT', `/api/v1/carts/${id}`],
      ['PATCH', `/api/v1/carts/${id}`],
      ['DELETE', `/api/v1/carts/${id}`],
      ['POST', `/api/v1/carts/${id}/items/`],
      ['PUT', `/api/v1/carts/${id}/items/1`],
      ['PATCH', `/api/v1/carts/${id}/items/1`],
      ['DELETE', `/api/v1/carts/${id}/items/1`],
    ];
    for (const [method, url] of routes) {
      const response = await t.inject({ method: method, url, headers: { 'content-type': 'application/json' }, payload: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
      expect({ route: `${method} ${url}`, status: response.statusCode, body: JSON.parse(response.body) }).toEqual({ route: `${method} ${url}`, status: 401, body: ACCESS_DENIED });
    }
    expect(await sql(t, 'select id from orders where id = ?', [id])).toHaveLength(1);
  });

  it('answers collection paths with and without the trailing slash, links staying canonical', async () => {
    const withSlash = await get('/api/v1/carts/');
    expectJson(await get('/api/v1/carts'), 200, JSON.parse(withSlash.body));
    expect(JSON.parse(withSlash.body)._links.self.href).toBe('/api/v1/carts/?page=1&limit=10');
    const added = await t.inject({ method: 'POST', url: `/api/v1/carts/${ids.orders.order_001}/items`, headers: JSON_AUTH, payload: { variant: 'MUG_SW', quantity: 1 } });
    expect(added.statusCode).toBe(201);
  });

  it('answers 405 with Allow for a wrong method on cart paths', async () => {
    const collection = await t.inject({ method: 'PATCH', url: '/api/v1/carts/', headers: AUTH });
    expectJson(collection, 405, { code: 405, message: 'No route found for "PATCH /api/v1/carts/": Method Not Allowed (Allow: GET, POST)' });
    const items = await t.inject({ method: 'GET', url: '/api/v1/carts/1/items/', headers: AUTH });
    expect([items.statusCode, items.headers.allow]).toEqual([405, 'POST']);
    const line = await t.inject({ method: 'GET', url: '/api/v1/carts/1/items/2', headers: AUTH });
    expect([line.statusCode, line.headers.allow]).toEqual([405, 'PUT, PATCH, DELETE']);
  });
});
