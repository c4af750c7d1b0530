import type { IdMap } from '../../src/fixtures';
import { AUTH, CART_WITH_ITEMS_YAML, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { json, startTestApp, type TestApp } from '../support/test-app';

/** Regressions for the failures the fuzz suites found: each of these answered 500 (or a framework body) before. */
describe('hostile input', () => {
  let t: TestApp;
  let ids: IdMap;
  let cartId: number;
  let itemId: number;
  let customerId: number;

  const FINGERPRINT = `select concat_ws(':', (select count(*) from customer), (select max(updated_at) from customer),
    (select count(*) from order_item), (select coalesce(sum(quantity), 0) from order_item), (select max(updated_at) from orders)) as fingerprint`;
  const fingerprint = async (): Promise<string> => (await t.em().getConnection().execute<Array<{ fingerprint: string }>>(FINGERPRINT))[0].fingerprint;

  beforeAll(async () => {
    t = await startTestApp();
    ids = await loadShop(t, CART_WITH_ITEMS_YAML);
    cartId = ids.orders.cart_with_items;
    itemId = ids.orderItems.sw_mug_item;
    customerId = ids.customers['oliver.queen@star-city.com'];
  });
  afterAll(() => t?.close());

  describe('paths the router cannot match are unknown routes (404), not the framework 400/414 body', () => {
    it.each([
      ['a broken percent-escape', 'GET', '/api/v1/customers/%'],
      ['a broken escape in a nested path', 'DELETE', '/api/v1/carts/%zz/items/1'],
      ['an encoded NUL', 'GET', '/api/v1/channels/%00'],
      ['an encoded NUL after a real id', 'PUT', '/api/v1/carts/1%00/items/2'],
    ])('%s', async (_case, method, url) => {
      const response = await t.inject({ method: method, url, headers: AUTH });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json(response)).toEqual({ code: 404, message: `No route found for "${method} ${url}"` });
    });

    it('a path segment longer than the router takes (longer than any code, percent-encoded)', async () => {
      const url = `/api/v1/channels/${'W'.repeat(255 * 12 + 1)}`;
      const response = await t.inject({ method: 'GET', url, headers: AUTH });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ code: 404, message: `No route found for "GET ${url}"` });
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
    });
  });

  describe('NUL characters (PostgreSQL text cannot hold them)', () => {
    it('in a query string: 400', async () => {
      for (const url of ['/api/v1/customers/?criteria[search]=a%00b', '/api/v1/carts/?criteria[customer]=%00', '/api/oauth/v2/token?grant_type=password&client_id=%00']) {
        const response = await t.inject({ method: 'GET', url, headers: AUTH });
        expect({ url, status: response.statusCode, body: json(response) }).toEqual({
          url,
          status: 400,
          body: { code: 400, message: 'The query string contains a NUL character (%00), which is not allowed.' },
        });
      }
    });

    it('anywhere in a JSON or form body: 400, and nothing changes', async () => {
      const before = await fingerprint();
      const cases = [
        { method: 'POST', url: '/api/v1/customers/', headers: JSON_AUTH, payload: '{"email":"a\\u0000b@example.com","gender":"m"}' },
        { method: 'PATCH', url: `/api/v1/customers/${customerId}`, headers: JSON_AUTH, payload: '{"firstName":"Oli\\u0000ver"}' },
        { method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: '{"variant":"MUG_SW\\u0000","quantity":1}' },
        { method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: '{"customer":"x","channel":["WEB",{"a\\u0000":1}],"localeCode":"en_US"}' },
        { method: 'POST', url: '/api/oauth/v2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=password&client_id=client%00id' },
      ];
      for (const request of cases) {
        const response = await t.inject({ ...request, method: request.method });
        expect({ url: request.url, status: response.statusCode, body: json(response) }).toEqual({
          url: request.url,
          status: 400,
          body: { code: 400, message: 'The request body contains a NUL character (\\u0000), which is not allowed.' },
        });
      }
      expect(await fingerprint()).toBe(before);
    });

    it('in HTTP Basic client credentials: the client is unknown', async () => {
      const basic = `Basic ${Buffer.from('client\u0000id:secret').toString('base64')}`;
      const response = await t.inject({ method: 'POST', url: '/api/oauth/v2/token', headers: { authorization: basic }, payload: { grant_type: 'password' } });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ error: 'invalid_client', error_description: 'The client credentials are invalid' });
    });
  });

  it('refuses lone UTF-16 surrogates in a body (the e-mail validator threw on them)', async () => {
    const before = await fingerprint();
    const cases = [
      { method: 'PUT', url: `/api/v1/customers/${customerId}`, payload: '{"email":"a\\udfffb@example.com","gender":"m"}' },
      { method: 'POST', url: '/api/v1/customers/', payload: '{"email":"x@example.com","gender":"m","firstName":"\\ud800"}' },
      { method: 'POST', url: `/api/v1/carts/${cartId}/items/`, payload: '{"variant":"MUG_SW","quantity":1,"\\udc00":1}' },
    ];
    for (const request of cases) {
      const response = await t.inject({ method: request.method, url: request.url, headers: JSON_AUTH, payload: request.payload });
      expect({ url: request.url, status: response.statusCode, body: json(response) }).toEqual({
        url: request.url,
        status: 400,
        body: { code: 400, message: 'The request body contains a lone UTF-16 surrogate (such as \\udfff), which is not valid Unicode.' },
      });
    }
    // A surrogate pair (an emoji) is ordinary text.
    const pair = await t.inject({ method: 'PATCH', url: `/api/v1/customers/${customerId}`, headers: JSON_AUTH, payload: '{"firstName":"Oli \\ud83d\\ude00"}' });
    expect(pair.statusCode).toBe(204);
    expect(await fingerprint()).not.toBe(before);
  });

  it('takes Basic client credentials that are not valid percent-encoding as non-matching (400, not 500)', async () => {
    for (const credentials of ['%zz:secret', 'client_id:%', 'client_id:%E0%A4%A']) {
      const response = await t.inject({
        method: 'POST',
        url: '/api/oauth/v2/token',
        headers: { authorization: `Basic ${Buffer.from(credentials).toString('base64')}` },
        payload: { grant_type: 'password', username: 'sylius', password: 'sylius' },
      });
      expect({ credentials, status: response.statusCode, body: json(response) }).toEqual({
        credentials,
        status: 400,
        body: { error: 'invalid_client', error_description: 'The client credentials are invalid' },
      });
    }
  });

  it('judges a body with 50 000 unknown keys quickly (copying them into the form took seconds)', async () => {
    const payload = `{"quantity":2,${Array.from({ length: 50_000 }, (_, index) => `"k${index}":${index}`).join(',')}}`;
    const started = Date.now();
    const response = await t.inject({ method: 'PUT', url: `/api/v1/carts/${cartId}/items/${itemId}`, headers: JSON_AUTH, payload });
    const took = Date.now() - started;
    expect(json(response)).toEqual({ code: 400, message: 'Validation Failed', errors: { errors: ['This form should not contain extra fields.'], children: { quantity: {} } } });
    expect(took).toBeLessThan(2000); // about 0.4 s here; it took 3.5 s before
  });

  it('refuses bodies nested deeper than 64 levels (they overflowed the form mapping) and accepts 64', async () => {
    const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const before = await fingerprint();
    for (const payload of [`{"user":${nested(20_000)}}`, `{"quantity":${'['.repeat(100_000)}${']'.repeat(100_000)}}`, nested(65)]) {
      const response = await t.inject({ method: 'POST', url: '/api/v1/customers/', headers: JSON_AUTH, payload });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ code: 400, message: 'The request body is nested more than 64 levels deep.' });
    }
    const limit = await t.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: nested(64) });
    expect(limit.statusCode).toBe(400);
    expect(json(limit)).toEqual({
      code: 400,
      message: 'Validation Failed',
      errors: { errors: ['This form should not contain extra fields.'], children: { quantity: { errors: ['This value should not be blank.'] }, variant: { errors: ['This value should not be blank.'] } } },
    });
    expect(await fingerprint()).toBe(before);
  });

  it('judges objects with a "constructor" key inside fields as invalid values (they crashed the form mapping)', async () => {
    const before = await fingerprint();
    const patch = await t.inject({
      method: 'PATCH',
      url: `/api/v1/customers/${customerId}`,
      headers: JSON_AUTH,
      payload: '{"firstName":{"constructor":{"a":1}},"group":[{"constructor":1}],"user":{"constructor":{"enabled":true}}}',
    });
    expect(patch.statusCode).toBe(400);
    expect(json(patch)).toEqual({
      code: 400,
      message: 'Validation Failed',
      errors: {
        children: {
          firstName: { errors: ['This value is not valid.'] },
          lastName: {},
          email: {},
          birthday: {},
          gender: {},
          phoneNumber: {},
          subscribedToNewsletter: {},
          group: { errors: ['This value is not valid.'] },
          user: { errors: ['This form should not contain extra fields.'], children: { plainPassword: {}, authorizationRoles: {}, enabled: {} } },
        },
      },
    });
    const item = await t.inject({ method: 'PUT', url: `/api/v1/carts/${cartId}/items/${itemId}`, headers: JSON_AUTH, payload: '{"quantity":{"constructor":"x"}}' });
    expect(item.statusCode).toBe(400);
    expect(json(item)).toEqual({ code: 400, message: 'Validation Failed', errors: { children: { quantity: { errors: ['This value is not valid.'] } } } });
    // "__proto__" and "constructor.prototype" are refused by the JSON parser already.
    const proto = await t.inject({ method: 'PATCH', url: `/api/v1/customers/${customerId}`, headers: JSON_AUTH, payload: '{"user":{"__proto__":{"enabled":true}}}' });
    expect(json(proto)).toEqual({ code: 400, message: 'Invalid json message received' });
    expect(await fingerprint()).toBe(before);
  });
});
