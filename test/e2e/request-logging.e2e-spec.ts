import { Writable } from 'node:stream';
import { AdminUser } from '../../src/auth/entities/admin-user.entity';
import { OAuthClient } from '../../src/auth/entities/oauth-client.entity';
import { hashPassword } from '../../src/auth/password-hasher';
import { hashToken } from '../../src/auth/token-hash';
import { json, startTestApp, type TestApp } from '../support/test-app';

const ADMIN_PASSWORD = 'adm1n-Pw-5e1c07d2';
const WRONG_PASSWORD = 'typo-Pw-91b4e6aa';
const CLIENT_ID = 'log-test-client';
const CLIENT_SECRET = 'cl1ent-Secret-3f8a2b';
const CUSTOMER_PASSWORD = 'cust0mer-Pw-7a9d4c';
const COOKIE = 'session=c00kie-Value-6b2e';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

describe('request log', () => {
  let t: TestApp;
  let output = '';
  let accessToken = '';
  const lines = (): LogLine[] =>
    output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        output += chunk.toString();
        callback();
      },
    });
    t = await startTestApp({ env: { LOG_LEVEL: 'trace' }, logDestination: destination });
    const em = t.em();
    em.create(AdminUser, {
      username: 'logger',
      usernameCanonical: 'logger',
      email: 'logger@example.com',
      emailCanonical: 'logger@example.com',
      passwordHash: await hashPassword(ADMIN_PASSWORD),
      localeCode: 'en_US',
    });
    em.create(OAuthClient, { randomId: CLIENT_ID, secretHash: hashToken(CLIENT_SECRET), allowedGrantTypes: ['password', 'refresh_token'] });
    await em.flush();
  });
  afterAll(() => t?.close());

  it('has one line per request with id, method, route, status and duration, and no credential anywhere', async () => {
    const password = { grant_type: 'password', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, username: 'logger', password: ADMIN_PASSWORD };
    const first = await t.inject({ method: 'POST', url: '/api/oauth/v2/token', headers: { 'x-request-id': 'log-1', cookie: COOKIE }, payload: password });
    expect(first.statusCode).toBe(200);
    const tokens = json(first) as { access_token: string; refresh_token: string };
    accessToken = tokens.access_token;

    const query = new URLSearchParams({ ...password }).toString();
    const second = await t.inject({ method: 'GET', url: `/api/oauth/v2/token?${query}`, headers: { 'x-request-id': 'log-2' } });
    expect(second.statusCode).toBe(200);

    const refresh = new URLSearchParams({ grant_type: 'refresh_token', client_id: CLIENT_ID, client_secret: CLIENT_SECRET, refresh_token: tokens.refresh_token });
    const third = await t.inject({
      method: 'POST',
      url: '/api/oauth/v2/token',
      headers: { 'x-request-id': 'log-3', 'content-type': 'application/x-www-form-urlencoded' },
      payload: refresh.toString(),
    });
    expect(third.statusCode).toBe(200);

    const wrong = await t.inject({ method: 'POST', url: '/api/oauth/v2/token', headers: { 'x-request-id': 'log-4' }, payload: { ...password, password: WRONG_PASSWORD } });
    expect(wrong.statusCode).toBe(400);

    const customer = await t.inject({
      method: 'POST',
      url: '/api/v1/customers/',
      headers: { 'x-request-id': 'log-5', authorization: `Bearer ${tokens.access_token}`, cookie: COOKIE },
      payload: { email: 'logged@example.com', firstName: 'Log', lastName: 'Ged', gender: 'u', user: { plainPassword: CUSTOMER_PASSWORD, enabled: true } },
    });
    expect(customer.statusCode).toBe(201);

    const byQueryToken = await t.inject({ method: 'GET', url: `/api/v1/customers/?access_token=${tokens.access_token}&limit=5`, headers: { 'x-request-id': 'log-6' } });
    expect(byQueryToken.statusCode).toBe(200);

    const issued = [first, second, third].flatMap((response) => {
      const body = json(response) as { access_token: string; refresh_token: string };
      return [body.access_token, body.refresh_token];
    });
    const secrets = [ADMIN_PASSWORD, WRONG_PASSWORD, CLIENT_SECRET, CUSTOMER_PASSWORD, COOKIE, 'c00kie-Value-6b2e', ...issued];
    for (const secret of secrets) expect(output).not.toContain(secret);

    const completed = (reqId: string) => lines().filter((line) => line.reqId === reqId && line.msg === 'request completed');
    const expectLine = (reqId: string, fields: Record<string, unknown>) => {
      const found = completed(reqId);
      expect(found).toHaveLength(1);
      expect(found[0]).toEqual({
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        reqId,
        ...fields,
        durationMs: expect.any(Number),
        msg: 'request completed',
      });
    };
    expectLine('log-1', { method: 'POST', route: '/api/oauth/v2/token', url: '/api/oauth/v2/token', status: 200 });
    expectLine('log-2', {
      method: 'GET',
      route: '/api/oauth/v2/token',
      url: `/api/oauth/v2/token?grant_type=password&client_id=${CLIENT_ID}&client_secret=[redacted]&username=logger&password=[redacted]`,
      status: 200,
    });
    expectLine('log-3', { method: 'POST', route: '/api/oauth/v2/token', url: '/api/oauth/v2/token', status: 200 });
    expectLine('log-4', { method: 'POST', route: '/api/oauth/v2/token', url: '/api/oauth/v2/token', status: 400 });
    expectLine('log-5', { method: 'POST', route: '/api/v1/customers', url: '/api/v1/customers/', status: 201 });
    expectLine('log-6', { method: 'GET', route: '/api/v1/customers', url: '/api/v1/customers/?access_token=[redacted]&limit=5', status: 200 });
    expect(completed('log-5')[0].durationMs).toBeGreaterThan(0);
  });

  it('masks secret parameters by their decoded name, whatever the encoding of the name', async () => {
    const encodedQuery = `grant_type=password&client_id=${CLIENT_ID}&client%5Fsecret=${CLIENT_SECRET}&username=logger&pass%77ord=${ADMIN_PASSWORD}`;
    const viaQuery = await t.inject({ method: 'GET', url: `/api/oauth/v2/token?${encodedQuery}`, headers: { 'x-request-id': 'enc-1' } });
    expect(viaQuery.statusCode).toBe(200);
    const issued = json(viaQuery) as { access_token: string; refresh_token: string };

    const byToken = await t.inject({ method: 'GET', url: `/api/v1/customers/?access%5ftoken=${issued.access_token}&limit=5`, headers: { 'x-request-id': 'enc-2' } });
    expect(byToken.statusCode).toBe(200);

    const viaForm = await t.inject({
      method: 'POST',
      url: `/api/oauth/v2/token?refresh%5Ftoken=${issued.refresh_token}&Client_Secret=${CLIENT_SECRET}&x=1`,
      headers: { 'x-request-id': 'enc-3', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&client_id=${CLIENT_ID}&client%5fsecret=${CLIENT_SECRET}&refresh%5Ftoken=${issued.refresh_token}`,
    });
    expect(viaForm.statusCode).toBe(200);
    const refreshed = json(viaForm) as { access_token: string; refresh_token: string };

    for (const secret of [ADMIN_PASSWORD, CLIENT_SECRET, issued.access_token, issued.refresh_token, refreshed.access_token, refreshed.refresh_token]) {
      expect(output).not.toContain(secret);
    }
    const urlOf = (reqId: string) => lines().find((line) => line.reqId === reqId && line.msg === 'request completed')?.url;
    expect(urlOf('enc-1')).toBe(`/api/oauth/v2/token?grant_type=password&client_id=${CLIENT_ID}&client%5Fsecret=[redacted]&username=logger&pass%77ord=[redacted]`);
    expect(urlOf('enc-2')).toBe('/api/v1/customers/?access%5ftoken=[redacted]&limit=5');
    expect(urlOf('enc-3')).toBe('/api/oauth/v2/token?refresh%5Ftoken=[redacted]&Client_Secret=[redacted]&x=1');
  });

  it('puts probe lines at debug level and failed requests at error level', async () => {
    await t.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'probe-1' } });
    await t.inject({ method: 'GET', url: '/metrics', headers: { 'x-request-id': 'probe-2' } });
    await t.em().getConnection().execute('alter table customer rename to customer_gone');
    try {
      const failed = await t.inject({ method: 'GET', url: '/api/v1/customers/', headers: { 'x-request-id': 'fail-1', authorization: `Bearer ${accessToken}` } });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.em().getConnection().execute('alter table customer_gone rename to customer');
    }
    const completed = (reqId: string) => lines().find((line) => line.reqId === reqId && line.msg === 'request completed');
    expect(completed('probe-1')).toMatchObject({ level: 20, route: '/health/live', status: 200 });
    expect(completed('probe-2')).toMatchObject({ level: 20, route: '/metrics', status: 200 });
    expect(completed('fail-1')).toMatchObject({ level: 50, route: '/api/v1/customers', status: 500 });
    expect(output).not.toContain(accessToken);
  });

  it('never logs a webhook signing secret: not from a creation, its idempotent replay, a rotation, nor a rotation that fails', async () => {
    const auth = { authorization: `Bearer ${accessToken}` };
    const payload = { url: 'https://1.1.1.1/hook', events: ['order.*'] };
    const created = await t.inject({ method: 'POST', url: '/api/v1/webhooks/', headers: { ...auth, 'x-request-id': 'hook-1', 'idempotency-key': 'hook-key' }, payload });
    expect(created.statusCode).toBe(201);
    const replayed = await t.inject({ method: 'POST', url: '/api/v1/webhooks/', headers: { ...auth, 'x-request-id': 'hook-2', 'idempotency-key': 'hook-key' }, payload });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const { id, secret } = json(created) as { id: number; secret: string };
    const rotated = await t.inject({ method: 'POST', url: `/api/v1/webhooks/${id}/secret`, headers: { ...auth, 'x-request-id': 'hook-3' } });
    expect(rotated.statusCode).toBe(201);
    const connection = t.em().getConnection();
    // The rotation's UPDATE (which carries the new secret) fails in the database.
    await connection.execute('alter table webhook_subscription add constraint rotation_refused check (previous_secret is null) not valid');
    try {
      const failed = await t.inject({ method: 'POST', url: `/api/v1/webhooks/${id}/secret`, headers: { ...auth, 'x-request-id': 'hook-4' } });
      expect(failed.statusCode).toBe(500);
    } finally {
      await connection.execute('alter table webhook_subscription drop constraint rotation_refused');
    }
    const [row] = await connection.execute<Array<{ secret: string }>>('select secret from webhook_subscription where id = ?', [id]);
    for (const value of [secret, (json(rotated) as { secret: string }).secret, row.secret]) expect(output).not.toContain(value);
    expect(output).not.toContain('whsec_');
    const completed = (reqId: string) => lines().find((line) => line.reqId === reqId && line.msg === 'request completed');
    expect(completed('hook-1')).toMatchObject({ route: '/api/v1/webhooks', status: 201 });
    expect(completed('hook-3')).toMatchObject({ route: '/api/v1/webhooks/:id/secret', status: 201 });
    expect(completed('hook-4')).toMatchObject({ level: 50, status: 500 });
    expect(lines().some((line) => line.reqId === 'hook-4' && line.msg === 'request failed')).toBe(true);
  });
});
