import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { ApiClient, ApiResponse } from './support/api-client';
import { eventually } from './support/eventually';
import { InvariantLog } from './support/invariant-log';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, statusCounts, stressScale } from './support/stress-report';

/**
 * Two server processes on one PostgreSQL database whose lists come from a streaming standby of it
 * (DATABASE_REPLICA_URLS), under parallel writes and list reads through both: no 5xx, and once the
 * writes stop every list catches up with every acknowledged write. Needs the standby:
 * STRESS_DATABASE_REPLICA_URL or TEST_DATABASE_REPLICA_URL (`scripts/replica.sh start`).
 */

const SCALE = stressScale();
const REPLICA_SERVER = process.env.STRESS_DATABASE_REPLICA_URL || process.env.TEST_DATABASE_REPLICA_URL;
const withReplica = REPLICA_SERVER ? describe : describe.skip;
/** The servers' lag bound: their replica lag checks run every 500 ms. */
const MAX_LAG_MS = 2000;
const CHECKS_PER_SECOND = 1000 / 500;
/** The writes touch only these variants and carts of the demo shop. */
const VARIANTS = ['MUG_SW', 'MUG_LOTR', 'STICKER_PACK_10'];
const CUSTOMER = 'oliver.queen@star-city.com';
const IN_FLIGHT = 16;

interface Page {
  total: number;
  _embedded: { items: Array<{ id: number; itemsTotal?: number; email?: string }> };
}

/** Transactions the standby has run in the database (its lag checks and the lists it answered). */
async function replicaTransactions(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ commits: string }>('select xact_commit::text as commits from pg_stat_database where datname = current_database()');
    return Number(rows[0].commits);
  } finally {
    await client.end();
  }
}


