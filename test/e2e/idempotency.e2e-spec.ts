import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { IdMap } from '../../src/fixtures';
import { idempotencyKeyHash, KeySecrets } from '../../src/idempotency/key-secrets';
import { requestFingerprint } from '../../src/idempotency/request-fingerprint';
import { sql } from '../support/cart-expectations';
import { CART_YAML, loadShop } from '../support/cart-fixtures';
import { CLIENT, TOKEN } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

const OTHER_TOKEN = 'OtherAdminTokenForIdempotencyTests';
const OTHER_ADMIN_YAML = `
adminUsers: [{username: other, email: other@example.com, password: other, roles: [ROLE_API_ACCESS]}]
accessTokens: [{token: ${OTHER_TOKEN}, client: client_id, user: other, expiresAt: null}]
`;

const KEY_REUSED = { code: 422, message: 'Idempotency-Key reused with a different request' };
const INVALID_KEY = { code: 400, message: 'Invalid Idempotency-Key header' };
const NEW_CART = { customer: 'oliver.queen@star-city.com', channel: 'WEB', localeCode: 'en_US' };

describe('Idempotency-Key on POST /api/v1', () => {
  let t: TestApp;
  let ids: IdMap;
  let recording = false;
  const statements: string[] = [];
  let keyCounter = 0;
  let emailCounter = 0;
  /** A key no other test uses. */
  const newKey = () => `key-${++keyCounter}-${Date.now()}`;
  const newEmail = () => `idem${++emailCounter}@example.com`;

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (statement) => recording && statements.push(statement) });
    ids = await loadShop(t, CART_YAML, OTHER_ADMIN_YAML);
  });
  afterAll(() => t?.close());

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, key?: string, token = TOKEN) =>
    t.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(key !== undefined && { 'idempotency-key': key }) },
      ...(payload !== undefined && { payload: typeof payload === 'string' ? payload : (payload as object) }),
    });
  const post = (url: string, payload: unknown, key?: string, token?: string) => request('POST', url, payload, key, token);

  const count = async (query: string, params: unknown[] = []): Promise<number> => Number((await sql<{ n: string }>(t, query, params))[0].n);
  const carts = () => count('select count(*) as n from orders');
  const storedKeys = () => count('select count(*) as n from idempotency_key');
  /** An empty cart made without a key. */
  const newCart = async (): Promise<number> => (json(await post('/api/v1/carts/', NEW_CART)) as { id: number }).id;
  const itemsOf = (cartId: number) =>
    sql<{ quantity: number; units: number }>(t, 'select i.quantity, jsonb_array_length(i.units) as units from order_item i where i.order_id = ?', [cartId]);

  /** Status, every byte of the body and the content type are the same; only the replay says it is one. */
  const expectReplayOf = (replay: LightMyRequestResponse, original: LightMyRequestResponse) => {
    expect({ status: replay.statusCode, body: replay.body, type: replay.headers['content-type'] }).toEqual({
      status: original.statusCode,
      body: original.body,
      type: original.headers['content-type'],
    });
    expect(original.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.headers['idempotent-replayed']).toBe('true');
  };

  describe('replays', () => {
    it('a created cart: same status, body and content type, and no second cart', async () => {
      const before = await carts();
      const key = newKey();
      const first = await post('/api/v1/carts/', NEW_CART, key);
      expect(first.statusCode).toBe(201);
      const cartId = (json(first) as { id: number }).id;
      expect(json(first)).toEqual(expect.objectContaining({ id: cartId, checkoutState: 'cart', currencyCode: 'USD', localeCode: 'en_US' }));

      const again = await post('/api/v1/carts/', NEW_CART, key);
      expectReplayOf(again, first);
      expect(await carts()).toBe(before + 1);
    });

    it('an added cart item without adding the units again', async () => {
      const cartId = await newCart();
      const key = newKey();
      const first = await post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 2 }, key);
      expect(first.statusCode).toBe(201);
      const again = await post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 2 }, key);
      expectReplayOf(again, first);
      expect(await itemsOf(cartId)).toEqual([{ quantity: 2, units: 2 }]);
    });

    it('a created customer', async () => {
      const email = newEmail();
      const key = newKey();
      const body = { email, firstName: 'Ada', lastName: 'Lovelace', gender: 'f', user: { plainPassword: 'secret' } };
      const first = await post('/api/v1/customers/', body, key);
      expect(first.statusCode).toBe(201);
      expect(json(first)).toEqual(expect.objectContaining({ email, firstName: 'Ada', lastName: 'Lovelace' }));
      expectReplayOf(await post('/api/v1/customers/', body, key), first);
      expect(await count('select count(*) as n from customer where email = ?', [email])).toBe(1);
    });

    it('the same JSON with other key order and spacing (the parsed body is compared, canonically)', async () => {
      const before = await carts();
      const key = newKey();
      const first = await post('/api/v1/carts', '{"customer":"oliver.queen@star-city.com","channel":"WEB","localeCode":"en_US"}', key);
      const again = await post('/api/v1/carts/', '{ "localeCode": "en_US",\n  "channel": "WEB", "customer": "oliver.queen@star-city.com" }', key);
      expect(first.statusCode).toBe(201);
      expectReplayOf(again, first);
      expect(await carts()).toBe(before + 1);
    });

    it('a request authenticated by an access_token query parameter instead of the header (the query is not compared)', async () => {
      const before = await carts();
      const key = newKey();
      const first = await post('/api/v1/carts/', NEW_CART, key);
      const again = await t.inject({
        method: 'POST',
        url: `/api/v1/carts/?access_token=${TOKEN}`,
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        payload: NEW_CART,
      });
      expectReplayOf(again, first);
      expect(await carts()).toBe(before + 1);
    });

    it('a 4xx answer too: it is stored, not worked out again', async () => {
      const email = newEmail();
      const existing = (json(await post('/api/v1/customers/', { email, gender: 'u' })) as { id: number }).id;
      const key = newKey();
      const first = await post('/api/v1/customers/', { email, gender: 'u' }, key);
      expect(first.statusCode).toBe(400);
      expect((json(first) as { message: string }).message).toBe('Validation Failed');

      // Worked out again, the same request would now succeed; the replay still answers the 400.
      expect((await request('DELETE', `/api/v1/customers/${existing}`)).statusCode).toBe(204);
      expectReplayOf(await post('/api/v1/customers/', { email, gender: 'u' }, key), first);
      expect(await count('select count(*) as n from customer where email = ?', [email])).toBe(0);
    });

    it('a 404 of a missing cart', async () => {
      const key = newKey();
      const first = await post('/api/v1/carts/999999/items/', { variant: 'MUG_SW', quantity: 1 }, key);
      expect({ status: first.statusCode, body: json(first) }).toEqual({ status: 404, body: { code: 404, message: 'The "cart" has not been found' } });
      expectReplayOf(await post('/api/v1/carts/999999/items/', { variant: 'MUG_SW', quantity: 1 }, key), first);
    });
  });

  describe('the same key with a different request', () => {
    it('another body is a 422 and changes nothing', async () => {
      const cartId = await newCart();
      const key = newKey();
      expect((await post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 1 }, key)).statusCode).toBe(201);
      const other = await post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 3 }, key);
      expect({ status: other.statusCode, body: json(other) }).toEqual({ status: 422, body: KEY_REUSED });
      expect(other.headers['idempotent-replayed']).toBeUndefined();
      expect(await itemsOf(cartId)).toEqual([{ quantity: 1, units: 1 }]);
    });

    it('another cart in the path is a 422', async () => {
      const [a, b] = [await newCart(), await newCart()];
      const key = newKey();
      expect((await post(`/api/v1/carts/${a}/items/`, { variant: 'MUG_SW', quantity: 1 }, key)).statusCode).toBe(201);
      const other = await post(`/api/v1/carts/${b}/items/`, { variant: 'MUG_SW', quantity: 1 }, key);
      expect({ status: other.statusCode, body: json(other) }).toEqual({ status: 422, body: KEY_REUSED });
      expect(await itemsOf(b)).toEqual([]);
    });

    it('another route is a 422', async () => {
      const key = newKey();
      expect((await post('/api/v1/customers/', { email: newEmail(), gender: 'u' }, key)).statusCode).toBe(201);
      const before = await carts();
      const other = await post('/api/v1/carts/', NEW_CART, key);
      expect({ status: other.statusCode, body: json(other) }).toEqual({ status: 422, body: KEY_REUSED });
      expect(await carts()).toBe(before);
    });
  });

  describe('concurrent requests with the same key', () => {
    it('10 at once add the item once; all 10 get the same 201, 9 of them as replays', async () => {
      const cartId = await newCart();
      const key = newKey();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 1 }, key)),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
      expect(await itemsOf(cartId)).toEqual([{ quantity: 1, units: 1 }]);
    });

    it('10 at once create one customer (with a slow password hash inside)', async () => {
      const email = newEmail();
      const key = newKey();
      const body = { email, gender: 'u', user: { plainPassword: 'secret', enabled: true } };
      const responses = await Promise.all(Array.from({ length: 10 }, () => post('/api/v1/customers/', body, key)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
      expect(await count('select count(*) as n from customer where email = ?', [email])).toBe(1);
      expect(await count('select count(*) as n from shop_user where username = ?', [email])).toBe(1);
    });

    it('10 at once with 10 different keys all act (nothing is serialized by accident)', async () => {
      const cartId = await newCart();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 1 }, newKey())),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(responses.filter((r) => r.headers['idempotent-replayed'] !== undefined)).toHaveLength(0);
      expect(await itemsOf(cartId)).toEqual([{ quantity: 10, units: 10 }]);
    });
  });

  it('keeps the keys of different admins apart', async () => {
    const before = await carts();
    const key = newKey();
    const mine = await post('/api/v1/carts/', NEW_CART, key);
    const theirs = await post('/api/v1/carts/', NEW_CART, key, OTHER_TOKEN);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((json(theirs) as { id: number }).id).not.toBe((json(mine) as { id: number }).id);
    // Each admin's key still replays its own answer.
    expectReplayOf(await post('/api/v1/carts/', NEW_CART, key, OTHER_TOKEN), theirs);
    expectReplayOf(await post('/api/v1/carts/', NEW_CART, key), mine);
    expect(await carts()).toBe(before + 2);
  });

  it('treats an expired key as new, even with another body', async () => {
    const key = newKey();
    const first = await post('/api/v1/carts/', NEW_CART, key);
    expect(first.statusCode).toBe(201);
    await sql(t, `update idempotency_key set created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' where key = ?`, [idempotencyKeyHash(key)]);

    const before = await carts();
    const again = await post('/api/v1/carts/', NEW_CART, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect((json(again) as { id: number }).id).not.toBe((json(first) as { id: number }).id);
    expect(await carts()).toBe(before + 1);

    await sql(t, `update idempotency_key set expires_at = now() - interval '1 second' where key = ?`, [idempotencyKeyHash(key)]);
    const customer = await post('/api/v1/customers/', { email: newEmail(), gender: 'u' }, key);
    expect(customer.statusCode).toBe(201);
    const [row] = await sql<{ age: number }>(t, `select extract(epoch from expires_at - created_at)::int as age from idempotency_key where key = ?`, [idempotencyKeyHash(key)]);
    expect(row.age).toBe(24 * 60 * 60);
  });

  it('gives the key back after a 5xx, so that a retry acts', async () => {
    const cartId = await newCart();
    const key = newKey();
    await sql(t, 'alter table order_item rename column units to units_away');
    let failed: LightMyRequestResponse;
    try {
      failed = await post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 1 }, key);
    } finally {
      await sql(t, 'alter table order_item rename column units_away to units');
    }
    expect({ status: failed.statusCode, body: json(failed) }).toEqual({ status: 500, body: { code: 500, message: 'Internal Server Error' } });
    expect(await count('select count(*) as n from idempotency_key where key = ?', [idempotencyKeyHash(key)])).toBe(0);

    const retried = await post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 1 }, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expectReplayOf(await post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 1 }, key), retried);
    expect(await itemsOf(cartId)).toEqual([{ quantity: 1, units: 1 }]);
  });

  describe('the header itself', () => {
    it('absent: every POST acts', async () => {
      const before = await carts();
      const keys = await storedKeys();
      const responses = [await post('/api/v1/carts/', NEW_CART), await post('/api/v1/carts/', NEW_CART)];
      expect(responses.map((r) => [r.statusCode, r.headers['idempotent-replayed']])).toEqual([
        [201, undefined],
        [201, undefined],
      ]);
      expect(await carts()).toBe(before + 2);
      expect(await storedKeys()).toBe(keys);
    });

    it('empty or longer than 255 characters: 400, and nothing happens', async () => {
      const before = await carts();
      for (const key of ['', 'k'.repeat(256)]) {
        const response = await post('/api/v1/carts/', NEW_CART, key);
        expect({ status: response.statusCode, body: json(response) }).toEqual({ status: 400, body: INVALID_KEY });
      }
      expect(await carts()).toBe(before);
      expect((await post('/api/v1/carts/', NEW_CART, 'k'.repeat(255))).statusCode).toBe(201);
    });

    it('is ignored by the token endpoint', async () => {
      const keys = await storedKeys();
      const grant = { grant_type: 'password', client_id: CLIENT.id, client_secret: CLIENT.secret, username: 'sylius', password: 'sylius' };
      const send = (key: string) =>
        t.inject({ method: 'POST', url: '/api/oauth/v2/token', headers: { 'content-type': 'application/json', 'idempotency-key': key }, payload: grant });
      const [first, second, empty] = [await send('token-key'), await send('token-key'), await send('')];
      expect([first.statusCode, second.statusCode, empty.statusCode]).toEqual([200, 200, 200]);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect((json(second) as { access_token: string }).access_token).not.toBe((json(first) as { access_token: string }).access_token);
      expect(await storedKeys()).toBe(keys);
    });

    it('is ignored by GET, PUT, PATCH and DELETE, even when malformed', async () => {
      const cartId = await newCart();
      const itemId = (json(await post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 1 })) as { id: number }).id;
      const keys = await storedKeys();
      const key = newKey();

      const show = await request('GET', `/api/v1/carts/${cartId}`, undefined, '');
      expect(show.statusCode).toBe(200);
      expect((await request('PUT', `/api/v1/carts/${cartId}/items/${itemId}`, { quantity: 2 }, key)).statusCode).toBe(204);
      expect((await request('PATCH', `/api/v1/carts/${cartId}/items/${itemId}`, { quantity: 3 }, key)).statusCode).toBe(204);
      expect(await itemsOf(cartId)).toEqual([{ quantity: 3, units: 3 }]);
      expect((await request('DELETE', `/api/v1/carts/${cartId}/items/${itemId}`, undefined, key)).statusCode).toBe(204);
      expect((await request('DELETE', `/api/v1/carts/${cartId}`, undefined, key)).statusCode).toBe(204);
      expect(await storedKeys()).toBe(keys);
    });
  });

  it('marks the key committed inside the action\'s own transaction, then stores the answer after it', async () => {
    const cartId = await newCart();
    statements.length = 0;
    recording = true;
    const response = await post(`/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 1 }, newKey());
    recording = false;
    expect(response.statusCode).toBe(201);
    const position = (pattern: RegExp) => statements.findIndex((statement) => pattern.test(statement));
    const steps = [
      position(/insert into idempotency_key/),
      position(/\bbegin\b/),
      // The line as the unit of work inserts it.
      position(/insert into "order_item"/),
      position(/update idempotency_key set state = 'committed'/),
      position(/\bcommit\b/),
      position(/set state = 'completed'/),
    ];
    expect(steps.every((step) => step >= 0)).toBe(true);
    expect([...steps].sort((x, y) => x - y)).toEqual(steps);
  });

  it('stores the answer with its scope, hash and state, and only the headers that belong to it', async () => {
    const key = newKey();
    const first = await post('/api/v1/carts/', NEW_CART, key);
    const [{ response_body: body, ...row }] = await sql<Record<string, unknown>>(
      t,
      `select scope, state, request_hash, response_status, response_headers, response_body from idempotency_key where key = ?`,
      [idempotencyKeyHash(key)],
    );
    const scope = `admin:${ids.adminUsers.sylius}`;
    const secrets = new KeySecrets(scope, key);
    expect(row).toEqual({
      scope,
      state: 'completed',
      // Keyed by the raw key: a request (which may hold a password) cannot be guessed from the table.
      request_hash: secrets.fingerprint(requestFingerprint('POST', '/api/v1/carts/', NEW_CART)),
      response_status: 201,
      response_headers: { 'content-type': first.headers['content-type'] },
    });
    // The body is sealed: it opens with the raw key only, and under its own scope only.
    expect(body).not.toBe(first.body);
    expect(secrets.open(body as string)).toBe(first.body);
    expect(() => new KeySecrets('admin:0', key).open(body as string)).toThrow();
    expect(() => new KeySecrets(scope, `${key}x`).open(body as string)).toThrow();
  });
});
