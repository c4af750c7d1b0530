import { setTimeout as sleep } from 'node:timers/promises';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import type { ApiClient } from './support/api-client';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { ROOT, startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, statusCounts, stressScale } from './support/stress-report';

/**
 * Webhook delivery through crashes, on a PostgreSQL server: two API processes (one delivering too) and
 * a separate worker, a receiver that fails at random and is sometimes slower than the attempt timeout,
 * and a storm of orders (carts, lines, checkouts, completions) and customers. The API with workers and
 * the worker are killed with SIGKILL mid-storm and started again. Afterwards:
 * - every committed event reached the receiver with a 2xx at least once;
 * - the receiver got nothing that is not a committed event (a change cut by the kill left none), and
 *   each delivery's body is the stored event's envelope;
 * - every delivery of one event carried the same webhook-id and body;
 * - no two attempts of one event were in flight at the receiver at once, across all processes.
 */

const SCALE = stressScale();
const STORM_MS = Math.round(15_000 * SCALE);
const DRAIN_MS = 35_000;
const CUSTOMER_EMAILS = ['oliver.queen@star-city.com', 'felicity.smoak@star-city.com', 'Joe@doe.com'];

const DELIVERY_ENV = {
  WEBHOOK_ALLOW_HTTP: '1',
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
  WEBHOOK_ATTEMPT_TIMEOUT_MS: '800',
  WEBHOOK_RETRY_DELAYS: '0.2,0.3,0.5,1,1,1,1,1,1,1,1,1',
};

interface Arrival {
  webhookId: string;
  body: string;
  status: number;
}

