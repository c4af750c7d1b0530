import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { connectSql, type Sql } from '../data/sql';
import { Client } from './checkout-flow';
import type { CpuPerRequest, CpuTally } from './proc-cpu';
import { removeSubscriptions } from './webhook-bench';

/** Subscriptions to every event, all to one receiver that answers 200 at once. */
const DELIVERY_SUBSCRIPTIONS = 200;

interface DeliveryPhase {
  label: string;
  events: number;
  /** Deliveries awaited at the good receiver (events × good subscriptions). */
  deliveries: number;
  arrived: number;
  /** Deliveries per second, from the first write to the last delivery. */
  perSecond: number | null;
  /** From the event's commit (its stored time) to its arrival, ms. */
  lagP50Ms: number | null;
  lagP99Ms: number | null;
  lagMaxMs: number | null;
  cpuPerDelivery: CpuPerRequest | null;
}

export interface DeliveryResults {
  subscriptions: number;
  phases: DeliveryPhase[];
  note?: string;
}

export interface DeliveryBenchInput {
  /** The API process (delivers too, with its default settings) and the worker beside it. */
  baseUrl: string;
  databaseUrl: string;
  headers: Record<string, string>;
  /** Customers the writes change (their first name, put back at the end). */
  customerIds: number[];
  /** CPU of the API process, the worker process and PostgreSQL, over a stretch. */
  tallies: () => CpuTally[];
  quick: boolean;
  log: (message: string) => void;
}

