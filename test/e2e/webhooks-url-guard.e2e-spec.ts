import { AUTH } from '../support/customer-data';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

const NON_PUBLIC = 'The URL must not point to a loopback, private, link-local or otherwise non-public address.';
const HTTPS_REQUIRED = 'The URL must use https.';

const refused = (message: string) => ({
  code: 400,
  message: 'Validation Failed',
  errors: { children: { url: { errors: [message] }, events: {}, description: {}, enabled: {} } },
});

/** URLs whose host is (or resolves to) a non-public address; `localhost` goes through the system resolver. */
const PRIVATE_URLS = ['https://localhost/hook', 'https://localhost:8443/hook', 'https://127.0.0.1/', 'https://[::1]/hook', 'https://10.0.0.7/hook', 'https://169.254.169.254/latest/meta-data/'];

/** An app started with these settings, and what its webhook form answers for a URL. */
function withSettings(env: Record<string, string>) {
  const state: { t?: TestApp } = {};
  beforeAll(async () => {
    state.t = await startTestApp({ env });
    await seedAuth(state.t.em());
  });
  afterAll(() => state.t?.close());
  const submit = async (url: string) => {
    const t = state.t!;
    const created = await t.inject({ method: 'POST', url: '/api/v1/webhooks/', headers: AUTH, payload: { url, events: ['*'] } });
    if (created.statusCode !== 201) return { status: created.statusCode, body: json(created) };
    const { id } = json(created) as { id: number };
    // The same URL through PUT and PATCH.
    const put = await t.inject({ method: 'PUT', url: `/api/v1/webhooks/${id}`, headers: AUTH, payload: { url, events: ['order.*'] } });
    const patch = await t.inject({ method: 'PATCH', url: `/api/v1/webhooks/${id}`, headers: AUTH, payload: { url } });
    return { status: created.statusCode, put: put.statusCode, patch: patch.statusCode, url: (json(created) as { url: string }).url };
  };
  return Object.assign(submit, { app: () => state.t! });
}

describe('webhook URLs', () => {
  describe('by default', () => {
    const submit = withSettings({});

    it.each(PRIVATE_URLS)('refuses %s', async (url) => {
      expect(await submit(url)).toEqual({ status: 400, body: refused(NON_PUBLIC) });
    });

    it('refuses plain http, public or not', async () => {
      expect(await submit('http://1.1.1.1/hook')).toEqual({ status: 400, body: refused(HTTPS_REQUIRED) });
      expect(await submit('http://localhost/hook')).toEqual({ status: 400, body: refused(HTTPS_REQUIRED) });
    });

    it('accepts https to a public address, and a host that does not resolve now (every delivery judges it again)', async () => {
      expect(await submit('https://1.1.1.1/hook')).toEqual({ status: 201, put: 204, patch: 204, url: 'https://1.1.1.1/hook' });
      expect(await submit('https://hooks.example.invalid/in')).toEqual({ status: 201, put: 204, patch: 204, url: 'https://hooks.example.invalid/in' });
    });

    it('refuses a private address on PUT and PATCH too', async () => {
      const t = submit.app();
      const created = await t.inject({ method: 'POST', url: '/api/v1/webhooks/', headers: AUTH, payload: { url: 'https://1.1.1.1/', events: ['*'] } });
      const { id } = json(created) as { id: number };
      const put = await t.inject({ method: 'PUT', url: `/api/v1/webhooks/${id}`, headers: AUTH, payload: { url: 'https://localhost/', events: ['*'] } });
      expect({ status: put.statusCode, body: json(put) }).toEqual({ status: 400, body: refused(NON_PUBLIC) });
      const patch = await t.inject({ method: 'PATCH', url: `/api/v1/webhooks/${id}`, headers: AUTH, payload: { url: 'https://[fd00::1]/' } });
      expect({ status: patch.statusCode, body: json(patch) }).toEqual({ status: 400, body: refused(NON_PUBLIC) });
      const shown = await t.inject({ method: 'GET', url: `/api/v1/webhooks/${id}`, headers: AUTH });
      expect((json(shown) as { url: string }).url).toBe('https://1.1.1.1/');
    });
  });

  describe('with WEBHOOK_ALLOW_PRIVATE_NETWORKS=1', () => {
    const submit = withSettings({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' });

    it.each(PRIVATE_URLS)('accepts %s', async (url) => {
      expect(await submit(url)).toEqual({ status: 201, put: 204, patch: 204, url });
    });

    it('still refuses plain http', async () => {
      expect(await submit('http://localhost/hook')).toEqual({ status: 400, body: refused(HTTPS_REQUIRED) });
    });
  });

  describe('with WEBHOOK_ALLOW_HTTP=1', () => {
    const submit = withSettings({ WEBHOOK_ALLOW_HTTP: '1' });

    it('accepts plain http to a public address', async () => {
      expect(await submit('http://1.1.1.1/hook')).toEqual({ status: 201, put: 204, patch: 204, url: 'http://1.1.1.1/hook' });
    });

    it('still refuses a private one', async () => {
      expect(await submit('http://localhost:3000/hook')).toEqual({ status: 400, body: refused(NON_PUBLIC) });
      expect(await submit('http://192.168.0.10/hook')).toEqual({ status: 400, body: refused(NON_PUBLIC) });
    });
  });

  describe('with both', () => {
    const submit = withSettings({ WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' });

    it('accepts a local http receiver', async () => {
      expect(await submit('http://localhost:3000/hook')).toEqual({ status: 201, put: 204, patch: 204, url: 'http://localhost:3000/hook' });
    });
  });
});