/** Answers 500 to about a quarter of the requests and is slower than the attempt timeout for a few. */
class FlakyReceiver {
  readonly arrivals: Arrival[] = [];
  readonly overlaps: string[] = [];
  private readonly inFlight = new Map<string, number>();
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const webhookId = String(request.headers['webhook-id']);
      const running = (this.inFlight.get(webhookId) ?? 0) + 1;
      this.inFlight.set(webhookId, running);
      if (running > 1) this.overlaps.push(webhookId);
      let open = true;
      const leave = (): void => {
        if (!open) return;
        open = false;
        this.inFlight.set(webhookId, (this.inFlight.get(webhookId) ?? 1) - 1);
      };
      // The sender gives up on a slow answer by closing the connection: the attempt is over then.
      response.on('close', leave);
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const roll = Math.random();
        const status = roll < 0.25 ? 500 : 200;
        const delay = roll > 0.97 ? 1200 : Math.floor(Math.random() * 30);
        setTimeout(() => {
          if (!open) return;
          this.arrivals.push({ webhookId, body: Buffer.concat(chunks).toString('utf8'), status });
          response.statusCode = status;
          response.end();
        }, delay);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  delivered(): Set<string> {
    return new Set(this.arrivals.filter((arrival) => arrival.status === 200).map((arrival) => arrival.webhookId));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

interface WorkerProcess {
  /** Its GET /metrics. */
  metricsUrl: string;
  kill9(): Promise<void>;
  stop(): Promise<number | null>;
  output(): string;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `node dist/cli/worker.js`, the deliverer alone; ready once it has logged its start. */
async function startWorker(databaseUrl: string): Promise<WorkerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/cli/worker.js'], {
    cwd: ROOT,
    env: { ...process.env, ...DELIVERY_ENV, DATABASE_URL: databaseUrl, WEBHOOK_CONCURRENCY: '3', WORKER_METRICS_PORT: String(port), LOG_LEVEL: 'info', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!output.includes('webhook worker started')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the worker did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    metricsUrl: `http://127.0.0.1:${port}/metrics`,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    output: () => output,
  };
}

describe('webhook delivery through kill -9 of the API and of the worker, PostgreSQL server', () => {
  let database: ScratchDatabase;
  const receiver = new FlakyReceiver();
  const servers: ServerProcess[] = [];
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    database = await createDemoDatabase('webhooks');
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await stopServers(servers, database);
    await receiver.close();
  });

  it('delivers every committed event at least once, nothing else, one attempt per event at a time', async () => {
    const started = Date.now();
    const url = await receiver.start();
    const api = (name: string, workersHere: string) => startServer(name, { ...DELIVERY_ENV, DATABASE_URL: database.url, WEBHOOK_CONCURRENCY: workersHere });
    servers.push(await api('A', '2'), await api('B', '0'));
    workers.push(await startWorker(database.url));

    const subscribed = await servers[1].client.request('POST', '/api/v1/webhooks/', { url, events: ['*'] });
    expect(subscribed.status).toBe(201);
    const db = new Client({ connectionString: database.url });
    await db.connect();
    const [{ last: before }] = (await db.query<{ last: string }>('select coalesce(max(sequence), 0) as last from event')).rows;

    // The storm: each writer takes carts through checkout to placed orders, and creates customers.
    const statuses: number[] = [];
    let networkErrors = 0;
    let stop = false;
    const dead = new Set<ServerProcess>();
    const live = (): ApiClient[] => servers.filter((server) => !dead.has(server)).map((server) => server.client);
    const call = async (method: string, path: string, payload?: unknown) => {
      const clients = live();
      const client = clients[Math.floor(Math.random() * clients.length)];
      try {
        const response = await client.request(method, path, payload);
        statuses.push(response.status);
        return response;
      } catch {
        networkErrors += 1;
        return null;
      }
    };
    const writer = async (index: number): Promise<void> => {
      for (let step = 0; !stop; step++) {
        if (step % 3 === 0) {
          await call('POST', '/api/v1/customers/', { email: `storm.${index}.${step}.${started}@example.com`, gender: 'u' });
          continue;
        }
        const cart = await call('POST', '/api/v1/carts/', { customer: CUSTOMER_EMAILS[index % CUSTOMER_EMAILS.length], channel: 'WEB', localeCode: 'en_US' });
        if (cart?.status !== 201) continue;
        const cartId = (cart.body as { id: number }).id;
        await call('POST', `/api/v1/carts/${cartId}/items/`, { variant: 'MUG_SW', quantity: 1 });
        const shippingAddress = { firstName: 'Oliver', lastName: 'Queen', countryCode: 'US', provinceCode: 'US-CA', street: 'Main St 1', city: 'Star City', postcode: '12345' };
        await call('PUT', `/api/v1/checkouts/addressing/${cartId}`, { shippingAddress });
        for (const [step, list] of [['select-shipping', 'shipments'], ['select-payment', 'payments']] as const) {
          const listed = await call('GET', `/api/v1/checkouts/${step}/${cartId}`);
          const entries = (listed?.body as Record<string, Array<{ methods: Array<{ code: string }> }>> | undefined)?.[list];
          if (!entries) break;
          await call('PUT', `/api/v1/checkouts/${step}/${cartId}`, { [list]: entries.map((entry) => ({ method: entry.methods[0].code })) });
        }
        await call('PUT', `/api/v1/checkouts/complete/${cartId}`, {});
      }
    };
    const storm = Promise.all(Array.from({ length: 6 }, (_, index) => writer(index)));

    // Mid-storm: kill -9 the API that delivers, then the worker; start each again a little later.
    await new Promise((resolve) => setTimeout(resolve, STORM_MS * 0.3));
    const victim = servers[0];
    dead.add(victim);
    await victim.kill9();
    await new Promise((resolve) => setTimeout(resolve, STORM_MS * 0.15));
    await workers[0].kill9();
    servers.push(await api('A2', '2'));
    await new Promise((resolve) => setTimeout(resolve, STORM_MS * 0.15));
    workers.push(await startWorker(database.url));
    await new Promise((resolve) => setTimeout(resolve, STORM_MS * 0.4));
    stop = true;
    await storm;
    servers.splice(servers.indexOf(victim), 1);

    // Drain: every committed event after `before` is delivered, or the time is up.
    const committed = (await db.query<{ sequence: string; type: string; occurred_at: Date; data: unknown }>('select sequence, type, occurred_at, data from event where sequence > $1 order by sequence', [before])).rows;
    const ids = committed.map((event) => `evt_${event.sequence.padStart(12, '0')}`);
    const drainDeadline = Date.now() + DRAIN_MS;
    while (ids.some((id) => !receiver.delivered().has(id)) && Date.now() < drainDeadline) await new Promise((resolve) => setTimeout(resolve, 200));
    await db.end();

    const delivered = receiver.delivered();
    const missing = ids.filter((id) => !delivered.has(id));
    const known = new Set(ids);
    const strangers = [...new Set(receiver.arrivals.map((arrival) => arrival.webhookId))].filter((id) => !known.has(id));
    const bodies = new Map<string, Set<string>>();
    for (const arrival of receiver.arrivals) bodies.set(arrival.webhookId, (bodies.get(arrival.webhookId) ?? new Set()).add(arrival.body));
    const differing = [...bodies].filter(([, seen]) => seen.size > 1).map(([id]) => id);
    const envelopes = new Map(committed.map((event) => [`evt_${event.sequence.padStart(12, '0')}`, event]));
    const wrongBodies = [...bodies].filter(([id, seen]) => {
      const event = envelopes.get(id);
      const body = JSON.parse([...seen][0]) as { sequence: number; type: string; data: unknown };
      return event === undefined || body.sequence !== Number(event.sequence) || body.type !== event.type || JSON.stringify(body.data) !== JSON.stringify(event.data);
    });
    const duplicates = receiver.arrivals.filter((arrival) => arrival.status === 200).length - delivered.size;
    // The worker alone serves its own metrics: what it delivered, and the (now empty) queue. pg-boss 12
    // counts the queue in its monitor pass and the gauge reads that count, up to a minute old: wait for it.
    let scraped = '';
    for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(2000)) {
      scraped = await (await fetch(workers[1].metricsUrl)).text();
      if (/^webhook_queue_depth 0$/m.test(scraped)) break;
    }
    expect(scraped).toMatch(/^webhook_deliveries_total\{outcome="succeeded"\} [1-9]\d*$/m);
    expect(scraped).toMatch(/^webhook_queue_depth 0$/m);
    expect(scraped).toMatch(/^webhook_oldest_undelivered_event_age_seconds 0$/m);

    report({
      run: 'webhook-delivery',
      database: 'server',
      requests: statuses.length + networkErrors,
      acknowledged: statuses.filter((status) => status < 300).length,
      expectedRejections: statuses.filter((status) => status >= 400 && status < 500).length,
      serverErrors: statuses.filter((status) => status >= 500).length,
      networkErrors,
      invariantChecks: ids.length + receiver.arrivals.length,
      seconds: Math.round((Date.now() - started) / 1000),
      committedEvents: ids.length,
      attemptsReceived: receiver.arrivals.length,
      duplicateSuccesses: duplicates,
      statuses: JSON.stringify(statusCounts(statuses)),
    });
    expect(ids.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
    expect(strangers).toEqual([]);
    expect(differing).toEqual([]);
    expect(wrongBodies.map(([id]) => id)).toEqual([]);
    expect(receiver.overlaps).toEqual([]);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
