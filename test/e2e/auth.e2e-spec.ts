import { ADMIN, CLIENT, REFRESH_TOKEN, seedAuth, TOKEN } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';
import { AccessToken } from '../../src/auth/entities/access-token.entity';
import { AdminUser } from '../../src/auth/entities/admin-user.entity';
import { hashToken } from '../../src/auth/token-hash';

const TOKEN_URL = '/api/oauth/v2/token';
const PROTECTED = '/api/v1/channels/WEB';
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };

describe('OAuth2 token endpoint and bearer authentication', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { AUTH_MAX_FAILURES: '3' } });
    await seedAuth(t.em());
  });
  afterAll(() => t?.close());

  const passwordGrant = (overrides: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: TOKEN_URL,
      payload: { grant_type: 'password', client_id: CLIENT.id, client_secret: CLIENT.secret, username: ADMIN.username, password: ADMIN.password, ...overrides },
    });

  it('issues tokens for the password grant (JSON body) that open the API', async () => {
    const response = await passwordGrant();
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ 'content-type': expect.stringContaining('application/json'), ...NO_STORE });
    const body = json(response) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{86}$/),
      expires_in: 3600,
      token_type: 'bearer',
      scope: null,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{86}$/),
    });
    expect(Object.keys(body)).toEqual(['access_token', 'expires_in', 'token_type', 'scope', 'refresh_token']);

    const stored = await t.em().findOneOrFail(AccessToken, { tokenHash: hashToken(body.access_token as string) });
    expect(stored.expiresAt!.getTime() - Date.now()).toBeGreaterThan(3590_000);
    const api = await t.inject({ method: 'GET', url: '/api/v1/nope', headers: { authorization: `Bearer ${body.access_token as string}` } });
    expect(api.statusCode).toBe(404);
  });

  it('accepts the email, any case, as username, a form body, GET parameters and HTTP Basic client credentials', async () => {
    expect((await passwordGrant({ username: 'API@Sylius.com' })).statusCode).toBe(200);
    const form = await t.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&client_id=${CLIENT.id}&client_secret=${CLIENT.secret}&username=sylius&password=sylius`,
    });
    expect(form.statusCode).toBe(200);
    const query = await t.inject({ method: 'GET', url: `${TOKEN_URL}?grant_type=password&client_id=${CLIENT.id}&client_secret=${CLIENT.secret}&username=SYLIUS&password=sylius` });
    expect(query.statusCode).toBe(200);
    const basic = await t.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { authorization: `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}` },
      payload: { grant_type: 'password', username: 'sylius', password: 'sylius' },
    });
    expect(basic.statusCode).toBe(200);
  });

  it.each([
    ['no grant_type', { grant_type: '' }, 'invalid_request', 'Invalid grant_type parameter or parameter missing'],
    ['an unknown grant_type', { grant_type: 'magic' }, 'invalid_request', 'Invalid grant_type parameter or parameter missing'],
    ['no client id', { client_id: '' }, 'invalid_client', 'Client id was not found in the headers or body'],
    ['an unknown client', { client_id: 'nope' }, 'invalid_client', 'The client credentials are invalid'],
    ['a wrong secret', { client_secret: 'wrong' }, 'invalid_client', 'The client credentials are invalid'],
    ['a grant the client may not use', { grant_type: 'client_credentials' }, 'unauthorized_client', 'The grant type is unauthorized for this client_id'],
    ['no password', { password: '' }, 'invalid_request', 'Missing parameters. "username" and "password" required'],
    ['an unknown user', { username: 'ghost' }, 'invalid_grant', 'Invalid username and password combination'],
    ['a scope', { scope: 'read' }, 'invalid_scope', 'An unsupported scope was requested.'],
    ['no refresh token', { grant_type: 'refresh_token' }, 'invalid_request', 'No "refresh_token" parameter found'],
    ['an unknown refresh token', { grant_type: 'refresh_token', refresh_token: 'nope' }, 'invalid_grant', 'Invalid refresh token'],
  ])('answers 400 for %s', async (_case, overrides, error, description) => {
    const response = await passwordGrant(overrides);
    expect(response.statusCode).toBe(400);
    expect(response.headers).toMatchObject(NO_STORE);
    expect(json(response)).toEqual({ error, error_description: description });
  });

  it('answers unsupported_grant_type with a null description for a recognised but unimplemented grant', async () => {
    const em = t.em();
    await em.getConnection().execute(`update oauth_client set allowed_grant_types = '{password,refresh_token,client_credentials}' where random_id = ?`, [CLIENT.id]);
    const response = await passwordGrant({ grant_type: 'client_credentials' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ error: 'unsupported_grant_type', error_description: null });
  });

  it('rotates refresh tokens: the new pair works, the old refresh token is single-use', async () => {
    const refresh = () => passwordGrant({ grant_type: 'refresh_token', refresh_token: REFRESH_TOKEN });
    const first = await refresh();
    expect(first.statusCode).toBe(200);
    const tokens = json(first) as { access_token: string; refresh_token: string };
    expect(json(await refresh())).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    const next = await passwordGrant({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(next.statusCode).toBe(200);
  });

  it('rejects an expired refresh token', async () => {
    const first = json(await passwordGrant()) as { refresh_token: string };
    await t.em().getConnection().execute(`update refresh_token set expires_at = now() - interval '1 second' where token_hash = ?`, [hashToken(first.refresh_token)]);
    const response = await passwordGrant({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(json(response)).toEqual({ error: 'invalid_grant', error_description: 'Refresh token has expired' });
  });

  it('rate-limits failed password grants per client and username with 429 and Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await passwordGrant({ username: 'victim', password: 'guess' })).statusCode).toBe(400);
    }
    const limited = await passwordGrant({ username: 'victim', password: 'guess' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(limited)).toEqual({ code: 429, message: 'Too many requests' });
    // Another username is unaffected.
    expect((await passwordGrant()).statusCode).toBe(200);
  });

  it('gives the username and the email of one admin, in any case, one budget; a successful login restores it', async () => {
    const wrong = (username: string) => passwordGrant({ username, password: 'guess' });
    expect((await wrong('sylius')).statusCode).toBe(400);
    expect((await wrong('API@Sylius.COM')).statusCode).toBe(400);
    expect((await passwordGrant({ username: 'SYLIUS' })).statusCode).toBe(200);
    for (const username of ['sylius', 'api@sylius.com', 'Sylius']) {
      expect(json(await wrong(username))).toEqual({ error: 'invalid_grant', error_description: 'Invalid username and password combination' });
    }
    // The budget is used up for both names, even with the right password.
    for (const username of ['SYLIUS', 'api@sylius.com']) {
      const limited = await passwordGrant({ username });
      expect(limited.statusCode).toBe(429);
      expect(json(limited)).toEqual({ code: 429, message: 'Too many requests' });
    }
    await t.em().getConnection().execute('delete from auth_throttle');
    expect((await passwordGrant()).statusCode).toBe(200);
  });

  it('sweeps throttle rows whose window has ended', async () => {
    const connection = t.em().getConnection();
    await connection.execute(`insert into auth_throttle (key, failures, window_started_at) values ('stale', 3, now() - interval '1 day')`);
    await passwordGrant({ username: 'someone-else', password: 'guess' });
    expect(await connection.execute(`select key from auth_throttle where key = 'stale'`)).toEqual([]);
    await connection.execute('delete from auth_throttle');
  });

  it.each([
    ['disabled', (admin: AdminUser) => { admin.enabled = false; }],
    ['without ROLE_API_ACCESS', (admin: AdminUser) => { admin.roles = ['ROLE_ADMINISTRATION_ACCESS']; }],
  ])('refuses the refresh grant of an admin %s and revokes that refresh token', async (_case, change) => {
    const tokens = json(await passwordGrant()) as { refresh_token: string };
    const em = t.em();
    const admin = await em.findOneOrFail(AdminUser, { usernameCanonical: 'sylius' });
    change(admin);
    await em.flush();
    const refresh = () => passwordGrant({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    const refused = await refresh();
    expect(refused.statusCode).toBe(400);
    expect(refused.headers).toMatchObject(NO_STORE);
    expect(json(refused)).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });

    admin.enabled = true;
    admin.roles = ['ROLE_API_ACCESS'];
    await em.flush();
    expect(json(await refresh())).toEqual({ error: 'invalid_grant', error_description: 'Invalid refresh token' });
    expect(await em.getConnection().execute('select 1 from refresh_token where token_hash = ?', [hashToken(tokens.refresh_token)])).toEqual([]);
  });

  describe('on /api/v1 routes', () => {
    const get = (headers: Record<string, string> = {}, url = PROTECTED) => t.inject({ method: 'GET', url, headers });
    const challenge = (error: string, description: string) =>
      `Bearer realm="Service", error="${error}", error_description="${description}"`;

    it.each([
      ['no Authorization header', {}],
      ['another scheme', { authorization: `Basic ${TOKEN}` }],
      ['an empty bearer', { authorization: 'Bearer ' }],
    ])('answers 401 access_denied for %s', async (_case, headers) => {
      const response = await get(headers);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe(challenge('access_denied', 'OAuth2 authentication required'));
      expect(response.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', ...NO_STORE });
      expect(json(response)).toEqual({ error: 'access_denied', error_description: 'OAuth2 authentication required' });
    });

    it('answers 401 invalid_grant for an unknown token', async () => {
      const response = await get({ authorization: 'Bearer not-a-token' });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe(challenge('invalid_grant', 'The access token provided is invalid.'));
      expect(json(response)).toEqual({ error: 'invalid_grant', error_description: 'The access token provided is invalid.' });
    });

    it('answers 401 invalid_grant for an expired token', async () => {
      const token = (json(await passwordGrant()) as { access_token: string }).access_token;
      await t.em().getConnection().execute(`update access_token set expires_at = now() - interval '1 second' where token_hash = ?`, [hashToken(token)]);
      const response = await get({ authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ error: 'invalid_grant', error_description: 'The access token provided has expired.' });
    });

    it('accepts the access_token query parameter', async () => {
      const response = await get({}, `/api/v1/channels/NOPE?access_token=${TOKEN}`);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ code: 404, message: 'The "channel" has not been found' });
    });

    it.each([
      ['twice (valid, then not)', `access_token=${TOKEN}&access_token=x`],
      ['twice (both valid)', `access_token=${TOKEN}&access_token=${TOKEN}`],
      ['three times', 'access_token=a&access_token=b&access_token=c'],
    ])('answers 401 invalid_grant, as for a malformed token, for the access_token query parameter %s', async (_case, query) => {
      for (const url of [`${PROTECTED}?${query}`, `/api/v1/customers/?${query}`, `/api/v1/carts/1?${query}`]) {
        const response = await get({}, url);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 401 });
        expect(response.headers['www-authenticate']).toBe(challenge('invalid_grant', 'The access token provided is invalid.'));
        expect(json(response)).toEqual({ error: 'invalid_grant', error_description: 'The access token provided is invalid.' });
      }
    });

    it('answers 403 when the admin lacks ROLE_API_ACCESS or is disabled', async () => {
      const em = t.em();
      const admin = await em.findOneOrFail(AdminUser, { usernameCanonical: 'sylius' });
      admin.roles = ['ROLE_ADMINISTRATION_ACCESS'];
      await em.flush();
      const withoutRole = await get({ authorization: `Bearer ${TOKEN}` });
      expect(withoutRole.statusCode).toBe(403);
      expect(json(withoutRole)).toEqual({ code: 403, message: 'Access Denied.' });

      admin.roles = ['ROLE_API_ACCESS'];
      admin.enabled = false;
      await em.flush();
      const disabled = await get({ authorization: `Bearer ${TOKEN}` });
      expect(disabled.statusCode).toBe(403);
      expect(json(disabled)).toEqual({ code: 403, message: 'Access Denied.' });

      admin.enabled = true;
      await em.flush();
      expect((await get({ authorization: `Bearer ${TOKEN}` })).statusCode).toBe(404);
    });
  });
});
