import type { InjectOptions } from 'fastify';
import { hashToken } from '../../src/auth/token-hash';
import { idempotencyKeyHash } from '../../src/idempotency/key-secrets';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { ACCESS_DENIED, notFound, PAGE_NOT_FOUND } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * API clients (/api/v1/api-clients): the OAuth clients of the token endpoint. Every request here uses
 * `client_id`'s token; `mobile` has a token and a refresh token of its own.
 */
const MOBILE_TOKEN = 'MobileAccessTokenOfSylius';
const MOBILE_REFRESH = 'MobileRefreshTokenOfSylius';
const SHOP_YAML = `
oauthClients: [{clientId: mobile, secret: mobile-secret, grantTypes: [password]}]
accessTokens: [{token: ${MOBILE_TOKEN}, client: mobile, user: sylius, expiresAt: null}]
refreshTokens: [{token: ${MOBILE_REFRESH}, client: mobile, user: sylius, expiresAt: null}]
`;
const BASE = '/api/v1/api-clients/';
const TOKEN_URL = '/api/oauth/v2/token';
const MOBILE_AUTH = { authorization: `Bearer ${MOBILE_TOKEN}` };
const INVALID_TOKEN = { error: 'invalid_grant', error_description: 'The access token provided is invalid.' };
const CANNOT_REVOKE_OWN = { code: 422, message: 'Cannot revoke the client of the token in use.' };
const GRANT_TYPES_BLANK = 'Please choose at least one grant type.';
const NOT_VALID = 'This value is not valid.';
const tree = (messages?: string[], errors?: string[]) => validationFailed({ ...(errors && { errors }), children: { allowedGrantTypes: messages ? { errors: messages } : {} } });

