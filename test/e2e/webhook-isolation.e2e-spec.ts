import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { InjectOptions } from 'fastify';
import { AUTH } from '../support/customer-data';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

/** How a path of the receiver answers. */
type Behaviour = { kind: 'answer'; status: number; afterMs: number } | { kind: 'hang' };

interface Arrival {
  path: string;
  eventId: string;
  /** When the event happened (its envelope's timestamp, whole seconds) and when it arrived, ms. */
  occurredAt: number;
  arrivedAt: number;
}

/** A local receiver whose paths answer at once, late, with an error, or never. */
class Receiver {
  readonly arrivals: Arrival[] = [];
  private readonly behaviours = new Map<string, Behaviour>();
  private readonly sockets = new Set<Socket>();
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => this.handle(request, response));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; timestamp: string };
      const behaviour = this.behaviours.get(path) ?? { kind: 'answer', status: 200, afterMs: 0 };
      if (behaviour.kind === 'hang') return;
      setTimeout(() => {
        if (behaviour.status < 300) this.arrivals.push({ path, eventId: envelope.id, occurredAt: Date.parse(envelope.timestamp.replace('+0000', 'Z')), arrivedAt: Date.now() });
        response.statusCode = behaviour.status;
        response.end('ok');
      }, behaviour.afterMs);
    });
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  behave(path: string, behaviour: Behaviour): void {
    this.behaviours.set(path, behaviour);
  }

  at(path: string): Arrival[] {
    return this.arrivals.filter((arrival) => arrival.path === path);
  }

  /** Waits until `path` has accepted `count` deliveries; fails after `ms`. */
  async waitFor(path: string, count: number, ms = 15_000): Promise<Arrival[]> {
    const deadline = Date.now() + ms;
    while (this.at(path).length < count) {
      if (Date.now() > deadline) throw new Error(`${path} accepted ${this.at(path).length} of ${count} deliveries in ${ms} ms`);
      await settle(20);
    }
    return this.at(path);
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One bad receiver must not hold up the others (the events contract's isolation): a receiver that
 * hangs, answers slowly, or is flooded with pings delays another subscription's deliveries by a
 * couple of seconds at most, and a failing one turns `failing`, then `paused`, then `healthy` again.
 * Every process setting is the default but the short timeout and pauses that keep the test quick.
 */
describe('webhook delivery: subscriptions are isolated from each other', () => {
  let t: TestApp;
  const receiver = new Receiver();
  let customers = 0;

  beforeAll(async () => {
    await receiver.start();
    t = await startTestApp({
      env: {
        WEBHOOK_CONCURRENCY: '',
        WEBHOOK_ALLOW_HTTP: '1',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        WEBHOOK_RETRY_DELAYS: `${Array(20).fill('0.3').join(',')},60`,
        WEBHOOK_ATTEMPT_TIMEOUT_MS: '3000',
        WEBHOOK_PAUSE_SECONDS: '1,2',
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

  const subscribe = async (path: string): Promise<number> => {
    const response = await send('POST', '/api/v1/webhooks/', { url: receiver.url(path), events: ['customer.*'] });
    expect(response.statusCode).toBe(201);
    return (json(response) as { id: number }).id;
  };

  const unsubscribe = async (id: number): Promise<void> => {
    expect((await send('DELETE', `/api/v1/webhooks/${id}`)).statusCode).toBe(204);
  };

  /** `count` changes that each record one `customer.created`, as fast as they go. */
  const createCustomers = async (count: number): Promise<void> => {
    for (let index = 0; index < count; index += 1) {
      customers += 1;
      const response = await send('POST', '/api/v1/customers/', { email: `isolated${customers}@example.com`, gender: 'u' });
      expect(response.statusCode).toBe(201);
    }
  };

  /** The good receiver gets every one of `count` new events, each within `maxLagMs` of the change (timestamps are whole seconds). */
  const expectPromptDeliveries = async (path: string, before: number, count: number, maxLagMs: number): Promise<void> => {
    const arrivals = (await receiver.waitFor(path, before + count, maxLagMs + 10_000)).slice(before);
    expect(new Set(arrivals.map((arrival) => arrival.eventId)).size).toBe(count);
    const worst = Math.max(...arrivals.map((arrival) => arrival.arrivedAt - arrival.occurredAt));
    expect(worst).toBeLessThan(maxLagMs + 1000);
  };

  it.each<[string, Parameters<Receiver['behave']>[1]]>([
    ['never answers', { kind: 'hang' }],
    ['answers after 2.5 s', { kind: 'answer', status: 200, afterMs: 2500 }],
  ])('a receiver that %s delays another subscription by 2 s at most', async (_name, behaviour) => {
    const bad = `/bad-${customers}`;
    const good = `/good-${customers}`;
    receiver.behave(bad, behaviour);
    const ids = [await subscribe(bad), await subscribe(good)];
    const before = receiver.at(good).length;
    await createCustomers(30);
    await expectPromptDeliveries(good, before, 30, 2000);
    for (const id of ids) await unsubscribe(id);
  });

  it('a flood of pings at a receiver that never answers delays nobody else', async () => {
    receiver.behave('/dead-pinged', { kind: 'hang' });
    const dead = await subscribe('/dead-pinged');
    const good = await subscribe('/good-beside-pings');
    for (let index = 0; index < 100; index += 1) expect((await send('POST', `/api/v1/webhooks/${dead}/ping`)).statusCode).toBe(202);
    await createCustomers(10);
    await expectPromptDeliveries('/good-beside-pings', 0, 10, 2000);
    await unsubscribe(dead);
    await unsubscribe(good);
  });

  it('a receiver that keeps failing turns failing, then paused, and healthy again once it answers 2xx; what it missed then arrives', async () => {
    receiver.behave('/flaky', { kind: 'answer', status: 503, afterMs: 0 });
    const id = await subscribe('/flaky');
    const show = async () => json(await send('GET', `/api/v1/webhooks/${id}`)) as { delivery: { state: string; since: string | null; consecutiveFailures: number; lastError: string | null } };
    const waitForState = async (state: string) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const { delivery } = await show();
        if (delivery.state === state) return delivery;
        if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(delivery)}, not ${state}`);
        await settle(50);
      }
    };
    await createCustomers(1);
    const failing = await waitForState('failing');
    expect(failing).toEqual({ state: 'failing', since: expect.stringMatching(/\+0000$/), consecutiveFailures: expect.any(Number), lastError: 'HTTP 503' });
    expect(failing.consecutiveFailures).toBeGreaterThanOrEqual(5);
    const paused = await waitForState('paused');
    expect(paused).toEqual({ state: 'paused', since: expect.stringMatching(/\+0000$/), consecutiveFailures: expect.any(Number), lastError: 'HTTP 503' });
    expect(paused.consecutiveFailures).toBeGreaterThanOrEqual(10);
    // Put off while paused, not tried one after another.
    await createCustomers(7);
    await settle(300);
    const metrics = (await t.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^webhook_subscriptions\{state="paused"\} 1$/m);
    expect(metrics).toMatch(/^webhook_deferred_jobs_total [1-9]/m);

    receiver.behave('/flaky', { kind: 'answer', status: 200, afterMs: 0 });
    expect(await waitForState('healthy')).toEqual({ state: 'healthy', since: expect.stringMatching(/\+0000$/), consecutiveFailures: 0, lastError: null });
    const arrived = await receiver.waitFor('/flaky', 8, 10_000);
    expect(new Set(arrived.map((arrival) => arrival.eventId)).size).toBe(8);
    await unsubscribe(id);
  });

  it('a paused subscription given a new URL starts afresh: healthy again, and what it put off goes to the new URL', async () => {
    receiver.behave('/moved-from', { kind: 'answer', status: 500, afterMs: 0 });
    const id = await subscribe('/moved-from');
    const state = async () => (json(await send('GET', `/api/v1/webhooks/${id}`)) as { delivery: { state: string } }).delivery.state;
    await createCustomers(1);
    const deadline = Date.now() + 20_000;
    while ((await state()) !== 'paused') {
      if (Date.now() > deadline) throw new Error('the subscription did not pause');
      await settle(50);
    }
    await createCustomers(3);
    expect((await send('PATCH', `/api/v1/webhooks/${id}`, { url: receiver.url('/moved-to') })).statusCode).toBe(204);
    expect((json(await send('GET', `/api/v1/webhooks/${id}`)) as { delivery: unknown }).delivery).toEqual({ state: 'healthy', since: null, consecutiveFailures: 0, lastError: null });
    const arrived = await receiver.waitFor('/moved-to', 4, 5_000);
    expect(new Set(arrived.map((arrival) => arrival.eventId)).size).toBe(4);
    await unsubscribe(id);
  });
});
