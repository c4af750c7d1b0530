import type { InjectOptions } from 'fastify';
import { verifyPassword } from '../../src/auth/password-hasher';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { ACCESS_DENIED, notFound, PAGE_NOT_FOUND } from '../support/resource-expectations';
import { CLIENT } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Admin users (/api/v1/users): a plain list, create, show, PUT, PATCH and delete. `sylius` owns the
 * token of every request; ExemplaryUser has a token of their own, `OtherToken`.
 */
const OTHER_TOKEN = 'OtherTokenOfTheExemplaryUser';
const SHOP_YAML = `
adminUsers:
  - {username: ExemplaryUser, email: user@example.com, password: examplePassword, roles: [ROLE_API_ACCESS], enabled: true, localeCode: en_US}
accessTokens: [{token: ${OTHER_TOKEN}, client: client_id, user: ExemplaryUser, expiresAt: null}]
`;
const BASE = '/api/v1/users/';
const OTHER_AUTH = { authorization: `Bearer ${OTHER_TOKEN}` };

const M = {
  usernameBlank: 'Please enter your name.',
  usernameTaken: 'This username is already used.',
  emailBlank: 'Please enter your email.',
  emailInvalid: 'This email is invalid.',
  emailTaken: 'This email is already used.',
  passwordBlank: 'Please enter your password.',
  passwordShort: 'Password must be at least 4 characters long.',
  passwordLong: 'Password must not be longer than 254 characters.',
  localeBlank: 'Please choose a locale.',
  notValid: 'This value is not valid.',
  extra: 'This form should not contain extra fields.',
};
const CANNOT_DELETE_SELF = { code: 422, message: 'Cannot remove currently logged in user.' };
const CANNOT_DISABLE_SELF = { code: 422, message: 'Cannot disable currently logged in user.' };
const INVALID_TOKEN = { error: 'invalid_grant', error_description: 'The access token provided is invalid.' };
const FORBIDDEN = { code: 403, message: 'Access Denied.' };

type Children = Partial<Record<'username' | 'email' | 'plainPassword' | 'enabled' | 'firstName' | 'lastName' | 'localeCode', string[]>>;
const tree = (children: Children, errors?: string[]) =>
  validationFailed({
    ...(errors && { errors }),
    children: Object.fromEntries(
      (['username', 'email', 'plainPassword', 'enabled', 'firstName', 'lastName', 'localeCode'] as const).map((field) => [field, children[field] ? { errors: children[field] } : {}]),
    ),
  });

