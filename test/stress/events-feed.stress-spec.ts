import { Client } from 'pg';
import type { ApiClient } from './support/api-client';
import { InvariantLog } from './support/invariant-log';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, statusCounts, stressScale } from './support/stress-report';

/**
 * The feed's promise (events §2): a consumer that polls `after=<last sequence seen>` while writers run
 * on several instances sees every committed event exactly once, in sequence order. Writers on two server
 * processes change customers (one event per PATCH) and carts (one per quantity change; the answer is
 * read after the event is recorded, so those transactions run on a while after taking their sequence
 * in the naive mode) while a poller reads the feed as fast as it can through both servers. At the end
 * the poller's sequences must be exactly the committed ones.
 *
 * With EVENTS_NAIVE_SEQUENCE=1 the servers take sequences from a plain sequence at insert time; this
 * test is expected to FAIL then (a transaction that took N commits after one that took N+1, after the
 * poller already moved past N).
 */

const SCALE = stressScale();
const TARGET_EVENTS = Math.round(5000 * SCALE);
const CUSTOMER_WRITERS = 10;
const CART_WRITERS = 10;
const VARIANT = 'MUG_SW';

describe('event feed under concurrent writers on two servers', () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];
  const via = (index: number): ApiClient => servers[index % servers.length].client;

  beforeAll(async () => {
    database = await createDemoDatabase('events');
    servers = await Promise.all(['A', 'B'].map((name) => startServer(name, { DATABASE_URL: database.url })));
  });
  afterAll(() => stopServers(servers, database));

  async function committedSequences(after: number): Promise<number[]> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const result = await client.query<{ sequence: string }>('select sequence from event where sequence > $1 order by sequence', [after]);
      return result.rows.map((row) => Number(row.sequence));
    } finally {
      await client.end();
    }
  }

  it(`a racing poller sees every committed event exactly once, in order (${TARGET_EVENTS} events)`, async () => {
    const customers = ((await via(0).request('GET', '/api/v1/customers/?limit=100')).body as { _embedded: { items: Array<{ id: number }> } })._embedded.items.map((item) => item.id);
    expect(customers.length).toBeGreaterThan(0);
    // The demo shop's own events (its placed orders) come first; the run starts after the last of them.
    const before = (await committedSequences(0)).at(-1) ?? 0;

    const started = Date.now();
    const statuses: number[] = [];
    let acknowledgedEvents = 0;
    let writing = true;
    const done = () => acknowledgedEvents >= TARGET_EVENTS;

    const customerWriter = async (writer: number) => {
      const id = customers[writer % customers.length];
      for (let step = 0; !done(); step++) {
        const response = await via(writer + step).request('PATCH', `/api/v1/customers/${id}`, { firstName: `Writer${writer}x${step}` });
        statuses.push(response.status);
        if (response.status === 204) acknowledgedEvents++;
      }
    };
    const cartWriter = async (writer: number) => {
      const client = via(writer);
      const cart = await client.request('POST', '/api/v1/carts/', { customer: 'oliver.queen@star-city.com', channel: 'WEB', localeCode: 'en_US' });
      expect(cart.status).toBe(201);
      const cartId = (cart.body as { id: number }).id;
      const line = await client.request('POST', `/api/v1/carts/${cartId}/items/`, { variant: VARIANT, quantity: 1 });
      expect(line.status).toBe(201);
      const lineId = (line.body as { id: number }).id;
      acknowledgedEvents += 2;
      for (let step = 0; !done(); step++) {
        const response = await via(writer + step).request('PUT', `/api/v1/carts/${cartId}/items/${lineId}`, { quantity: (step % 3) + 1 });
        statuses.push(response.status);
        if (response.status === 204) acknowledgedEvents++;
      }
    };

    const seen: number[] = [];
    let polls = 0;
    const poller = async () => {
      let after = before;
      for (;;) {
        const stillWriting = writing;
        const response = await via(polls++).request('GET', `/api/v1/events/?after=${after}&limit=500`);
        expect(response.status).toBe(200);
        const page = response.body as { _links: { next: { href: string } }; _embedded: { items: Array<{ sequence: number }> } };
        for (const item of page._embedded.items) seen.push(item.sequence);
        after = Number(/after=(\d+)/.exec(page._links.next.href)![1]);
        // Once the writers are done (and this page was asked for after that), an empty page means the poller has caught up.
        if (!stillWriting && page._embedded.items.length === 0) return;
      }
    };

    const polling = poller();
    await Promise.all([
      ...Array.from({ length: CUSTOMER_WRITERS }, (_, writer) => customerWriter(writer)),
      ...Array.from({ length: CART_WRITERS }, (_, writer) => cartWriter(writer)),
    ]);
    writing = false;
    await polling;
    const seconds = (Date.now() - started) / 1000;

    const committed = await committedSequences(before);
    const log = new InvariantLog();
    const seenOnce = new Set(seen);
    const missed = committed.filter((sequence) => !seenOnce.has(sequence));
    const duplicates = seen.length - seenOnce.size;
    const outOfOrder = seen.filter((sequence, index) => index > 0 && sequence <= seen[index - 1]).length;
    log.equal(missed.length, 0, 'committed events the poller never saw');
    log.equal(duplicates, 0, 'events the poller saw twice');
    log.equal(outOfOrder, 0, 'events seen out of sequence order');
    log.equal(seen.length, committed.length, 'events seen against events committed');
    log.equal(committed.length, acknowledgedEvents, 'events committed against changes acknowledged');
    // Sequences handed out at commit never leave a hole.
    log.equal(committed.at(-1), before + committed.length, 'last sequence (no holes)');

    report({
      run: `events feed: racing poller${process.env.EVENTS_NAIVE_SEQUENCE === '1' ? ' (EVENTS_NAIVE_SEQUENCE=1)' : ''}`,
      database: 'server',
      requests: statuses.length,
      acknowledged: statuses.filter((status) => status < 300).length,
      expectedRejections: 0,
      serverErrors: statuses.filter((status) => status >= 500).length,
      networkErrors: 0,
      invariantChecks: log.checks,
      seconds,
      events: committed.length,
      seen: seen.length,
      missed: missed.length,
      duplicates,
      outOfOrder,
      polls,
      statuses: JSON.stringify(statusCounts(statuses)),
    });
    expect(log.violations).toEqual([]);
    expect(statusCounts(statuses)).toEqual({ 204: statuses.length });
    expect(committed.length).toBeGreaterThanOrEqual(TARGET_EVENTS);
  });
});