describe('API clients', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = JSON_AUTH) =>
    t.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string, headers: Record<string, string> = AUTH) => request('GET', url, undefined, headers);
  const rowOf = async (randomId: string) =>
    (await sql<{ id: number; secret_hash: string; allowed_grant_types: string[]; created_at: Date }>(t, 'select id, secret_hash, allowed_grant_types, created_at from oauth_client where random_id = ?', [randomId]))[0];
  const count = async () => Number((await sql<{ n: string }>(t, 'select count(*) as n from oauth_client'))[0].n);
  const tokensOf = async (id: number) =>
    Number((await sql<{ n: string }>(t, 'select (select count(*) from access_token where client_id = ?) + (select count(*) from refresh_token where client_id = ?) as n', [id, id]))[0].n);
  const createdAt = (date: Date) => new Date(date).toISOString().replace(/\.\d{3}Z$/, '+0000');
  const shown = async (randomId: string) => {
    const row = await rowOf(randomId);
    return { id: row.id, clientId: randomId, allowedGrantTypes: row.allowed_grant_types, createdAt: createdAt(row.created_at), _links: { self: { href: `${BASE}${row.id}` } } };
  };
  const passwordGrant = (clientId: string, clientSecret: string) =>
    t.inject({ method: 'POST', url: TOKEN_URL, payload: { grant_type: 'password', client_id: clientId, client_secret: clientSecret, username: 'sylius', password: 'sylius' } });

  describe(`GET ${BASE}`, () => {
    it('lists every client in creation order, without secrets', async () => {
      const items = [await shown('client_id'), await shown('mobile')];
      expect(items.map((item) => item.allowedGrantTypes)).toEqual([['password', 'refresh_token'], ['password']]);
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 2, items));
      expectJson(await get(`${BASE}?page=2&limit=1`), 200, plainPage(BASE, '', 2, 1, 2, 2, items.slice(1)));
      expectJson(await get(`${BASE}?page=3`), 404, PAGE_NOT_FOUND);
    });
  });

  describe(`GET ${BASE}{id}`, () => {
    it('shows a client without its secret', async () => {
      const mobile = await shown('mobile');
      expectJson(await get(`${BASE}${mobile.id}`), 200, mobile);
    });

    it.each(['999999', '0', 'mobile', '01'])('answers 404 for the id %s', async (id) => {
      expectJson(await get(`${BASE}${id}`), 404, notFound('API client'));
    });
  });

  describe(`POST ${BASE}`, () => {
    it('creates a client and shows its secret once; only the hash is stored and the token endpoint accepts it', async () => {
      const response = await request('POST', BASE, { allowedGrantTypes: ['password', 'refresh_token', 'password'] });
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = json(response) as { id: number; clientId: string; clientSecret: string };
      expect(body.clientId).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(body.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const { _links, ...fields } = await shown(body.clientId);
      expectJson(response, 201, { ...fields, clientSecret: body.clientSecret, _links });
      expect(fields.allowedGrantTypes).toEqual(['password', 'refresh_token']);
      expect((await rowOf(body.clientId)).secret_hash).toBe(hashToken(body.clientSecret));
      expectJson(await get(`${BASE}${body.id}`), 200, { ...fields, _links });

      const grant = await passwordGrant(body.clientId, body.clientSecret);
      expect(grant.statusCode).toBe(200);
      expect((await passwordGrant(body.clientId, 'wrong')).statusCode).toBe(400);
    });

    it.each([
      ['an empty body', undefined, tree([GRANT_TYPES_BLANK])],
      ['null', { allowedGrantTypes: null }, tree([GRANT_TYPES_BLANK])],
      ['an empty list', { allowedGrantTypes: [] }, tree([GRANT_TYPES_BLANK])],
      ['a text', { allowedGrantTypes: 'password' }, tree([NOT_VALID])],
      ['an unknown grant', { allowedGrantTypes: ['password', 'client_credentials'] }, tree([NOT_VALID])],
      ['a grant that is not a text', { allowedGrantTypes: [1] }, tree([NOT_VALID])],
      ['unknown keys', { allowedGrantTypes: ['password'], secret: 'mine' }, tree(undefined, ['This form should not contain extra fields.'])],
    ])('answers 400 with the form tree for %s, writing nothing', async (_case, payload, expected) => {
      const rows = await count();
      expectJson(await request('POST', BASE, payload), 400, expected);
      expect(await count()).toBe(rows);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'client-create' };
      const first = await request('POST', BASE, { allowedGrantTypes: ['password'] }, headers);
      expect(first.statusCode).toBe(201);
      const again = await request('POST', BASE, { allowedGrantTypes: ['password'] }, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      expect(await count()).toBe(3);
      expectJson(await request('POST', BASE, { allowedGrantTypes: ['refresh_token'] }, headers), 422, { code: 422, message: 'Idempotency-Key reused with a different request' });
    });

    it('stores neither the Idempotency-Key nor the secret readably, and the replay still answers the secret', async () => {
      const key = `client-secret-${Date.now()}`;
      const headers = { ...JSON_AUTH, 'idempotency-key': key };
      const first = await request('POST', BASE, { allowedGrantTypes: ['password'] }, headers);
      expect(first.statusCode).toBe(201);
      const { clientId, clientSecret } = json(first) as { clientId: string; clientSecret: string };

      // Every column of every row, as text, and the stored bodies decoded as well.
      const rows = await sql<{ key: string; row: string; body: string | null }>(t, 'select key, k::text as row, response_body as body from idempotency_key k');
      const stored = rows.map(({ row, body }) => `${row}\n${body === null ? '' : Buffer.from(body, 'base64').toString('latin1')}`).join('\n');
      for (const secret of [key, clientSecret, clientId]) expect(stored).not.toContain(secret);
      const [row] = rows.filter((candidate) => candidate.key === idempotencyKeyHash(key));
      expect(row.body).toMatch(/^[A-Za-z0-9+/]+=*$/);

      const again = await request('POST', BASE, { allowedGrantTypes: ['password'] }, headers);
      expect({ status: again.statusCode, body: again.body, type: again.headers['content-type'], cache: again.headers['cache-control'], replayed: again.headers['idempotent-replayed'] }).toEqual({
        status: 201,
        body: first.body,
        type: first.headers['content-type'],
        cache: 'no-store',
        replayed: 'true',
      });
      expect((await passwordGrant(clientId, clientSecret)).statusCode).toBe(200);
    });
  });

  describe(`DELETE ${BASE}{id}`, () => {
    it('revokes a client with its tokens, which stop working at once', async () => {
      const mobile = (await rowOf('mobile')).id;
      expect((await get(BASE, MOBILE_AUTH)).statusCode).toBe(200);
      expect(await tokensOf(mobile)).toBe(2);
      expectNoContent(await request('DELETE', `${BASE}${mobile}`, undefined, AUTH));
      expectJson(await get(BASE, MOBILE_AUTH), 401, INVALID_TOKEN);
      expect(await tokensOf(mobile)).toBe(0);
      expect(json(await passwordGrant('mobile', 'mobile-secret'))).toEqual({ error: 'invalid_client', error_description: 'The client credentials are invalid' });
      expectJson(await get(`${BASE}${mobile}`), 404, notFound('API client'));
      expectJson(await request('DELETE', `${BASE}${mobile}`, undefined, AUTH), 404, notFound('API client'));
    });

    it("answers 422 for the client of the request's own token, writing nothing", async () => {
      const own = (await rowOf('client_id')).id;
      expectJson(await request('DELETE', `${BASE}${own}`, undefined, AUTH), 422, CANNOT_REVOKE_OWN);
      expect([await count(), await tokensOf(own)]).toEqual([2, 1]);
      // Another client's token may revoke it.
      expectNoContent(await request('DELETE', `${BASE}${own}`, undefined, MOBILE_AUTH));
      expectJson(await get(BASE), 401, INVALID_TOKEN);
    });

    it.each(['999999', 'x'])('answers 404 for the id %s', async (id) => {
      expectJson(await request('DELETE', `${BASE}${id}`, undefined, AUTH), 404, notFound('API client'));
    });
  });

  describe('routing and authentication', () => {
    it.each([
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${BASE}1`],
      ['DELETE', `${BASE}1`],
    ] as const)('answers 401 to %s %s without a token, writing nothing', async (method, url) => {
      const body = method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: { allowedGrantTypes: ['password'] } } : {};
      expectJson(await t.inject({ method, url, ...body }), 401, ACCESS_DENIED);
      expect(await count()).toBe(2);
    });

    it('answers 405 with Allow to a method the path does not take', async () => {
      const item = await t.inject({ method: 'PUT', url: `${BASE}1`, headers: AUTH });
      expectJson(item, 405, { code: 405, message: `No route found for "PUT ${BASE}1": Method Not Allowed (Allow: GET, DELETE)` });
    });
  });
});