describe('admin users', () => {
  let t: TestApp;
  let sylius: number;
  let exemplary: number;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
    sylius = await idOf('sylius');
    exemplary = await idOf('exemplaryuser');
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = JSON_AUTH) =>
    t.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string, headers: Record<string, string> = AUTH) => request('GET', url, undefined, headers);
  async function idOf(usernameCanonical: string): Promise<number> {
    return (await sql<{ id: number }>(t, 'select id from admin_user where username_canonical = ?', [usernameCanonical]))[0]?.id;
  }
  const rowOf = async (id: number) =>
    (await sql(t, 'select username, username_canonical, email, email_canonical, roles, enabled, first_name, last_name, locale_code, password_hash from admin_user where id = ?', [id]))[0];
  const count = async () => Number((await sql<{ n: string }>(t, 'select count(*) as n from admin_user'))[0].n);
  const tokensOf = async (id: number) => Number((await sql<{ n: string }>(t, 'select (select count(*) from access_token where user_id = ?) + (select count(*) from refresh_token where user_id = ?) as n', [id, id]))[0].n);

  const SYLIUS = () => ({ id: sylius, username: 'sylius', usernameCanonical: 'sylius', roles: ['ROLE_API_ACCESS'], email: 'api@sylius.com', emailCanonical: 'api@sylius.com', enabled: true });
  const EXEMPLARY = () => ({
    id: exemplary,
    username: 'ExemplaryUser',
    usernameCanonical: 'exemplaryuser',
    roles: ['ROLE_API_ACCESS'],
    email: 'user@example.com',
    emailCanonical: 'user@example.com',
    enabled: true,
  });
  const NEW_ADMIN = { username: ' Ops ', email: 'Ops@Example.com', plainPassword: 'correct horse', enabled: true, firstName: ' Olivia ', lastName: 'Ops', localeCode: 'en_US' };

  describe(`GET ${BASE}`, () => {
    it('lists every admin in creation order, in the short shape', async () => {
      const items = [
        { id: sylius, username: 'sylius', email: 'api@sylius.com', enabled: true },
        { id: exemplary, username: 'ExemplaryUser', email: 'user@example.com', enabled: true },
      ];
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 2, items));
      expectJson(await get(`${BASE}?limit=1&page=2`), 200, plainPage(BASE, '', 2, 1, 2, 2, items.slice(1)));
    });

    it.each(['page=3', 'page=0', 'limit=x'])('answers 404 Page Not Found to ?%s', async (query) => {
      expectJson(await get(`${BASE}?${query}`), 404, PAGE_NOT_FOUND);
    });
  });

  describe(`GET ${BASE}{id}`, () => {
    it('shows an admin without password, hash or locale', async () => {
      expectJson(await get(`${BASE}${sylius}`), 200, SYLIUS());
      expectJson(await get(`${BASE}${exemplary}`), 200, EXEMPLARY());
    });

    it.each(['999999', '0', '-1', 'abc', '01', '99999999999'])('answers 404 for the id %s', async (id) => {
      expectJson(await get(`${BASE}${id}`), 404, notFound('admin user'));
    });
  });

  describe(`POST ${BASE}`, () => {
    it('creates an admin: 201 with the detailed shape, trimmed texts, the administration role, an Argon2id hash', async () => {
      const response = await request('POST', BASE, NEW_ADMIN);
      const id = await idOf('ops');
      const expected = {
        id,
        username: 'Ops',
        usernameCanonical: 'ops',
        roles: ['ROLE_ADMINISTRATION_ACCESS'],
        email: 'Ops@Example.com',
        emailCanonical: 'ops@example.com',
        enabled: true,
        firstName: 'Olivia',
        lastName: 'Ops',
      };
      expectJson(response, 201, expected);
      expect(response.body).not.toContain('correct horse');
      expectJson(await get(`${BASE}${id}`), 200, expected);
      const row = (await rowOf(id)) as { password_hash: string; locale_code: string };
      expect(row.locale_code).toBe('en_US');
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.password_hash, 'correct horse')).toBe(true);
      // The new admin can log in; without ROLE_API_ACCESS, their token opens no API route.
      const grant = await t.inject({
        method: 'POST',
        url: '/api/oauth/v2/token',
        payload: { grant_type: 'password', client_id: 'client_id', client_secret: 'secret', username: 'OPS', password: 'correct horse' },
      });
      expect(grant.statusCode).toBe(200);
      expectJson(await get(BASE, { authorization: `Bearer ${(json(grant) as { access_token: string }).access_token}` }), 403, FORBIDDEN);
    });

    it('creates a disabled admin without names when enabled and the names are left out', async () => {
      const response = await request('POST', BASE, { username: 'quiet', email: 'quiet@example.com', plainPassword: 'pass', localeCode: 'fr_FR' });
      const id = await idOf('quiet');
      expectJson(response, 201, { id, username: 'quiet', usernameCanonical: 'quiet', roles: ['ROLE_ADMINISTRATION_ACCESS'], email: 'quiet@example.com', emailCanonical: 'quiet@example.com', enabled: false });
    });

    it.each([
      ['an empty body', undefined, tree({ username: [M.usernameBlank], email: [M.emailBlank], plainPassword: [M.passwordBlank], localeCode: [M.localeBlank] })],
      ['an empty password', { ...NEW_ADMIN, plainPassword: '' }, tree({ plainPassword: [M.passwordBlank] })],
      ['nulls', { username: null, email: null, plainPassword: null, enabled: null, firstName: null, lastName: null, localeCode: null }, tree({ username: [M.usernameBlank], email: [M.emailBlank], plainPassword: [M.passwordBlank], localeCode: [M.localeBlank] })],
      ['a bad email, a short password and an unknown locale', { ...NEW_ADMIN, email: 'nope', plainPassword: 'abc', localeCode: 'en-US' }, tree({ email: [M.emailInvalid], plainPassword: [M.passwordShort], localeCode: [M.notValid] })],
      ['a password too long', { ...NEW_ADMIN, plainPassword: 'p'.repeat(255) }, tree({ plainPassword: [M.passwordLong] })],
      ['texts longer than their columns', { ...NEW_ADMIN, username: 'u'.repeat(256), firstName: 'f'.repeat(256) }, tree({ username: ['This value is too long. It should have 255 characters or less.'], firstName: ['This value is too long. It should have 255 characters or less.'] })],
      ['values that are not texts', { ...NEW_ADMIN, username: 5, enabled: 'maybe', lastName: ['x'] }, tree({ username: [M.notValid], enabled: [M.notValid], lastName: [M.notValid] })],
      ['unknown keys', { ...NEW_ADMIN, roles: ['ROLE_API_ACCESS'], passwordHash: 'x' }, tree({}, [M.extra])],
    ])('answers 400 with the form tree for %s, writing nothing', async (_case, payload, expected) => {
      const rows = await count();
      expectJson(await request('POST', BASE, payload), 400, expected);
      expect(await count()).toBe(rows);
    });

    it('answers 400 for a username or email another admin has, whatever the case', async () => {
      expectJson(await request('POST', BASE, { ...NEW_ADMIN, username: 'SYLIUS', email: 'USER@example.com' }), 400, tree({ username: [M.usernameTaken], email: [M.emailTaken] }));
      expectJson(await request('POST', BASE, { ...NEW_ADMIN, username: ' exemplaryUSER ', plainPassword: 'x' }), 400, tree({ username: [M.usernameTaken], plainPassword: [M.passwordShort] }));
    });

    it('creates one admin from concurrent requests for one username; the others get the taken-name 400', async () => {
      const responses = await Promise.all(Array.from({ length: 4 }, (_, index) => request('POST', BASE, { ...NEW_ADMIN, email: `ops${index}@example.com` })));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(json(response)).toEqual(tree({ username: [M.usernameTaken] }));
      expect(await count()).toBe(3);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'admin-create' };
      const first = await request('POST', BASE, NEW_ADMIN, headers);
      expect(first.statusCode).toBe(201);
      const again = await request('POST', BASE, NEW_ADMIN, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      expect(await count()).toBe(3);
      expectJson(await request('POST', BASE, { ...NEW_ADMIN, username: 'other' }, headers), 422, { code: 422, message: 'Idempotency-Key reused with a different request' });
    });
  });

  describe(`PUT ${BASE}{id}`, () => {
    it('replaces the admin: left-out names cleared, left-out enabled disables, the password kept unless sent', async () => {
      const before = (await rowOf(exemplary)) as { password_hash: string };
      expectNoContent(await request('PUT', `${BASE}${exemplary}`, { username: 'Renamed', email: 'Renamed@example.com', enabled: true, firstName: 'Ex', localeCode: 'de_DE' }));
      expect(await rowOf(exemplary)).toEqual({
        username: 'Renamed',
        username_canonical: 'renamed',
        email: 'Renamed@example.com',
        email_canonical: 'renamed@example.com',
        roles: ['ROLE_API_ACCESS'],
        enabled: true,
        first_name: 'Ex',
        last_name: null,
        locale_code: 'de_DE',
        password_hash: before.password_hash,
      });
      expectNoContent(await request('PUT', `${BASE}${exemplary}`, { username: 'Renamed', email: 'renamed@example.com', plainPassword: 'new password', localeCode: 'de_DE' }));
      const after = (await rowOf(exemplary)) as { enabled: boolean; first_name: string | null; password_hash: string };
      expect([after.enabled, after.first_name]).toEqual([false, null]);
      expect(await verifyPassword(after.password_hash, 'new password')).toBe(true);
      // An empty password is none: the one set keeps working.
      expectNoContent(await request('PATCH', `${BASE}${exemplary}`, { plainPassword: '' }));
      expect(((await rowOf(exemplary)) as { password_hash: string }).password_hash).toBe(after.password_hash);
    });

    it('answers 400 for a missing required field or a name another admin has, writing nothing', async () => {
      const row = await rowOf(exemplary);
      expectJson(await request('PUT', `${BASE}${exemplary}`, {}), 400, tree({ username: [M.usernameBlank], email: [M.emailBlank], localeCode: [M.localeBlank] }));
      expectJson(await request('PUT', `${BASE}${exemplary}`, { username: 'Sylius', email: 'API@sylius.com', localeCode: 'en_US', plainPassword: 'abc' }), 400, tree({ username: [M.usernameTaken], email: [M.emailTaken], plainPassword: [M.passwordShort] }));
      expect(await rowOf(exemplary)).toEqual(row);
    });

    it('keeps its own name in another case', async () => {
      expectNoContent(await request('PUT', `${BASE}${exemplary}`, { username: 'EXEMPLARYUSER', email: 'USER@example.com', enabled: true, localeCode: 'en_US' }));
      expectJson(await get(`${BASE}${exemplary}`), 200, { ...EXEMPLARY(), username: 'EXEMPLARYUSER', email: 'USER@example.com' });
    });

    it('answers 422 when the admin would disable themselves, writing nothing', async () => {
      const row = await rowOf(sylius);
      expectJson(await request('PUT', `${BASE}${sylius}`, { username: 'sylius', email: 'api@sylius.com', localeCode: 'en_US' }), 422, CANNOT_DISABLE_SELF);
      expect(await rowOf(sylius)).toEqual(row);
      expectNoContent(await request('PUT', `${BASE}${sylius}`, { username: 'sylius', email: 'api@sylius.com', enabled: true, localeCode: 'en_US' }));
    });

    it.each(['999999', 'abc'])('answers 404 for the id %s before looking at the body', async (id) => {
      expectJson(await request('PUT', `${BASE}${id}`, {}), 404, notFound('admin user'));
    });
  });

  describe(`PATCH ${BASE}{id}`, () => {
    it('changes only the fields sent', async () => {
      const before = await rowOf(exemplary);
      expectNoContent(await request('PATCH', `${BASE}${exemplary}`, { lastName: 'Example' }));
      expect(await rowOf(exemplary)).toEqual({ ...before, last_name: 'Example' });
      expectNoContent(await request('PATCH', `${BASE}${exemplary}`, {}));
      expect(await rowOf(exemplary)).toEqual({ ...before, last_name: 'Example' });
      expectJson(await get(`${BASE}${exemplary}`), 200, { ...EXEMPLARY(), lastName: 'Example' });
    });

    it('answers 400 for a required field sent as null', async () => {
      expectJson(await request('PATCH', `${BASE}${exemplary}`, { username: null, email: 'x' }), 400, tree({ username: [M.usernameBlank], email: [M.emailInvalid] }));
    });

    it('disabling an admin shuts their token out at once; enabling lets it in again', async () => {
      expect((await get(BASE, OTHER_AUTH)).statusCode).toBe(200);
      expectNoContent(await request('PATCH', `${BASE}${exemplary}`, { enabled: false }));
      expectJson(await get(BASE, OTHER_AUTH), 403, FORBIDDEN);
      expectNoContent(await request('PATCH', `${BASE}${exemplary}`, { enabled: 'on' }));
      expect((await get(BASE, OTHER_AUTH)).statusCode).toBe(200);
    });

    it('answers 422 when the admin would disable themselves', async () => {
      expectJson(await request('PATCH', `${BASE}${sylius}`, { enabled: false }), 422, CANNOT_DISABLE_SELF);
      expectJson(await request('PATCH', `${BASE}${exemplary}`, { enabled: false }, { ...OTHER_AUTH, 'content-type': 'application/json' }), 422, CANNOT_DISABLE_SELF);
      expect(((await rowOf(sylius)) as { enabled: boolean }).enabled).toBe(true);
    });

    it('answers 404 for an unknown id', async () => {
      expectJson(await request('PATCH', `${BASE}999999`, { lastName: 'x' }), 404, notFound('admin user'));
    });
  });

  describe('a new password', () => {
    const INVALID_REFRESH = { error: 'invalid_grant', error_description: 'Invalid refresh token' };
    const tokenRequest = (payload: Record<string, string>) =>
      t.inject({ method: 'POST', url: '/api/oauth/v2/token', payload: { client_id: CLIENT.id, client_secret: CLIENT.secret, ...payload } });
    const logIn = async (username: string, password: string) => {
      const response = await tokenRequest({ grant_type: 'password', username, password });
      expect(response.statusCode).toBe(200);
      const tokens = json(response) as { access_token: string; refresh_token: string };
      return { access: { authorization: `Bearer ${tokens.access_token}` }, refresh: tokens.refresh_token };
    };
    const refresh = (refreshToken: string) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });

    it.each(['PUT', 'PATCH'] as const)("revokes the admin's access and refresh tokens at once when another admin sets it with %s", async (method) => {
      const session = await logIn('ExemplaryUser', 'examplePassword');
      const callerTokens = await tokensOf(sylius);
      const body = method === 'PUT' ? { username: 'ExemplaryUser', email: 'user@example.com', enabled: true, localeCode: 'en_US', plainPassword: 'a new one' } : { plainPassword: 'a new one' };
      expectNoContent(await request(method, `${BASE}${exemplary}`, body));

      expectJson(await get(BASE, OTHER_AUTH), 401, INVALID_TOKEN);
      expectJson(await get(BASE, session.access), 401, INVALID_TOKEN);
      expectJson(await refresh(session.refresh), 400, INVALID_REFRESH);
      expect(await tokensOf(exemplary)).toBe(0);
      // The caller's tokens are not theirs to lose.
      expect((await get(BASE)).statusCode).toBe(200);
      expect(await tokensOf(sylius)).toBe(callerTokens);
      // The new password logs in; the old one no longer does.
      expect((await tokenRequest({ grant_type: 'password', username: 'ExemplaryUser', password: 'examplePassword' })).statusCode).toBe(400);
      expect((await get(BASE, (await logIn('ExemplaryUser', 'a new one')).access)).statusCode).toBe(200);
    });

    it('keeps an admin changing their own password logged in with the token of the request only', async () => {
      const session = await logIn('ExemplaryUser', 'examplePassword');
      expectNoContent(await request('PATCH', `${BASE}${exemplary}`, { plainPassword: 'a new one' }, { ...OTHER_AUTH, 'content-type': 'application/json' }));

      expect((await get(BASE, OTHER_AUTH)).statusCode).toBe(200);
      expectJson(await get(BASE, session.access), 401, INVALID_TOKEN);
      // Every refresh token goes, the one issued with the request's token too: nothing ties them together.
      expectJson(await refresh(session.refresh), 400, INVALID_REFRESH);
      expect(await tokensOf(exemplary)).toBe(1);
    });

    it('leaves no token of the admin behind when grants with the old password or a refresh token race with the change', async () => {
      const sessions = await Promise.all(Array.from({ length: 4 }, () => logIn('ExemplaryUser', 'examplePassword')));
      const [change, ...grants] = await Promise.all([
        request('PATCH', `${BASE}${exemplary}`, { plainPassword: 'a new one' }),
        ...sessions.map((session) => refresh(session.refresh)),
        ...Array.from({ length: 4 }, () => tokenRequest({ grant_type: 'password', username: 'ExemplaryUser', password: 'examplePassword' })),
      ]);
      expectNoContent(change);
      // A grant either came first, and the change deleted its new pair, or came after and was refused.
      const refused = grants.filter((response) => response.statusCode !== 200).map((response) => (json(response) as { error: string }).error);
      expect(refused).toEqual(refused.map(() => 'invalid_grant'));
      expect(await tokensOf(exemplary)).toBe(0);
    });

    it('revokes nothing when no password is set or it is refused', async () => {
      const session = await logIn('ExemplaryUser', 'examplePassword');
      expectNoContent(await request('PATCH', `${BASE}${exemplary}`, { lastName: 'Example', plainPassword: '' }));
      expectJson(await request('PATCH', `${BASE}${exemplary}`, { plainPassword: 'abc' }), 400, tree({ plainPassword: [M.passwordShort] }));
      expectJson(await request('PATCH', `${BASE}999999`, { plainPassword: 'a new one' }), 404, notFound('admin user'));
      expect(await tokensOf(exemplary)).toBe(3);
      expect((await get(BASE, session.access)).statusCode).toBe(200);
      expect((await refresh(session.refresh)).statusCode).toBe(200);
    });
  });

  describe(`DELETE ${BASE}{id}`, () => {
    it('deletes an admin with their tokens, which stop working at once', async () => {
      expect(await tokensOf(exemplary)).toBe(1);
      expectNoContent(await request('DELETE', `${BASE}${exemplary}`, undefined, AUTH));
      expectJson(await get(BASE, OTHER_AUTH), 401, INVALID_TOKEN);
      expect(await tokensOf(exemplary)).toBe(0);
      expectJson(await get(`${BASE}${exemplary}`), 404, notFound('admin user'));
      expectJson(await request('DELETE', `${BASE}${exemplary}`, undefined, AUTH), 404, notFound('admin user'));
    });

    it('answers 422 to an admin deleting themselves, writing nothing', async () => {
      expectJson(await request('DELETE', `${BASE}${sylius}`, undefined, AUTH), 422, CANNOT_DELETE_SELF);
      expectJson(await request('DELETE', `${BASE}${exemplary}`, undefined, OTHER_AUTH), 422, CANNOT_DELETE_SELF);
      expect(await count()).toBe(2);
    });

    it.each(['999999', '0', 'x'])('answers 404 for the id %s', async (id) => {
      expectJson(await request('DELETE', `${BASE}${id}`, undefined, AUTH), 404, notFound('admin user'));
    });
  });

  describe('routing and authentication', () => {
    it.each([
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${BASE}1`],
      ['PUT', `${BASE}1`],
      ['PATCH', `${BASE}1`],
      ['DELETE', `${BASE}1`],
    ] as const)('answers 401 to %s %s without a token, writing nothing', async (method, url) => {
      const before = await rowOf(exemplary);
      const body = method === 'GET' || method === 'DELETE' ? {} : { headers: { 'content-type': 'application/json' }, payload: { username: 'sneaky', email: 's@example.com', plainPassword: 'sneaky', localeCode: 'en_US' } };
      expectJson(await t.inject({ method, url: url.replace(/1$/, String(exemplary)), ...body }), 401, ACCESS_DENIED);
      expect([await count(), await rowOf(exemplary)]).toEqual([2, before]);
    });

    it('answers 405 with Allow to a method the path does not take', async () => {
      const item = await t.inject({ method: 'POST', url: `${BASE}${exemplary}`, headers: AUTH });
      expectJson(item, 405, { code: 405, message: `No route found for "POST ${BASE}${exemplary}": Method Not Allowed (Allow: GET, PUT, PATCH, DELETE)` });
    });
  });
});
