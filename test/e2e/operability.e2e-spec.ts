import { MikroORM } from '@mikro-orm/postgresql';
import type { LightMyRequestResponse } from 'fastify';
import { seedAuth, TOKEN } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

const AUTH = { authorization: `Bearer ${TOKEN}` };
const ADMIN_APP = 'https://admin.example.com';
const OPS_APP = 'https://ops.example.com';
const EVIL = 'https://evil.example.com';

function expectSecurityHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

function expectNoCors(response: LightMyRequestResponse): void {
  for (const name of Object.keys(response.headers)) expect(name).not.toMatch(/^access-control-/);
}

/** The value of one sample line of the Prometheus text, or undefined when the series is absent. */
function sample(metrics: string, series: string): number | undefined {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('operability (default configuration: no CORS origins, no metrics token)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
  });
  afterAll(() => t?.close());

  describe('health', () => {
    it('GET /health/live answers 200 without a token', async () => {
      const response = await t.inject({ method: 'GET', url: '/health/live' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json(response)).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
    });

    it('GET /health/ready checks the database and the webhook queue and answers 200 without a token', async () => {
      const response = await t.inject({ method: 'GET', url: '/health/ready' });
      expect(response.statusCode).toBe(200);
      const up = { status: 'up', responseTime: expect.any(Number) };
      expect(json(response)).toEqual({ status: 'ok', info: { database: up, webhookQueue: up }, error: {}, details: { database: up, webhookQueue: up } });
    });

    it('GET /health/ready answers 503 while the database is unreachable; live stays 200', async () => {
      const orm = t.running.app.get(MikroORM);
      await orm.close(true);
      try {
        const ready = await t.inject({ method: 'GET', url: '/health/ready' });
        expect(ready.statusCode).toBe(503);
        const down = { status: 'down', message: 'Not connected to database', responseTime: expect.any(Number) };
        const up = { status: 'up', responseTime: expect.any(Number) };
        expect(json(ready)).toEqual({ status: 'error', info: { webhookQueue: up }, error: { database: down }, details: { database: down, webhookQueue: up } });
        const live = await t.inject({ method: 'GET', url: '/health/live' });
        expect(live.statusCode).toBe(200);
      } finally {
        await orm.reconnect();
      }
      expect((await t.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    });
  });

  describe('metrics', () => {
    it('GET /metrics is public and counts requests by route pattern, never by raw URL', async () => {
      await t.inject({ method: 'GET', url: '/api/v1/customers/987654', headers: AUTH });
      await t.inject({ method: 'GET', url: '/api/v1/customers/987654', headers: AUTH });
      await t.inject({ method: 'GET', url: '/api/v1/customers/987654' });
      await t.inject({ method: 'GET', url: '/api/v1/no/such/route/unseen-segment-q7x', headers: AUTH });

      const response = await t.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = response.body;
      expect(sample(text, 'http_requests_total{method="GET",route="/api/v1/customers/:id",status="404"}')).toBe(2);
      expect(sample(text, 'http_requests_total{method="GET",route="/api/v1/customers/:id",status="401"}')).toBe(1);
      expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
      expect(sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/v1/customers/:id",status="404"}')).toBe(2);
      expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/v1/customers/:id",status="404"}')).toBe(2);
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(text).not.toContain('/customers/987654');
      expect(text).not.toContain('unseen-segment-q7x');
    });

    it('reports the connection pool and the process', async () => {
      const text = (await t.inject({ method: 'GET', url: '/metrics' })).body;
      expect(sample(text, 'db_pool_connections_max')).toBe(t.config.poolSize);
      expect(sample(text, 'db_pool_connections_used')).toBe(0);
      expect(sample(text, 'db_pool_acquires_pending')).toBe(0);
      expect(sample(text, 'db_pool_connections_free')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'db_write_lock_conflicts_total{outcome="retried"}')).toEqual(expect.any(Number));
      expect(sample(text, 'db_write_lock_conflicts_total{outcome="refused"}')).toEqual(expect.any(Number));
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    });

    it('counts the scrape itself once it has completed', async () => {
      await t.inject({ method: 'GET', url: '/metrics' });
      const text = (await t.inject({ method: 'GET', url: '/metrics' })).body;
      expect(sample(text, 'http_requests_total{method="GET",route="/metrics",status="200"}')).toBeGreaterThanOrEqual(1);
    });
  });

  describe('CORS off', () => {
    it('sends no CORS headers and treats OPTIONS like any unsupported method', async () => {
      const preflight = await t.inject({
        method: 'OPTIONS',
        url: '/api/v1/customers/1',
        headers: { origin: ADMIN_APP, 'access-control-request-method': 'PUT' },
      });
      expect(preflight.statusCode).toBe(405);
      expect(json(preflight)).toEqual({
        code: 405,
        message: 'No route found for "OPTIONS /api/v1/customers/1": Method Not Allowed (Allow: GET, PUT, PATCH, DELETE)',
      });
      expectNoCors(preflight);
      const simple = await t.inject({ method: 'GET', url: '/api/v1/customers/', headers: { ...AUTH, origin: ADMIN_APP } });
      expect(simple.statusCode).toBe(200);
      expectNoCors(simple);
    });
  });

  describe('security headers', () => {
    it.each([
      ['an API response', { method: 'GET', url: '/api/v1/customers/', headers: AUTH }, 200],
      ['a 401', { method: 'GET', url: '/api/v1/customers/' }, 401],
      ['a resource 404', { method: 'GET', url: '/api/v1/customers/987654', headers: AUTH }, 404],
      ['an unknown route', { method: 'GET', url: '/api/v1/nope' }, 404],
      ['a 405', { method: 'DELETE', url: '/api/v1/customers/' }, 405],
      ['a malformed body', { method: 'POST', url: '/api/oauth/v2/token', headers: { 'content-type': 'application/json' }, payload: '{' }, 400],
      ['a health probe', { method: 'GET', url: '/health/live' }, 200],
    ] as const)('are on %s', async (_case, request, status) => {
      const response = await t.inject(request);
      expect(response.statusCode).toBe(status);
      expectSecurityHeaders(response);
    });
  });
});

describe('operability (METRICS_TOKEN and CORS_ORIGINS set)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: 'scrape-me-7d1f', CORS_ORIGINS: `${ADMIN_APP}, ${OPS_APP}/` } });
    await seedAuth(t.em());
  });
  afterAll(() => t?.close());

  describe('metrics token', () => {
    it.each([
      ['no Authorization header', {}],
      ['a wrong token', { authorization: 'Bearer scrape-me-7d1e' }],
      ['a longer token with the right prefix', { authorization: 'Bearer scrape-me-7d1f0' }],
      ['an API access token', AUTH],
      ['the token without the Bearer scheme', { authorization: 'scrape-me-7d1f' }],
    ])('answers 401 to %s', async (_case, headers) => {
      const response = await t.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(json(response)).toEqual({ code: 401, message: 'A valid metrics token is required' });
    });

    it('serves the metrics with the token', async () => {
      const response = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-me-7d1f' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('http_requests_total{method="GET",route="/metrics",status="401"}');
    });

    it('leaves the health probes public', async () => {
      expect((await t.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    });
  });

  describe('CORS', () => {
    const preflight = (origin: string, method = 'PUT') =>
      t.inject({
        method: 'OPTIONS',
        url: '/api/v1/customers/1',
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
      });

    it.each([ADMIN_APP, OPS_APP])('answers a preflight from an allowed origin (%s) with 204 before authentication', async (origin) => {
      const response = await preflight(origin);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Idempotency-Key, X-Request-Id');
      expect(response.headers['access-control-max-age']).toBe('600');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
      expect(response.headers.vary).toContain('Origin');
    });

    it('answers a preflight from another origin like CORS were off', async () => {
      const response = await preflight(EVIL);
      expect(response.statusCode).toBe(405);
      expect(json(response)).toEqual({
        code: 405,
        message: 'No route found for "OPTIONS /api/v1/customers/1": Method Not Allowed (Allow: GET, PUT, PATCH, DELETE)',
      });
      expectNoCors(response);
    });

    it('lets an allowed origin read responses, including errors, and X-Request-Id', async () => {
      for (const [headers, status] of [
        [{ ...AUTH, origin: ADMIN_APP }, 200],
        [{ origin: ADMIN_APP }, 401],
      ] as const) {
        const response = await t.inject({ method: 'GET', url: '/api/v1/customers/', headers });
        expect(response.statusCode).toBe(status);
        expect(response.headers['access-control-allow-origin']).toBe(ADMIN_APP);
        expect(response.headers['access-control-expose-headers']).toBe('X-Request-Id, Idempotent-Replayed, Retry-After');
        expect(response.headers['access-control-allow-methods']).toBeUndefined();
        expect(response.headers.vary).toContain('Origin');
      }
    });

    it('gives other origins and requests without Origin no CORS headers', async () => {
      for (const headers of [{ ...AUTH, origin: EVIL }, AUTH, { ...AUTH, origin: `${ADMIN_APP}.evil.example` }]) {
        const response = await t.inject({ method: 'GET', url: '/api/v1/customers/', headers });
        expect(response.statusCode).toBe(200);
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
        expect(response.headers['access-control-expose-headers']).toBeUndefined();
      }
    });
  });
});
