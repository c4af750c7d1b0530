import { Client } from 'pg';
import { AUTH, CART_YAML, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { replicaView, waitForReplica } from '../support/replica-state';
import { TcpProxy } from '../support/tcp-proxy';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Which reads a read replica answers, and what happens when it lags or goes away. Needs a streaming
 * standby of the server: TEST_DATABASE_URL and TEST_DATABASE_REPLICA_URL (`scripts/replica.sh start
 * --synchronous`). Pauses the standby's replay for a few seconds: run it on its own, not beside other
 * files that read from the same standby.
 */
const replicaServer = process.env.TEST_DATABASE_REPLICA_URL;
const withReplica = process.env.TEST_DATABASE_URL && replicaServer ? describe : describe.skip;

/** The bound these tests run with: long enough that the steps between a pause and a list read never take it. */
const MAX_LAG_MS = 3000;

async function onServer<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Waits until the replica has replayed everything the primary had flushed when asked (polled every 20 ms). */
async function replicaCaughtUp(t: TestApp): Promise<void> {
  const [{ position }] = (await onServer(t.config.databaseUrl!, (primary) => primary.query<{ position: string }>('select pg_current_wal_flush_lsn()::text as position'))).rows;
  await onServer(t.config.databaseReplicaUrls[0], async (replica) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { rows } = await replica.query<{ caughtUp: boolean }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as "caughtUp"', [position]);
      if (rows[0].caughtUp) return;
      if (Date.now() > deadline) throw new Error(`The replica did not replay up to ${position} within 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
}

withReplica('read replicas (DATABASE_REPLICA_URLS)', () => {
  describe('a replica whose replay is paused', () => {
    let t: TestApp;
    let oliver: number;

    beforeAll(async () => {
      // Commits must not wait for the replay this test pauses.
      t = await startTestApp({ waitForReplicaApply: false, env: { DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS) } });
      oliver = (await loadShop(t, CART_YAML)).customers['oliver.queen@star-city.com'];
      await replicaCaughtUp(t);
    });
    afterAll(async () => {
      if (t) await onServer(t.config.databaseReplicaUrls[0], (replica) => replica.query('select pg_wal_replay_resume()'));
      await t?.close();
    });

    const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
    const LISTS = ['/api/v1/customers/?criteria[search]=roy.harper', '/api/v1/carts/', () => `/api/v1/customers/${oliver}/orders/`];
    const readLists = () => Promise.all(LISTS.map((list) => get(typeof list === 'string' ? list : list())));
    const bodies = (responses: Array<{ statusCode: number; body: string }>) => responses.map((response) => [response.statusCode, response.body]);
    const replicaEntry = (entry: Record<string, unknown>) => ({ database: { status: 'up', responseTime: expect.any(Number) }, webhookQueue: { status: 'up', responseTime: expect.any(Number) }, 'replica-1': entry });

    it('answers lists from the replica within the bound, single resources from the primary at once, and lists from the primary past the bound', async () => {
      const before = await readLists();
      expect(before.map((response) => response.statusCode)).toEqual([200, 200, 200]);

      await onServer(t.config.databaseReplicaUrls[0], async (replica) => {
        await replica.query('select pg_wal_replay_pause()');
        await replica.query(`do $$ begin while pg_get_wal_replay_pause_state() <> 'paused' loop perform pg_sleep(0.01); end loop; end $$`);
      });
      const customer = await t.inject({
        method: 'POST',
        url: '/api/v1/customers/',
        headers: JSON_AUTH,
        payload: { email: 'roy.harper@star-city.com', firstName: 'Roy', lastName: 'Harper', gender: 'm' },
      });
      expect(customer.statusCode).toBe(201);
      const cart = await t.inject({ method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: { customer: 'oliver.queen@star-city.com', channel: 'WEB', localeCode: 'en_US' } });
      expect(cart.statusCode).toBe(201);

      // A client reads its own writes: single resources come from the primary.
      const shownCustomer = await get(`/api/v1/customers/${(json(customer) as { id: number }).id}`);
      expect([shownCustomer.statusCode, shownCustomer.body]).toEqual([200, customer.body]);
      const shownCart = await get(`/api/v1/carts/${(json(cart) as { id: number }).id}`);
      expect([shownCart.statusCode, shownCart.body]).toEqual([200, cart.body]);

      // The lists come from the replica, which has not replayed the two writes: the pages of before.
      const stale = await readLists();
      expect(bodies(stale)).toEqual(bodies(before));
      expect(replicaView(t.running)).toEqual({ state: 'up', lagMs: expect.any(Number) });
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(200);
      const upEntry = { status: 'up', state: 'up', lagMs: expect.any(Number) };
      expect(json(ready)).toEqual({ status: 'ok', info: replicaEntry(upEntry), error: {}, details: replicaEntry(upEntry) });

      // Past the bound the replica is skipped: the lists come from the primary and show the writes.
      await waitForReplica(t.running, (view) => view.state === 'lagging');
      const fresh = await readLists();
      expect(fresh.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      expect(json(fresh[0])).toMatchObject({ total: 1, _embedded: { items: [{ id: (json(customer) as { id: number }).id, email: 'roy.harper@star-city.com' }] } });
      for (const list of fresh.slice(1)) {
        expect((json(list) as { _embedded: { items: Array<{ id: number }> } })._embedded.items.map((item) => item.id)).toContain((json(cart) as { id: number }).id);
      }
      const lagging = await get('/health/ready');
      expect(lagging.statusCode).toBe(200);
      const laggingEntry = {
        status: 'degraded',
        state: 'lagging',
        lagMs: expect.any(Number),
        message: `More than ${MAX_LAG_MS} ms behind the primary: lists are read from the primary`,
      };
      expect(json(lagging)).toEqual({ status: 'degraded', info: replicaEntry(laggingEntry), error: {}, details: replicaEntry(laggingEntry) });
      expect((json(lagging) as { details: { 'replica-1': { lagMs: number } } }).details['replica-1'].lagMs).toBeGreaterThan(MAX_LAG_MS);

      // Replaying again, the replica catches up and answers the lists as the primary did.
      await onServer(t.config.databaseReplicaUrls[0], (replica) => replica.query('select pg_wal_replay_resume()'));
      await waitForReplica(t.running, (view) => view.state === 'up');
      expect(bodies(await readLists())).toEqual(bodies(fresh));
    });
  });

  describe('a replica that goes away', () => {
    let t: TestApp;
    let proxy: TcpProxy;

    beforeAll(async () => {
      proxy = await TcpProxy.start(replicaServer!);
      t = await startTestApp({ replicaPort: proxy.port });
      await loadShop(t, CART_YAML);
    });
    afterAll(async () => {
      await t?.close();
      await proxy?.close();
    });

    const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });

    it('answers every read from the primary, and the readiness check names the replica down while staying 200', async () => {
      const lists = ['/api/v1/customers/', '/api/v1/carts/', '/api/v1/orders/'];
      const before = await Promise.all(lists.map(get));
      expect(before.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      expect(replicaView(t.running).state).toBe('up');

      await proxy.close();
      // The first read on the replica fails, is answered by the primary, and marks the replica down.
      const after = await Promise.all(lists.map(get));
      expect(after.map((response) => [response.statusCode, response.body])).toEqual(before.map((response) => [200, response.body]));
      expect(replicaView(t.running)).toEqual({ state: 'down', reason: expect.any(String) });

      const cart = await get('/api/v1/carts/');
      expect([cart.statusCode, cart.body]).toEqual([200, before[1].body]);
      const ready = await get('/health/ready');
      expect(ready.statusCode).toBe(200);
      const downEntry = { status: 'degraded', state: 'down', message: 'Unreachable or not a standby of the primary: lists are read from the primary' };
      const up = { status: 'up', responseTime: expect.any(Number) };
      const entries = { database: up, webhookQueue: up, 'replica-1': downEntry };
      expect(json(ready)).toEqual({ status: 'degraded', info: entries, error: {}, details: entries });
    });
  });
});