/** A receiver for many subscriptions: `/hook/…` answers 200 at once and notes when each event arrived; `/hang` never answers. */
class TimingReceiver {
  /** Per event id, the arrival times (ms since the epoch) at the answering paths. */
  readonly arrivals = new Map<string, number[]>();
  count = 0;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/hang') return;
      const id = String(request.headers['webhook-id']);
      const times = this.arrivals.get(id);
      if (times) times.push(Date.now());
      else this.arrivals.set(id, [Date.now()]);
      this.count += 1;
      response.writeHead(200).end();
    });
  });
  base = '';

  async start(): Promise<void> {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async waitFor(count: number, timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (this.count < count) {
      if (performance.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  }

  reset(): void {
    this.arrivals.clear();
    this.count = 0;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const percentile = (sorted: number[], p: number): number | null => (sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]));

/**
 * Sums the CPU of several processes' tallies, each of which measured the phase as one request, into one
 * per-delivery figure: Node is the API's and the worker's; PostgreSQL is counted once.
 */
function combine(tallies: CpuTally[], deliveries: number): CpuPerRequest | null {
  const parts = tallies.map((tally) => tally.perRequest());
  if (deliveries === 0 || parts.length === 0 || parts.some((part) => part === null)) return null;
  const whole = parts as CpuPerRequest[];
  const per = (ms: number) => Math.round((ms / deliveries) * 1000) / 1000;
  return {
    requests: deliveries,
    nodeMs: per(whole.reduce((sum, part) => sum + part.nodeMs, 0)),
    postgresMs: whole[0].postgresMs === null ? null : per(whole[0].postgresMs),
    postgresServerMs: whole[0].postgresServerMs === null ? null : per(whole[0].postgresServerMs),
  };
}

/**
 * Webhook delivery at scale: 200 subscriptions to every event, delivered by the API process and one
 * `npm run worker` with their default settings to a local receiver that answers at once.
 * 1. burst: events written one after another as fast as they go; deliveries per second to the last one;
 * 2. paced: a steady rate of events (about 500 deliveries/s), the lag of each delivery;
 * 3. the same pace with one more subscription whose receiver never answers: the others' lag.
 */
export async function measureDeliveries(input: DeliveryBenchInput): Promise<DeliveryResults> {
  const client = new Client(input.baseUrl, input.headers);
  const sql = await connectSql(input.databaseUrl);
  const receiver = new TimingReceiver();
  await receiver.start();
  const result: DeliveryResults = { subscriptions: DELIVERY_SUBSCRIPTIONS, phases: [] };
  const names = await originalNames(client, input.customerIds);
  const writer = new Writer(client, input.customerIds);
  try {
    await removeSubscriptions(client);
    input.log(`deliveries: creating ${DELIVERY_SUBSCRIPTIONS} subscriptions`);
    for (let index = 0; index < DELIVERY_SUBSCRIPTIONS; index += 1) {
      await client.expect(201, 'POST', '/api/v1/webhooks/', { url: `${receiver.base}/hook/${index}`, events: ['*'] });
    }
    const burstEvents = input.quick ? 10 : 40;
    const pacedSeconds = input.quick ? 5 : 20;
    const pace = 2.5;
    result.phases.push(await phase(input, sql, receiver, `burst of ${burstEvents} events`, DELIVERY_SUBSCRIPTIONS, () => writer.burst(burstEvents)));
    result.phases.push(await phase(input, sql, receiver, `${pace} events/s for ${pacedSeconds} s`, DELIVERY_SUBSCRIPTIONS, () => writer.paced(pace, pacedSeconds)));
    await client.expect(201, 'POST', '/api/v1/webhooks/', { url: `${receiver.base}/hang`, events: ['*'], description: 'never answers' });
    result.phases.push(await phase(input, sql, receiver, `${pace} events/s for ${pacedSeconds} s, one more receiver hanging`, DELIVERY_SUBSCRIPTIONS, () => writer.paced(pace, pacedSeconds)));
    return result;
  } catch (error) {
    const note = error instanceof Error ? error.message : String(error);
    input.log(`deliveries: ${note}`);
    return { ...result, note };
  } finally {
    await removeSubscriptions(client).catch(() => undefined);
    await restoreNames(client, names).catch(() => undefined);
    client.close();
    await sql.close();
    await receiver.close();
  }
}

async function phase(input: DeliveryBenchInput, sql: Sql, receiver: TimingReceiver, label: string, goodSubscriptions: number, write: () => Promise<void>): Promise<DeliveryPhase> {
  receiver.reset();
  const [{ last }] = await sql.query<{ last: string }>('select coalesce(max(sequence), 0) as last from event');
  const tallies = input.tallies();
  input.log(`deliveries: ${label}`);
  const started = Date.now();
  let complete = false;
  let events = 0;
  let deliveries = 0;
  const measure = async () => {
    await write();
    events = Number((await sql.query<{ n: string }>('select count(*) as n from event where sequence > $1', [last]))[0].n);
    deliveries = events * goodSubscriptions;
    complete = await receiver.waitFor(deliveries, 120_000);
  };
  // Every tally measures the same stretch; the first counts it as its requests for the per-delivery scale.
  await nest(tallies, measure);
  const finished = Math.max(...[...receiver.arrivals.values()].flat());
  const occurred = new Map(
    (await sql.query<{ sequence: string; at: string }>(`select sequence, (extract(epoch from occurred_at) * 1000)::float8 as at from event where sequence > $1`, [last])).map((row) => [
      `evt_${row.sequence.padStart(12, '0')}`,
      Number(row.at),
    ]),
  );
  const lags = [...receiver.arrivals].flatMap(([id, times]) => times.map((time) => time - (occurred.get(id) ?? time))).sort((a, b) => a - b);
  return {
    label,
    events,
    deliveries,
    arrived: receiver.count,
    perSecond: complete ? Math.round((deliveries * 1000) / (finished - started)) : null,
    lagP50Ms: percentile(lags, 50),
    lagP99Ms: percentile(lags, 99),
    lagMaxMs: lags.length === 0 ? null : Math.round(lags[lags.length - 1]),
    cpuPerDelivery: combine(tallies, deliveries),
  };
}

/** Runs `work` inside every tally's measurement; the first tally counts one request, scaled per delivery later. */
async function nest(tallies: CpuTally[], work: () => Promise<void>): Promise<void> {
  const [first, ...rest] = tallies;
  if (first === undefined) return work();
  await first.around(() => nest(rest, work), () => 1);
}

/** Writes that each record one event: a customer's first name changed to the other of two values. */
class Writer {
  private next = 0;

  constructor(
    private readonly client: Client,
    private readonly customerIds: number[],
  ) {}

  private async one(): Promise<void> {
    const id = this.customerIds[this.next % this.customerIds.length];
    const name = Math.floor(this.next / this.customerIds.length) % 2 === 0 ? 'Delivery' : 'Bench';
    this.next += 1;
    await this.client.expect(204, 'PATCH', `/api/v1/customers/${id}`, { firstName: name });
  }

  async burst(count: number): Promise<void> {
    for (let index = 0; index < count; index += 1) await this.one();
  }

  async paced(perSecond: number, seconds: number): Promise<void> {
    const started = performance.now();
    for (let index = 0; index < perSecond * seconds; index += 1) {
      const due = started + (index * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await this.one();
    }
  }
}

async function originalNames(client: Client, ids: number[]): Promise<Map<number, string | null>> {
  const names = new Map<number, string | null>();
  for (const id of ids) names.set(id, (JSON.parse((await client.expect(200, 'GET', `/api/v1/customers/${id}`)).body) as { firstName?: string }).firstName ?? null);
  return names;
}

async function restoreNames(client: Client, names: Map<number, string | null>): Promise<void> {
  for (const [id, firstName] of names) await client.expect(204, 'PATCH', `/api/v1/customers/${id}`, { firstName });
}
