import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventType } from '../../src/events';
import { MESSAGE_CACHE_BYTES } from '../../src/webhooks/delivery/delivery-messages';
import { AUTH } from '../support/customer-data';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

/** Records the webhook-id of every request, per path, and answers 200. */
class Receiver {
  private readonly ids = new Map<string, string[]>();
  private server!: Server;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const path = request.url ?? '';
        this.ids.set(path, [...this.at(path), String(request.headers['webhook-id'])]);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  at(path: string): string[] {
    return this.ids.get(path) ?? [];
  }

  /** The webhook-ids `path` received, once it has at least `count`; fails after 15 s. */
  async waitFor(path: string, count: number): Promise<string[]> {
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

/** An event body of this size: two of them outweigh the bodies the deliverer keeps in memory. */
const BIG = Math.ceil(MESSAGE_CACHE_BYTES * 0.6);
const eventIdOf = (sequence: number): string => `evt_${String(sequence).padStart(12, '0')}`;

/**
 * Events whose bodies outweigh the deliverer's cache of bodies (a replay of many carts' events does): every
 * job of a batch is sent, even when reading the bodies of some pushes the others out of the cache.
 */
describe('webhook delivery of large events', () => {
  let t: TestApp;
  const receiver = new Receiver();

  beforeAll(async () => {
    await receiver.start();
    t = await startTestApp({
      env: { WEBHOOK_CONCURRENCY: '4', WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1', WEBHOOK_ATTEMPT_TIMEOUT_MS: '5000' },
    });
    await seedAuth(t.em());
  });
  afterAll(async () => {
    await t?.close();
    await receiver.close();
  });

  const subscribe = async (path: string, events: string[]): Promise<number> => {
    const response = await t.inject({ method: 'POST', url: '/api/v1/webhooks/', headers: AUTH, payload: { url: receiver.url(path), events } });
    expect(response.statusCode).toBe(201);
    return (json(response) as { id: number }).id;
  };

  /** Commits events of this type with bodies of BIG bytes, in one transaction; answers their sequences. */
  const recordBig = async (type: EventType, count: number): Promise<number[]> => {
    await t.em().transactional(async (tx) => {
      for (let index = 0; index < count; index += 1) await t.outbox.record(tx, { type, data: { id: index, note: 'x'.repeat(BIG) } });
    });
    const rows = await t.em().execute<Array<{ sequence: string }>>('select sequence from event order by sequence desc limit ?', [count]);
    return rows.map((row) => Number(row.sequence)).sort((a, b) => a - b);
  };

  const recorded = async (id: number, count: number): Promise<void> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await t.inject({ method: 'GET', url: `/api/v1/webhooks/${id}/deliveries/`, headers: AUTH });
      if ((json(response) as { total: number }).total >= count) return;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} attempts recorded`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('sends every event of a batch whose bodies together outweigh the cache', async () => {
    await subscribe('/batch', ['cart.updated']);
    const sequences = await recordBig('cart.updated', 2);

    expect([...(await receiver.waitFor('/batch', 2))].sort()).toEqual(sequences.map(eventIdOf));
  });

  it('sends a replayed event whose body was cached when the rest of its batch pushed it out', async () => {
    // Before the subscription: the replay sends it, the dispatch did not, so its body was never read.
    const [early] = await recordBig('customer.updated', 1);
    const id = await subscribe('/replay', ['customer.updated']);
    const [late] = await recordBig('customer.updated', 1);
    await receiver.waitFor('/replay', 1);
    // Its job is done: the replay's of the same event goes out beside the early one's, in one batch.
    await recorded(id, 1);

    const replay = await t.inject({ method: 'POST', url: `/api/v1/webhooks/${id}/replay`, headers: AUTH, payload: { after: early - 1 } });
    expect(replay.statusCode).toBe(202);
    expect(json(replay)).toEqual({ queued: 2 });
    expect([...(await receiver.waitFor('/replay', 3))].sort()).toEqual([eventIdOf(early), eventIdOf(late), eventIdOf(late)]);
  });
});
