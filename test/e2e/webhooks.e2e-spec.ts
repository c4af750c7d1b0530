import type { InjectOptions } from 'fastify';
import { WebhookSubscription } from '../../src/webhooks/entities/webhook-subscription.entity';
import { activeSigningSecrets } from '../../src/webhooks/signing-secrets';
import { AUTH } from '../support/customer-data';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/;
const NOT_FOUND = { code: 404, message: 'The "webhook" has not been found' };
const HOUR = 60 * 60 * 1000;
/** A subscription no attempt has failed for yet. */
const HEALTHY = { state: 'healthy', since: null, consecutiveFailures: 0, lastError: null };

/** The 400 body of the webhook form with these violations (every other field listed empty). */
function validationFailed(fields: Partial<Record<'url' | 'events' | 'description' | 'enabled', string[]>>, root: string[] = []) {
  const children = Object.fromEntries(['url', 'events', 'description', 'enabled'].map((field) => [field, fields[field as keyof typeof fields] ? { errors: fields[field as keyof typeof fields] } : {}]));
  return { code: 400, message: 'Validation Failed', errors: { ...(root.length > 0 && { errors: root }), children } };
}

const links = (id: number) => ({ self: { href: `/api/v1/webhooks/${id}` }, deliveries: { href: `/api/v1/webhooks/${id}/deliveries/` } });