withReplica('two server processes reading their lists from a streaming replica', () => {
  let database: ScratchDatabase;
  let replicaUrl: string;
  let servers: ServerProcess[] = [];
  const via = (index: number): ApiClient => servers[index % servers.length].client;

  beforeAll(async () => {
    database = await createDemoDatabase('replica');
    const replica = new URL(REPLICA_SERVER!);
    replica.pathname = `/${database.name}`;
    replicaUrl = replica.toString();
    const env = { DATABASE_URL: database.url, DATABASE_REPLICA_URLS: replicaUrl, DATABASE_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS) };
    servers = await Promise.all(['A', 'B'].map((name) => startServer(name, env)));
    // Both read from the replica before the storm begins.
    for (const server of servers) {
      const ready = await eventually(
        () => server.client.request('GET', '/health/ready'),
        (response) => (response.body as { details?: Record<string, { state?: string }> }).details?.['replica-1']?.state === 'up',
        15_000,
      );
      expect({ server: server.name, ready: ready.body }).toMatchObject({ server: server.name, ready: { details: { 'replica-1': { state: 'up' } } } });
    }
  });

  afterAll(() => stopServers(servers, database));

  it('(a) answers every list under parallel writes, and the lists catch up with every acknowledged write', async () => {
    const started = Date.now();
    const commitsBefore = await replicaTransactions(replicaUrl);
    const prefix = `stress.replica.${randomBytes(3).toString('hex')}`;
    const carts: number[] = [];
    for (let index = 0; index < 3; index++) {
      const created = await via(index).request('POST', '/api/v1/carts/', { customer: CUSTOMER, channel: 'WEB', localeCode: 'en_US' });
      expect(created.status).toBe(201);
      carts.push((created.body as { id: number }).id);
    }
    const oliver = ((await via(0).request('GET', `/api/v1/customers/?criteria[search]=${CUSTOMER}`)).body as Page)._embedded.items[0].id;

    const total = Math.round(300 * SCALE);
    // Every third request creates a customer, every third adds a cart line, the others read a list.
    const writes = Math.ceil(total / 3) + Math.floor((total + 1) / 3);
    const lists = [`/api/v1/customers/?criteria[search]=${prefix}`, '/api/v1/carts/?limit=100', `/api/v1/customers/${oliver}/orders/?limit=100`, '/api/v1/orders/'];
    const work: Array<() => Promise<ApiResponse>> = [];
    let customersCreated = 0;
    const quantities = new Map(carts.map((cartId) => [cartId, 0]));
    for (let index = 0; index < total; index++) {
      const client = via(index);
      if (index % 3 === 0) {
        work.push(() =>
          client.request('POST', '/api/v1/customers/', { email: `${prefix}.${index}@example.com`, firstName: 'Stress', lastName: 'Replica', gender: 'u' }).then((response) => {
            if (response.status === 201) customersCreated++;
            return response;
          }),
        );
      } else if (index % 3 === 1) {
        const cartId = carts[index % carts.length];
        work.push(() =>
          client.request('POST', `/api/v1/carts/${cartId}/items/`, { variant: VARIANTS[index % VARIANTS.length], quantity: 1 }).then((response) => {
            if (response.status === 201) quantities.set(cartId, quantities.get(cartId)! + 1);
            return response;
          }),
        );
      } else {
        work.push(() => client.request('GET', lists[index % lists.length]));
      }
    }
    const statuses: number[] = [];
    let networkErrors = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < work.length) {
          const request = work[next++];
          try {
            statuses.push((await request()).status);
          } catch {
            networkErrors++;
          }
        }
      }),
    );
    const stormSeconds = (Date.now() - started) / 1000;
    const commitsDuring = (await replicaTransactions(replicaUrl)) - commitsBefore;

    // Once the writes stop, each server's lists show them all within the bound (and a check or two).
    const log = new InvariantLog();
    for (const [index, server] of servers.entries()) {
      const customers = await eventually(
        () => server.client.request('GET', lists[0]),
        (response) => (response.body as Page).total === customersCreated,
        MAX_LAG_MS + 5000,
      );
      log.equal((customers.body as Page).total, customersCreated, `server ${server.name}: customers listed`);
      for (const cartId of carts) {
        const shown = await via(index).request('GET', `/api/v1/carts/${cartId}`);
        log.equal((shown.body as { items: Array<{ quantity: number }> }).items.reduce((sum, line) => sum + line.quantity, 0), quantities.get(cartId), `cart ${cartId} pieces`);
        const listed = await eventually(
          () => server.client.request('GET', lists[1]),
          (response) => (response.body as Page)._embedded.items.find((item) => item.id === cartId)?.itemsTotal === (shown.body as { itemsTotal: number }).itemsTotal,
          MAX_LAG_MS + 5000,
        );
        log.equal(
          (listed.body as Page)._embedded.items.find((item) => item.id === cartId)?.itemsTotal,
          (shown.body as { itemsTotal: number }).itemsTotal,
          `server ${server.name}: cart ${cartId} items total in the list`,
        );
      }
      const ready = await server.client.request('GET', '/health/ready');
      log.equal(ready.status, 200, `server ${server.name}: readiness`);
    }

    const listReads = total - writes;
    // The lag checks alone: two servers, each checking every 500 ms.
    const lagChecks = Math.ceil(stormSeconds + 1) * CHECKS_PER_SECOND * servers.length;
    const serverErrors = statuses.filter((status) => status >= 500).length;
    report({
      run: 'read replica (a) lists under writes',
      database: 'server + streaming replica',
      requests: statuses.length + networkErrors,
      acknowledged: statuses.filter((status) => status < 300).length,
      expectedRejections: 0,
      serverErrors,
      networkErrors,
      invariantChecks: log.checks,
      seconds: stormSeconds,
      listReads,
      replicaTransactions: commitsDuring,
      lagCheckTransactionsAtMost: lagChecks,
      statuses: JSON.stringify(statusCounts(statuses)),
    });
    expect(log.violations).toEqual([]);
    expect({ serverErrors, networkErrors }).toEqual({ serverErrors: 0, networkErrors: 0 });
    expect(statusCounts(statuses)).toEqual({ 200: listReads, 201: writes });
    // More transactions ran on the replica than its lag checks account for: lists were read there.
    expect(commitsDuring).toBeGreaterThan(lagChecks);
  });
});
