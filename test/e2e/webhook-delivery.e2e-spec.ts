import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { purgeExpiredDeliveries } from '../../src/webhooks/delivery/delivery-retention';
import { AUTH } from '../support/customer-data';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local webhook receiver: records every request and answers each path with the next status of its
 * script (200 once the script is used up).
 */
class Receiver {
  readonly received: Received[] = [];
  private readonly scripts = new Map<string, number[]>();
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = this.scripts.get(path)?.shift() ?? 200;
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  answer(path: string, ...statuses: number[]): void {
    this.scripts.set(path, statuses);
  }

  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  /** Waits until `path` has received at least `count` requests; fails after 15 s. */
  async waitFor(path: string, count: number): Promise<Received[]> {
    const deadline = Date.now() + 15_000;
    while (this.at(path).length < count) {
      if (Date.now() > deadline) throw new Error(`${path} received ${this.at(path).length} of ${count} deliveries`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.at(path);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook delivery', () => {
  let t: TestApp;
  const receiver = new Receiver();
  let customers = 0;
  let output = '';
  /** What the delivery engine logged: level (30 info, 40 warn, 20 debug) and message. */
  const engineLog = () =>
    output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { level: number; context?: string; msg: string })
      .filter((line) => line.context === 'WebhookDelivery')
      .map(({ level, msg }) => ({ level, msg }));

  beforeAll(async () => {
    await receiver.start();
    const logDestination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        output += chunk.toString();
        callback();
      },
    });
    t = await startTestApp({
      logDestination,
      env: {
        // The dropped jobs' lines are at debug.
        LOG_LEVEL: 'debug',
        WEBHOOK_CONCURRENCY: '2',
        WEBHOOK_ALLOW_HTTP: '1',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        // Two quick retries, then one that no test waits for.
        WEBHOOK_RETRY_DELAYS: '0.2,0.2,60',
        WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000',
      },
    });
    await seedAuth(t.em());
  });
  afterAll(async () => {
    await t?.close();
    await receiver.close();
  });

  const send = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.inject({ method, url, headers: AUTH, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });

  const subscribe = async (path: string, events: string[] = ['customer.*']) => {
    const response = await send('POST', '/api/v1/webhooks/', { url: receiver.url(path), events });
    expect(response.statusCode).toBe(201);
    return json(response) as { id: number; secret: string };
  };

  /** A change that records `customer.created`; answers the customer's id. */
  const createCustomer = async (): Promise<number> => {
    customers += 1;
    const response = await send('POST', '/api/v1/customers/', { email: `hook${customers}@example.com`, gender: 'u', firstName: 'Webhook' });
    expect(response.statusCode).toBe(201);
    return (json(response) as { id: number }).id;
  };

  const deliveries = async (id: number) => {
    const response = await send('GET', `/api/v1/webhooks/${id}/deliveries/`);
    expect(response.statusCode).toBe(200);
    return json(response) as { total: number; _embedded: { items: Array<Record<string, unknown>> } };
  };

  /** The deliveries list once `count` attempts are recorded (the record follows the receiver's answer). */
  const recorded = async (id: number, count: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const page = await deliveries(id);
      if (page.total >= count) return page;
      if (Date.now() > deadline) throw new Error(`only ${page.total} of ${count} attempts recorded`);
      await settle(25);
    }
  };

  it('only moves its cursor past new events, queueing nothing, while no subscription is enabled', async () => {
    const scalar = async (query: string) => (await t.em().execute<Array<{ n: number }>>(query))[0].n;
    expect(await scalar(`select count(*)::int as n from webhook_subscription`)).toBe(0);
    await createCustomer();
    const last = await scalar(`select last_sequence::int as n from event_counter`);
    const deadline = Date.now() + 10_000;
    while ((await scalar(`select last_sequence::int as n from webhook_dispatch_cursor`)) !== last) {
      if (Date.now() > deadline) throw new Error(`the dispatch cursor did not reach ${last}`);
      await settle(25);
    }
    expect(await scalar(`select count(*)::int as n from pgboss.job where name = 'webhook-delivery'`)).toBe(0);
  });

  it('posts a committed event as the feed shows it, signed per Standard Webhooks, and lists the attempt', async () => {
    const { id, secret } = await subscribe('/signed');
    await createCustomer();
    const [delivery] = await receiver.waitFor('/signed', 1);

    const envelope = JSON.parse(delivery.body) as { id: string; sequence: number; type: string };
    expect(envelope.type).toBe('customer.created');
    const feed = await send('GET', `/api/v1/events/${envelope.sequence}`);
    expect(feed.statusCode).toBe(200);
    expect(delivery.body).toBe(feed.body);

    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['user-agent']).toBe('shop-admin-api');
    expect(delivery.headers['webhook-id']).toBe(envelope.id);
    expect(envelope.id).toBe(`evt_${String(envelope.sequence).padStart(12, '0')}`);
    expect(Math.abs(Number(delivery.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(delivery.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)).toEqual(JSON.parse(delivery.body));
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(delivery.body, delivery.headers as Record<string, string>)).toThrow();

    const page = await recorded(id, 1);
    const [attempt] = page._embedded.items;
    expect(attempt.attemptedAt).toMatch(DATETIME);
    expect(typeof attempt.durationMs).toBe('number');
    expect(page).toEqual({
      page: 1,
      limit: 10,
      pages: 1,
      total: 1,
      _links: {
        self: { href: `/api/v1/webhooks/${id}/deliveries/?page=1&limit=10` },
        first: { href: `/api/v1/webhooks/${id}/deliveries/?page=1&limit=10` },
        last: { href: `/api/v1/webhooks/${id}/deliveries/?page=1&limit=10` },
      },
      _embedded: {
        items: [
          { id: attempt.id, eventId: envelope.id, eventType: 'customer.created', attempt: 1, attemptedAt: attempt.attemptedAt, statusCode: 200, durationMs: attempt.durationMs, outcome: 'succeeded' },
        ],
      },
    });
  });

  it('retries an answer that is not 2xx with the same webhook-id, and records every attempt', async () => {
    const { id } = await subscribe('/flaky');
    receiver.answer('/flaky', 500, 503);
    await createCustomer();
    const requests = await receiver.waitFor('/flaky', 3);
    expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);

    const page = await recorded(id, 3);
    const eventId = requests[0].headers['webhook-id'];
    const [third, second, first] = page._embedded.items;
    expect(page._embedded.items).toEqual([
      { id: third.id, eventId, eventType: 'customer.created', attempt: 3, attemptedAt: third.attemptedAt, statusCode: 200, durationMs: third.durationMs, outcome: 'succeeded' },
      { id: second.id, eventId, eventType: 'customer.created', attempt: 2, attemptedAt: second.attemptedAt, statusCode: 503, durationMs: second.durationMs, outcome: 'retrying', nextAttemptAt: second.nextAttemptAt },
      { id: first.id, eventId, eventType: 'customer.created', attempt: 1, attemptedAt: first.attemptedAt, statusCode: 500, durationMs: first.durationMs, outcome: 'retrying', nextAttemptAt: first.nextAttemptAt },
    ]);
    expect(first.nextAttemptAt).toMatch(DATETIME);

    const oldestFirst = await send('GET', `/api/v1/webhooks/${id}/deliveries/?sorting%5Bid%5D=asc&page=2&limit=2`);
    expect(oldestFirst.statusCode).toBe(200);
    const href = (page: number) => ({ href: `/api/v1/webhooks/${id}/deliveries/?sorting%5Bid%5D=asc&page=${page}&limit=2` });
    expect(json(oldestFirst)).toEqual({
      page: 2,
      limit: 2,
      pages: 2,
      total: 3,
      _links: { self: href(2), first: href(1), last: href(2), previous: href(1) },
      _embedded: { items: [third] },
    });
    const pastTheEnd = await send('GET', `/api/v1/webhooks/${id}/deliveries/?page=3&limit=2`);
    expect(pastTheEnd.statusCode).toBe(404);
    expect(json(pastTheEnd)).toEqual({ code: 404, message: 'Page Not Found' });
  });

  it('reports a receiver that does not answer as an error', async () => {
    const { id } = await subscribe('/unreachable');
    // Nothing listens on port 9 of the loopback address.
    await send('PATCH', `/api/v1/webhooks/${id}`, { url: 'http://127.0.0.1:9/closed' });
    await createCustomer();
    const page = await recorded(id, 1);
    const [attempt] = page._embedded.items;
    expect(attempt).toEqual({
      id: attempt.id,
      eventId: attempt.eventId,
      eventType: 'customer.created',
      attempt: 1,
      attemptedAt: attempt.attemptedAt,
      error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9',
      durationMs: attempt.durationMs,
      outcome: 'retrying',
      nextAttemptAt: attempt.nextAttemptAt,
    });
    await send('DELETE', `/api/v1/webhooks/${id}`);
  });

  it('signs with both secrets after a rotation', async () => {
    const { id, secret: old } = await subscribe('/rotated');
    const rotated = await send('POST', `/api/v1/webhooks/${id}/secret`);
    expect(rotated.statusCode).toBe(201);
    const { secret } = json(rotated) as { secret: string };
    await createCustomer();
    const [delivery] = await receiver.waitFor('/rotated', 1);
    const signatures = String(delivery.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    const headers = delivery.headers as Record<string, string>;
    expect(new Webhook(secret).verify(delivery.body, headers)).toEqual(JSON.parse(delivery.body));
    expect(new Webhook(old).verify(delivery.body, headers)).toEqual(JSON.parse(delivery.body));
    // Each signature is that of one secret, the new one first.
    expect(new Webhook(secret).verify(delivery.body, { ...headers, 'webhook-signature': signatures[0] })).toBeDefined();
    expect(new Webhook(old).verify(delivery.body, { ...headers, 'webhook-signature': signatures[1] })).toBeDefined();
  });

  it('disables the subscription on 410 Gone; a replay or ping of a disabled subscription is 409', async () => {
    const { id } = await subscribe('/gone');
    receiver.answer('/gone', 410);
    await createCustomer();
    await receiver.waitFor('/gone', 1);
    const page = await recorded(id, 1);
    expect(page._embedded.items[0]).toMatchObject({ attempt: 1, statusCode: 410, outcome: 'failed' });
    expect(page._embedded.items[0]).not.toHaveProperty('nextAttemptAt');
    expect((json(await send('GET', `/api/v1/webhooks/${id}`)) as { enabled: boolean }).enabled).toBe(false);

    const disabled = { code: 409, message: 'The webhook subscription is disabled; enable it first.' };
    const replay = await send('POST', `/api/v1/webhooks/${id}/replay`, { after: 0 });
    expect(replay.statusCode).toBe(409);
    expect(json(replay)).toEqual(disabled);
    const ping = await send('POST', `/api/v1/webhooks/${id}/ping`);
    expect(ping.statusCode).toBe(409);
    expect(json(ping)).toEqual(disabled);

    await createCustomer();
    await settle(500);
    expect(receiver.at('/gone')).toHaveLength(1);
  });

  it('replays the matching events after a sequence, with the same bodies and webhook-ids', async () => {
    const { id } = await subscribe('/replayed', ['customer.updated', 'customer.created']);
    const customer = await createCustomer();
    const updated = await send('PATCH', `/api/v1/customers/${customer}`, { firstName: 'Replayed' });
    expect(updated.statusCode).toBe(204);
    const first = await receiver.waitFor('/replayed', 2);
    const sequences = first.map((request) => (JSON.parse(request.body) as { sequence: number }).sequence).sort((a, b) => a - b);

    const replay = await send('POST', `/api/v1/webhooks/${id}/replay`, { after: sequences[0] - 1 });
    expect(replay.statusCode).toBe(202);
    expect(json(replay)).toEqual({ queued: 2 });
    const all = await receiver.waitFor('/replayed', 4);
    const again = all.slice(2);
    expect(again.map((request) => request.body).sort()).toEqual(first.map((request) => request.body).sort());
    expect(again.map((request) => request.headers['webhook-id']).sort()).toEqual(first.map((request) => request.headers['webhook-id']).sort());

    const later = await send('POST', `/api/v1/webhooks/${id}/replay`, { after: sequences[1] });
    expect(json(later)).toEqual({ queued: 0 });
  });

  it('answers 400 for a replay without a valid sequence and 404 for an unknown subscription', async () => {
    const { id } = await subscribe('/validation');
    for (const after of [undefined, -1, 'x', 1.5]) {
      const response = await send('POST', `/api/v1/webhooks/${id}/replay`, after === undefined ? {} : { after });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({
        code: 400,
        message: 'Validation Failed',
        errors: { children: { after: { errors: [after === undefined ? 'This value should not be blank.' : 'This value is not valid.'] } } },
      });
    }
    const notFound = { code: 404, message: 'The "webhook" has not been found' };
    for (const [method, url, payload] of [
      ['GET', '/api/v1/webhooks/999999/deliveries/'],
      ['POST', '/api/v1/webhooks/999999/replay', { after: 0 }],
      ['POST', '/api/v1/webhooks/999999/ping'],
      ['GET', '/api/v1/webhooks/abc/deliveries/'],
    ] as const) {
      const response = await send(method, url, payload);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual(notFound);
    }
  });

  it('pings one subscription with a signed webhook.ping that is not in the feed', async () => {
    const { id, secret } = await subscribe('/pinged');
    const other = await subscribe('/not-pinged', ['*']);
    const response = await send('POST', `/api/v1/webhooks/${id}/ping`);
    expect(response.statusCode).toBe(202);
    const envelope = json(response) as { id: string; timestamp: string };
    expect(envelope.id).toMatch(/^evt_ping_[0-9a-f]{24}$/);
    expect(envelope.timestamp).toMatch(DATETIME);
    expect(response.body).toBe(JSON.stringify({ id: envelope.id, sequence: 0, type: 'webhook.ping', timestamp: envelope.timestamp, data: { webhook: { id, url: receiver.url('/pinged') } } }));

    const [delivery] = await receiver.waitFor('/pinged', 1);
    expect(delivery.body).toBe(response.body);
    expect(delivery.headers['webhook-id']).toBe(envelope.id);
    expect(new Webhook(secret).verify(delivery.body, delivery.headers as Record<string, string>)).toEqual(envelope);
    const page = await recorded(id, 1);
    expect(page._embedded.items[0]).toMatchObject({ eventId: envelope.id, eventType: 'webhook.ping', attempt: 1, statusCode: 200, outcome: 'succeeded' });

    const feed = json(await send('GET', '/api/v1/events/?limit=500')) as { _embedded: { items: Array<{ type: string }> } };
    expect(feed._embedded.items.some((event) => event.type === 'webhook.ping')).toBe(false);
    expect(receiver.at('/not-pinged')).toHaveLength(0);
    await send('DELETE', `/api/v1/webhooks/${other.id}`);
  });

  it('delivers nothing of a change that rolled back', async () => {
    await subscribe('/rollback', ['*']);
    await expect(
      t.em().transactional(async (tx) => {
        await t.outbox.record(tx, { type: 'customer.deleted', data: { id: 424242 } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await createCustomer();
    const [delivery] = await receiver.waitFor('/rollback', 1);
    await settle(300);
    expect(receiver.at('/rollback')).toHaveLength(1);
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'customer.created' });
    expect(receiver.received.some((request) => request.body.includes('424242'))).toBe(false);
  });

  const scrape = async () => (await t.inject({ method: 'GET', url: '/metrics' })).body;
  const value = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1] ?? 0);

  it('counts deliveries by outcome, times attempts and shows the queue on /metrics', async () => {
    const before = await scrape();
    await subscribe('/metered');
    receiver.answer('/metered', 500);
    await createCustomer();
    await receiver.waitFor('/metered', 2);
    await settle(200);
    const after = await scrape();
    expect(value(after, 'webhook_deliveries_total{outcome="succeeded"}') - value(before, 'webhook_deliveries_total{outcome="succeeded"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'webhook_deliveries_total{outcome="retrying"}') - value(before, 'webhook_deliveries_total{outcome="retrying"}')).toBeGreaterThanOrEqual(1);
    expect(value(after, 'webhook_attempt_duration_seconds_count')).toBeGreaterThan(value(before, 'webhook_attempt_duration_seconds_count'));
    expect(after).toMatch(/^webhook_queue_depth \d+$/m);
    expect(after).toMatch(/^webhook_oldest_undelivered_event_age_seconds [\d.e+-]+$/m);
  });

  it('deletes the attempts older than the events retention, and only those', async () => {
    const { id } = await subscribe('/kept');
    await createCustomer();
    await receiver.waitFor('/kept', 1);
    const [recent] = (await recorded(id, 1))._embedded.items;
    // An attempt of 31 days ago, as the worker writes them.
    await t.em().execute(
      `insert into webhook_delivery (subscription_id, event_id, event_type, attempt, attempted_at, status_code, duration_ms, outcome)
       values (?, 'evt_000000000001', 'customer.created', 1, now() - interval '31 days', 200, 5, 'succeeded')`,
      [id],
    );
    expect((await deliveries(id)).total).toBe(2);

    const deleted = await purgeExpiredDeliveries(t.em(), 30);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await t.em().execute(`select count(*)::int as n from webhook_delivery where attempted_at < now() - interval '30 days'`)).toEqual([{ n: 0 }]);
    expect((await deliveries(id))._embedded.items).toEqual([recent]);
    expect(await purgeExpiredDeliveries(t.em(), 30)).toBe(0);
  });

  it('drops the waiting deliveries and the attempts of a deleted subscription, and counts the dropped jobs on /metrics', async () => {
    const { id } = await subscribe('/deleted');
    // Two quick failures; the third attempt would come after a minute.
    receiver.answer('/deleted', 500, 500, 500);
    await createCustomer();
    await receiver.waitFor('/deleted', 3);
    const sequence = Number(String((await recorded(id, 3))._embedded.items[0].eventId).slice('evt_'.length));
    const waiting = () => t.em().execute(`select count(*)::int as n from pgboss.job where name = 'webhook-delivery' and singleton_key like ? and state < 'completed'`, [`${id}:%`]);
    expect(await waiting()).toEqual([{ n: 1 }]);
    const before = await scrape();

    expect((await send('DELETE', `/api/v1/webhooks/${id}`)).statusCode).toBe(204);
    expect(await waiting()).toEqual([{ n: 0 }]);
    const after = await scrape();
    const dropped = (text: string, reason: string) => value(text, `webhook_jobs_dropped_total{reason="${reason}"}`);
    expect(after).toMatch(/^webhook_jobs_dropped_total\{reason="subscription_gone"\} \d+$/m);
    expect(dropped(after, 'subscription_gone') - dropped(before, 'subscription_gone')).toBe(1);
    expect(dropped(after, 'event_gone')).toBe(0);
    expect(engineLog().filter((line) => line.msg.startsWith(`webhook ${id}:`))).toEqual([
      { level: 20, msg: `webhook ${id}: delivery job of event sequence ${sequence} dropped unsent: subscription_gone` },
    ]);
    expect(await t.em().execute(`select count(*)::int as n from webhook_delivery where subscription_id = ?`, [id])).toEqual([{ n: 0 }]);
    expect((await send('GET', `/api/v1/webhooks/${id}/deliveries/`)).statusCode).toBe(404);
  });

  it('drops unsent the due jobs of a disabled subscription and of an event no longer kept, counting and logging each', async () => {
    const disabled = await subscribe('/disabled');
    const purged = await subscribe('/purged');
    // Two quick failures each; the third attempt is made due below instead of after a minute.
    receiver.answer('/disabled', 500, 500, 500);
    receiver.answer('/purged', 500, 500, 500);
    await createCustomer();
    await receiver.waitFor('/disabled', 3);
    await receiver.waitFor('/purged', 3);
    await recorded(disabled.id, 3);
    const sequence = Number(String((await recorded(purged.id, 3))._embedded.items[0].eventId).slice('evt_'.length));
    const before = await scrape();

    expect((await send('PATCH', `/api/v1/webhooks/${disabled.id}`, { enabled: false })).statusCode).toBe(204);
    // The retry of /purged now carries an event below the oldest kept, as after the retention's purge (the
    // pump keeps recent bodies, so deleting the event it has just sent would not do).
    const [{ gone }] = await t.em().execute<Array<{ gone: number }>>(`select min(sequence)::int - 1 as gone from event`);
    const keys = [`${disabled.id}:${sequence}`, `${purged.id}:${sequence}`];
    await t.em().execute(`update pgboss.job set data = jsonb_set(data, '{sequence}', to_jsonb(?::bigint)) where name = 'webhook-delivery' and state = 'created' and singleton_key = ?`, [
      gone,
      keys[1],
    ]);
    await t.em().execute(`update pgboss.job set start_after = now() where name = 'webhook-delivery' and state = 'created' and singleton_key in (?, ?)`, keys);
    const deadline = Date.now() + 10_000;
    const open = () => t.em().execute<Array<{ n: number }>>(`select count(*)::int as n from pgboss.job where name = 'webhook-delivery' and state < 'completed' and singleton_key in (?, ?)`, keys);
    while ((await open())[0].n > 0) {
      if (Date.now() > deadline) throw new Error('the due jobs were not completed');
      await settle(25);
    }
    // The recorder's transaction commits before the pump counts.
    await settle(100);

    const after = await scrape();
    const dropped = (text: string, reason: string) => value(text, `webhook_jobs_dropped_total{reason="${reason}"}`);
    expect(dropped(after, 'subscription_disabled') - dropped(before, 'subscription_disabled')).toBe(1);
    expect(dropped(after, 'event_gone') - dropped(before, 'event_gone')).toBe(1);
    expect(receiver.at('/disabled')).toHaveLength(3);
    expect(receiver.at('/purged')).toHaveLength(3);
    expect((await deliveries(disabled.id)).total).toBe(3);
    expect((await deliveries(purged.id)).total).toBe(3);
    const lines = engineLog().filter((line) => line.msg.startsWith(`webhook ${disabled.id}:`) || line.msg.startsWith(`webhook ${purged.id}:`));
    // The two may be recorded in either order.
    expect(lines.sort((a, b) => a.level - b.level)).toEqual([
      { level: 20, msg: `webhook ${disabled.id}: delivery job of event sequence ${sequence} dropped unsent: subscription_disabled` },
      {
        level: 40,
        msg: `webhook ${purged.id}: delivery job of event sequence ${gone} dropped unsent: event_gone (the event was purged first: EVENTS_RETENTION_DAYS is shorter than this job's retries and put-offs)`,
      },
    ]);
  });

  /** A subscription whose first event failed three times: its third retry waits a minute. Answers its id and that event's sequence. */
  const failingThrice = async (path: string) => {
    const { id } = await subscribe(path);
    receiver.answer(path, 500, 500, 500);
    await createCustomer();
    await receiver.waitFor(path, 3);
    const sequence = Number(String((await recorded(id, 3))._embedded.items[0].eventId).slice('evt_'.length));
    return { id, sequence };
  };
  const dropped = (text: string, reason: string) => value(text, `webhook_jobs_dropped_total{reason="${reason}"}`);

  it('counts and logs the waiting jobs a replay deletes with nothing queued in their place: an event no longer matched, or purged', async () => {
    const rematched = await failingThrice('/rematched');
    const purged = await failingThrice('/replay-purged');
    expect((await send('PATCH', `/api/v1/webhooks/${rematched.id}`, { events: ['order.*'] })).statusCode).toBe(204);
    await t.em().execute(`delete from event where sequence = ?`, [purged.sequence]);
    const before = await scrape();

    for (const { id, sequence } of [rematched, purged]) {
      const replay = await send('POST', `/api/v1/webhooks/${id}/replay`, { after: sequence - 1 });
      expect(replay.statusCode).toBe(202);
      expect(json(replay)).toEqual({ queued: 0 });
    }

    const after = await scrape();
    expect(dropped(after, 'replay_no_longer_matches') - dropped(before, 'replay_no_longer_matches')).toBe(1);
    expect(dropped(after, 'event_gone') - dropped(before, 'event_gone')).toBe(1);
    expect(
      await t.em().execute(`select count(*)::int as n from pgboss.job where name = 'webhook-delivery' and state < 'completed' and singleton_key in (?, ?)`, [
        `${rematched.id}:${rematched.sequence}`,
        `${purged.id}:${purged.sequence}`,
      ]),
    ).toEqual([{ n: 0 }]);
    const lines = engineLog().filter((line) => line.msg.startsWith(`webhook ${rematched.id}:`) || line.msg.startsWith(`webhook ${purged.id}:`));
    expect(lines).toEqual([
      { level: 20, msg: `webhook ${rematched.id}: delivery job of event sequence ${rematched.sequence} dropped unsent: replay_no_longer_matches` },
      {
        level: 40,
        msg: `webhook ${purged.id}: delivery job of event sequence ${purged.sequence} dropped unsent: event_gone (the event was purged first: EVENTS_RETENTION_DAYS is shorter than this job's retries and put-offs)`,
      },
    ]);
  });

  it('counts and logs at error a job pg-boss gives up on, keeps it findable, and a replay sends its event again', async () => {
    const { id, sequence } = await failingThrice('/poison');
    const key = `${id}:${sequence}`;
    const before = await scrape();
    // A poison job: its attempt number does not fit the attempts table, so recording it fails every time
    // and it expires; with no retries left pg-boss gives it up at the first expiry.
    await t.em().execute(
      `update pgboss.job set data = jsonb_set(data, '{attempt}', '40000'), retry_limit = 0, start_after = now()
        where name = 'webhook-delivery' and state = 'created' and singleton_key = ?`,
      [key],
    );
    const sent = await receiver.waitFor('/poison', 4);
    const deadline = Date.now() + 60_000;
    while (dropped(await scrape(), 'retries_exhausted') === dropped(before, 'retries_exhausted')) {
      if (Date.now() > deadline) throw new Error('the given-up job was not counted');
      await settle(200);
    }

    const after = await scrape();
    expect(dropped(after, 'retries_exhausted') - dropped(before, 'retries_exhausted')).toBe(1);
    expect(engineLog().filter((line) => line.msg.startsWith(`webhook ${id}:`))).toEqual([
      {
        level: 50,
        msg:
          `webhook ${id}: delivery job of event sequence ${sequence} dropped unsent: retries_exhausted (its process died mid-attempt, or recording its attempt failed, ` +
          `on every try; it may have reached the receiver unrecorded; POST /api/v1/webhooks/${id}/replay {"after":${sequence - 1}} sends it again, with the matching events after it)`,
      },
    ]);
    expect((await deliveries(id)).total).toBe(3);
    // The job stays in the delivery queue as failed, its copy in the dead letter queue as completed.
    expect(
      await t
        .em()
        .execute(`select name, state::text, data from pgboss.job where singleton_key = ? and (state = 'failed' or name = 'webhook-delivery-dead-letter') order by name`, [key]),
    ).toEqual([
      { name: 'webhook-delivery', state: 'failed', data: { subscriptionId: id, sequence, attempt: 40000 } },
      { name: 'webhook-delivery-dead-letter', state: 'completed', data: { subscriptionId: id, sequence, attempt: 40000 } },
    ]);

    const replay = await send('POST', `/api/v1/webhooks/${id}/replay`, { after: sequence - 1 });
    expect(json(replay)).toEqual({ queued: 1 });
    const again = await receiver.waitFor('/poison', 5);
    expect(again[4].headers['webhook-id']).toBe(sent[3].headers['webhook-id']);
    expect(again[4].body).toBe(sent[3].body);
  });
});