describe('/api/v1/webhooks', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
  });
  afterAll(() => t?.close());

  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.inject({ method, url, headers: AUTH, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const create = async (payload: Record<string, unknown>) => {
    const response = await send('POST', '/api/v1/webhooks/', payload);
    expect(response.statusCode).toBe(201);
    return json(response) as Record<string, unknown> & { id: number; secret: string; createdAt: string; updatedAt: string };
  };
  const stored = (id: number) => t.em().findOneOrFail(WebhookSubscription, id);

  describe('POST', () => {
    it('creates the subscription and shows its secret, once, with no-store', async () => {
      const response = await send('POST', '/api/v1/webhooks/', {
        url: 'https://hooks.example.com/shop/orders?source=shop',
        events: ['order.*', 'payment.completed'],
        description: '  Invoicing  ',
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.pragma).toBe('no-cache');
      const body = json(response) as { id: number; secret: string; createdAt: string };
      expect(response.body).toBe(
        JSON.stringify({
          id: body.id,
          url: 'https://hooks.example.com/shop/orders?source=shop',
          events: ['order.*', 'payment.completed'],
          description: 'Invoicing',
          enabled: true,
          delivery: HEALTHY,
          createdAt: body.createdAt,
          updatedAt: body.createdAt,
          secret: body.secret,
          _links: links(body.id),
        }),
      );
      expect(body.secret).toMatch(SECRET);
      expect(Buffer.from(body.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
      expect(body.createdAt).toMatch(DATETIME);
      expect(Math.abs(Date.parse(body.createdAt.replace('+0000', 'Z')) - Date.now())).toBeLessThan(60_000);
      const row = await stored(body.id);
      expect(row.secret).toBe(body.secret);
      expect(row.previousSecret).toBeNull();
      expect(row.previousSecretExpiresAt).toBeNull();

      const shown = await send('GET', `/api/v1/webhooks/${body.id}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBeUndefined();
      expect(shown.body).not.toContain(body.secret);
      expect(shown.body).not.toContain('secret');
    });

    it('gives every subscription its own secret, keeps an entry given twice once, and takes enabled: false', async () => {
      const first = await create({ url: 'https://a.example.com/', events: ['*'] });
      const second = await create({ url: 'https://b.example.com/', events: ['customer.created', 'customer.*', 'customer.created'], enabled: false, description: null });
      expect(first.secret).not.toBe(second.secret);
      expect(second).toEqual({
        id: second.id,
        url: 'https://b.example.com/',
        events: ['customer.created', 'customer.*'],
        enabled: false,
        delivery: HEALTHY,
        createdAt: second.createdAt,
        updatedAt: second.createdAt,
        secret: second.secret,
        _links: links(second.id),
      });
    });

    it('answers an invalid form with the violations of each field and stores nothing', async () => {
      const count = async () => t.em().count(WebhookSubscription, {});
      const before = await count();
      const cases: Array<[unknown, ReturnType<typeof validationFailed>]> = [
        [{}, validationFailed({ url: ['This value should not be blank.'], events: ['This value should not be blank.'] })],
        [{ url: '', events: [] }, validationFailed({ url: ['This value should not be blank.'], events: ['This collection should contain 1 element or more.'] })],
        [{ url: 42, events: 'order.placed' }, validationFailed({ url: ['This value is not valid.'], events: ['This value is not valid.'] })],
        [{ url: 'hooks.example.com/x', events: ['order.placed', 'order.shipped'] }, validationFailed({ url: ['This value is not a valid URL.'], events: ['One or more of the given values is invalid.'] })],
        [{ url: 'ftp://hooks.example.com/x', events: ['*.*'] }, validationFailed({ url: ['This value is not a valid URL.'], events: ['One or more of the given values is invalid.'] })],
        [{ url: 'https://', events: [1] }, validationFailed({ url: ['This value is not a valid URL.'], events: ['One or more of the given values is invalid.'] })],
        [{ url: 'http://hooks.example.com/x', events: ['webhook.ping'] }, validationFailed({ url: ['The URL must use https.'], events: ['One or more of the given values is invalid.'] })],
        [{ url: 'https://user:pw@hooks.example.com/x', events: ['*'] }, validationFailed({ url: ['The URL must not contain a user name or password.'] })],
        [
          { url: `https://hooks.example.com/${'x'.repeat(2030)}`, events: ['*'], description: 'd'.repeat(256), enabled: 'yes' },
          validationFailed({
            url: ['This value is too long. It should have 2048 characters or less.'],
            description: ['This value is too long. It should have 255 characters or less.'],
            enabled: ['This value is not valid.'],
          }),
        ],
        [{ url: 'https://hooks.example.com/', events: ['*'], secret: 'whsec_mine' }, validationFailed({}, ['This form should not contain extra fields.'])],
      ];
      for (const [payload, expected] of cases) {
        const response = await send('POST', '/api/v1/webhooks/', payload);
        expect({ payload, status: response.statusCode, body: json(response) }).toEqual({ payload, status: 400, body: expected });
      }
      expect(await count()).toBe(before);
    });
  });

  describe('GET', () => {
    it('lists subscriptions oldest first in the paginated envelope, without secrets', async () => {
      await t.em().nativeDelete(WebhookSubscription, {});
      const made: Array<Awaited<ReturnType<typeof create>>> = [];
      for (const name of ['one', 'two', 'three']) made.push(await create({ url: `https://${name}.example.com/hook`, events: ['cart.*'], description: name }));
      const page = await send('GET', '/api/v1/webhooks/?limit=2');
      expect(page.statusCode).toBe(200);
      const item = (hook: (typeof made)[number]) => {
        const { secret: _secret, ...shown } = hook;
        return shown;
      };
      expect(json(page)).toEqual({
        page: 1,
        limit: 2,
        pages: 2,
        total: 3,
        _links: {
          self: { href: '/api/v1/webhooks/?page=1&limit=2' },
          first: { href: '/api/v1/webhooks/?page=1&limit=2' },
          last: { href: '/api/v1/webhooks/?page=2&limit=2' },
          next: { href: '/api/v1/webhooks/?page=2&limit=2' },
        },
        _embedded: { items: [item(made[0]), item(made[1])] },
      });
      for (const hook of made) expect(page.body).not.toContain(hook.secret);
      const newest = json(await send('GET', '/api/v1/webhooks/?page=1&limit=1&sorting[id]=desc')) as { _embedded: { items: unknown[] } };
      expect(newest._embedded.items).toEqual([item(made[2])]);
      expect(json(await send('GET', '/api/v1/webhooks/?page=3&limit=2'))).toEqual({ code: 404, message: 'Page Not Found' });
      expect(json(await send('GET', '/api/v1/webhooks/?sorting[url]=asc'))).toEqual({ code: 400, message: 'Unknown sorting field "url". Allowed: id, createdAt.' });
    });

    it('lists no subscriptions as one empty page', async () => {
      await t.em().nativeDelete(WebhookSubscription, {});
      expect(json(await send('GET', '/api/v1/webhooks/'))).toEqual({
        page: 1,
        limit: 10,
        pages: 1,
        total: 0,
        _links: {
          self: { href: '/api/v1/webhooks/?page=1&limit=10' },
          first: { href: '/api/v1/webhooks/?page=1&limit=10' },
          last: { href: '/api/v1/webhooks/?page=1&limit=10' },
        },
        _embedded: { items: [] },
      });
    });
  });

  describe('PUT and PATCH', () => {
    it('PUT replaces every field: a left-out description is cleared and enabled is true again; the secret stays', async () => {
      const hook = await create({ url: 'https://old.example.com/', events: ['order.placed'], description: 'Old', enabled: false });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const response = await send('PUT', `/api/v1/webhooks/${hook.id}`, { url: 'https://new.example.com/hook', events: ['customer.*', '*'] });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const shown = json(await send('GET', `/api/v1/webhooks/${hook.id}`)) as { updatedAt: string };
      expect(shown).toEqual({
        id: hook.id,
        url: 'https://new.example.com/hook',
        events: ['customer.*', '*'],
        enabled: true,
        delivery: HEALTHY,
        createdAt: hook.createdAt,
        updatedAt: shown.updatedAt,
        _links: links(hook.id),
      });
      expect(shown.updatedAt > hook.createdAt).toBe(true);
      expect((await stored(hook.id)).secret).toBe(hook.secret);
    });

    it('PUT needs the whole form', async () => {
      const hook = await create({ url: 'https://put.example.com/', events: ['*'] });
      const response = await send('PUT', `/api/v1/webhooks/${hook.id}`, { enabled: false });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual(validationFailed({ url: ['This value should not be blank.'], events: ['This value should not be blank.'] }));
    });

    it('PATCH changes only the fields given; null clears the description and leaves enabled as it is', async () => {
      const hook = await create({ url: 'https://patch.example.com/', events: ['order.*'], description: 'Kept' });
      expect((await send('PATCH', `/api/v1/webhooks/${hook.id}`, { enabled: false })).statusCode).toBe(204);
      expect(json(await send('GET', `/api/v1/webhooks/${hook.id}`))).toMatchObject({ url: 'https://patch.example.com/', events: ['order.*'], description: 'Kept', enabled: false });
      expect((await send('PATCH', `/api/v1/webhooks/${hook.id}`, { description: null, enabled: null, events: ['shipment.shipped'] })).statusCode).toBe(204);
      const shown = json(await send('GET', `/api/v1/webhooks/${hook.id}`)) as { updatedAt: string };
      expect(shown).toEqual({
        id: hook.id,
        url: 'https://patch.example.com/',
        events: ['shipment.shipped'],
        enabled: false,
        delivery: HEALTHY,
        createdAt: hook.createdAt,
        updatedAt: shown.updatedAt,
        _links: links(hook.id),
      });
      expect((await send('PATCH', `/api/v1/webhooks/${hook.id}`, {})).statusCode).toBe(204);
    });

    it('PATCH validates the fields it is given, null included', async () => {
      const hook = await create({ url: 'https://patch-invalid.example.com/', events: ['*'] });
      const response = await send('PATCH', `/api/v1/webhooks/${hook.id}`, { url: null, events: [] });
      expect(json(response)).toEqual(validationFailed({ url: ['This value should not be blank.'], events: ['This collection should contain 1 element or more.'] }));
      const refused = await send('PATCH', `/api/v1/webhooks/${hook.id}`, { url: 'https://127.0.0.1:8443/hook' });
      expect(json(refused)).toEqual(validationFailed({ url: ['The URL must not point to a loopback, private, link-local or otherwise non-public address.'] }));
      expect((await stored(hook.id)).url).toBe('https://patch-invalid.example.com/');
    });
  });

  describe('DELETE', () => {
    it('removes the subscription', async () => {
      const hook = await create({ url: 'https://gone.example.com/', events: ['*'] });
      const response = await send('DELETE', `/api/v1/webhooks/${hook.id}`);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(json(await send('GET', `/api/v1/webhooks/${hook.id}`))).toEqual(NOT_FOUND);
      expect(json(await send('DELETE', `/api/v1/webhooks/${hook.id}`))).toEqual(NOT_FOUND);
    });
  });

  describe('POST {id}/secret', () => {
    it('shows a new secret once; the previous one keeps signing for 24 hours', async () => {
      const hook = await create({ url: 'https://rotate.example.com/', events: ['*'] });
      const before = Date.now();
      const response = await send('POST', `/api/v1/webhooks/${hook.id}/secret`);
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.pragma).toBe('no-cache');
      const { secret } = json(response) as { secret: string };
      expect(response.body).toBe(JSON.stringify({ secret }));
      expect(secret).toMatch(SECRET);
      expect(secret).not.toBe(hook.secret);

      const row = await stored(hook.id);
      expect(row.secret).toBe(secret);
      expect(row.previousSecret).toBe(hook.secret);
      const expires = row.previousSecretExpiresAt!.getTime();
      expect(expires).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
      expect(activeSigningSecrets(row, new Date())).toEqual([secret, hook.secret]);
      expect(activeSigningSecrets(row, new Date(expires - 1000))).toEqual([secret, hook.secret]);
      expect(activeSigningSecrets(row, new Date(expires))).toEqual([secret]);

      // A second rotation: the first secret is dropped, the second one signs for another day.
      const again = json(await send('POST', `/api/v1/webhooks/${hook.id}/secret`, { ignored: true })) as { secret: string };
      const rotatedTwice = await stored(hook.id);
      expect(activeSigningSecrets(rotatedTwice, new Date())).toEqual([again.secret, secret]);
      const shown = await send('GET', `/api/v1/webhooks/${hook.id}`);
      for (const value of [hook.secret, secret, again.secret]) expect(shown.body).not.toContain(value);
    });
  });

  describe('POST {id}/replay', () => {
    const replay = (id: number, body: string) =>
      t.inject({ method: 'POST', url: `/api/v1/webhooks/${id}/replay`, headers: { ...AUTH, 'content-type': 'application/json' }, payload: body });
    const refused = (message: string) => ({ code: 400, message: 'Validation Failed', errors: { children: { after: { errors: [message] } } } });

    // A sequence is a bigint; past 2^53 − 1 JSON consumers no longer read it exactly. A larger `after`
    // once reached the database and answered 500 (bigint out of range).
    it('answers an `after` that is no sequence with the form tree, never a 500', async () => {
      const hook = await create({ url: 'https://replay.example.com/', events: ['*'] });
      const bodies: Array<[string, string]> = [
        ['{"after": 1e21}', 'This value is not valid.'],
        ['{"after": 1e30}', 'This value is not valid.'],
        ['{"after": 9223372036854775808}', 'This value is not valid.'],
        ['{"after": 9007199254740992}', 'This value is not valid.'],
        ['{"after": -1e30}', 'This value is not valid.'],
        ['{"after": -1}', 'This value is not valid.'],
        ['{"after": 1.5}', 'This value is not valid.'],
        ['{"after": "5"}', 'This value is not valid.'],
        ['{}', 'This value should not be blank.'],
      ];
      for (const [body, message] of bodies) {
        const response = await replay(hook.id, body);
        expect({ body, status: response.statusCode, answer: json(response) }).toEqual({ body, status: 400, answer: refused(message) });
      }
      // The largest sequence a request may name is taken (no event is after it).
      const largest = await replay(hook.id, '{"after": 9007199254740991}');
      expect({ status: largest.statusCode, answer: json(largest) }).toEqual({ status: 202, answer: { queued: 0 } });
    });
  });

  describe('concurrent writes', () => {
    // On the embedded database every transaction already waits for the one before it to end.
    const onServer = process.env.TEST_DATABASE_URL ? it : it.skip;

    onServer('rotations of one subscription take turns: the second reads the secret the first wrote', async () => {
      const hook = await create({ url: 'https://race.example.com/', events: ['*'] });
      // Both rotations start while the row is locked here, so both have read the subscription (or wait to) when it is released.
      const holder = t.em();
      await holder.begin();
      let answers;
      try {
        await holder.execute('select id from webhook_subscription where id = ? for update', [hook.id]);
        const pending = Promise.all([send('POST', `/api/v1/webhooks/${hook.id}/secret`), send('POST', `/api/v1/webhooks/${hook.id}/secret`)]);
        await new Promise((resolve) => setTimeout(resolve, 500));
        await holder.commit();
        answers = await pending;
      } catch (error) {
        await holder.rollback();
        throw error;
      }
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      const secrets = answers.map((answer) => (json(answer) as { secret: string }).secret);
      const row = await stored(hook.id);
      // Without the row lock both would read the original secret, and the last one would keep it as the previous one.
      expect(secrets).toContain(row.secret);
      expect(secrets).toContain(row.previousSecret);
      expect(row.previousSecret).not.toBe(row.secret);
    });
  });

  describe('Idempotency-Key', () => {
    it('answers a repeated creation with the first answer, secret included, and creates one subscription', async () => {
      const before = await t.em().count(WebhookSubscription, {});
      const payload = { url: 'https://once.example.com/', events: ['order.placed'] };
      const headers = { ...AUTH, 'idempotency-key': 'create-webhook-once' };
      const first = await t.inject({ method: 'POST', url: '/api/v1/webhooks/', headers, payload });
      const again = await t.inject({ method: 'POST', url: '/api/v1/webhooks/', headers, payload });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.body).toBe(first.body);
      expect(await t.em().count(WebhookSubscription, {})).toBe(before + 1);
    });
  });

  describe('unknown ids', () => {
    it('answers 404 on every {id} route for a missing id and for any non-canonical spelling of an existing one', async () => {
      const hook = await create({ url: 'https://ids.example.com/', events: ['*'] });
      const body = { url: 'https://ids.example.com/', events: ['*'] };
      const routes: Array<[InjectOptions['method'], string, unknown?]> = [
        ['GET', ''],
        ['PUT', '', body],
        ['PATCH', '', { enabled: false }],
        ['DELETE', ''],
        ['POST', '/secret'],
      ];
      for (const id of ['999999', '0', `0${hook.id}`, `%3${hook.id}`, `+${hook.id}`, '2147483648', 'abc']) {
        for (const [method, suffix, payload] of routes) {
          const response = await send(method, `/api/v1/webhooks/${id}${suffix}`, payload);
          expect({ method, id, suffix, status: response.statusCode, body: json(response) }).toEqual({ method, id, suffix, status: 404, body: NOT_FOUND });
        }
      }
      // An unknown id is a 404 even when the form is invalid too.
      expect(json(await send('PUT', '/api/v1/webhooks/999999', {}))).toEqual(NOT_FOUND);
      expect((await stored(hook.id)).secret).toBe(hook.secret);
    });
  });

  it('needs a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/webhooks/'],
      ['POST', '/api/v1/webhooks/'],
      ['GET', '/api/v1/webhooks/1'],
      ['PUT', '/api/v1/webhooks/1'],
      ['PATCH', '/api/v1/webhooks/1'],
      ['DELETE', '/api/v1/webhooks/1'],
      ['POST', '/api/v1/webhooks/1/secret'],
    ] as const) {
      expect((await t.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
