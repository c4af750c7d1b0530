import { cpus, loadavg } from 'node:os';
import { connectSql, scalar, type Sql } from '../data/sql';
import { databaseName } from '../data/target';
import { BackendWaitSampler, type BackendWaits } from './backend-wait-sampler';
import type { Pinning } from './cpu';
import { runLoad, type LoadResult } from './load';
import { CpuMeter, type CpuPerRequest } from './proc-cpu';
import type { ServerProcess } from './server-process';

/**
 * Event-writing commits per second: every write that records an event takes the one-row event counter
 * last and holds it to its COMMIT (src/events/event-outbox.ts), so such commits queue for it. Two product
 * processes on the same database share 64 connections; each request PATCHes one customer's first name
 * (one `customer.updated` event). The same load runs with the outbox's counter taken out of the path
 * (EVENTS_NAIVE_SEQUENCE=1: sequences from a plain sequence, which breaks commit order and is for tests
 * only), the two modes alternating round by round so both meet the same background load.
 */

const SERVERS = 2;
const CONNECTIONS = 64;
/** Customers per server: each server PATCHes its own, so two requests never wait for the same row. */
const CUSTOMERS_PER_SERVER = 2_000;
const MODES = ['counter', 'naive'] as const;
type Mode = (typeof MODES)[number];
/** Naive over counter commits/s above which the counter is taken to limit the throughput. */
const LIMITING_RATIO = 1.15;

interface EventCommitMode {
  mode: Mode;
  /** 2xx per second, both servers together: median over the rounds. */
  commitsPerSecond: number | null;
  perRound: number[];
  /** Milliseconds; the higher of the two servers' values, median over the rounds. */
  p50: number | null;
  p99: number | null;
  requests: number;
  non2xx: number;
  errors: number;
  /**
   * Events of the measured runs' requests per 2xx: 1 when each recorded exactly one; up to 64 answered after
   * the run's end (not counted as 2xx) make it slightly more.
   */
  eventsPerCommit: number | null;
  /** Per request over the measured runs; Node is both product processes together. */
  cpu: CpuPerRequest | null;
  /** CPU cores busy: CPU per request × requests per second. */
  nodeCores: number | null;
  postgresServerCores: number | null;
  /** What this machine's cores could serve if they did nothing else: cores × 1000 ÷ (Node + bench database backends' CPU ms per request). */
  cpuBoundCommitsPerSecond: number | null;
  waits: BackendWaits | null;
  /** Mean milliseconds each request waited for the counter (its mean queue ÷ commits per second). */
  counterWaitMs: number | null;
  /** Mean milliseconds each commit held the counter while its process had not sent COMMIT yet (idle holders ÷ commits per second). */
  counterHeldIdleMs: number | null;
  /** Mean milliseconds each request spent in COMMIT (backends committing ÷ commits per second). */
  commitMs: number | null;
  /**
   * With the counter, commits run one at a time, each holding it through its COMMIT: 1000 ÷ commitMs is what
   * the counter would pass if its holders never waited for their process (the statements' own time left out).
   */
  counterBoundCommitsPerSecond: number | null;
  /** The 1-minute load average when each measured run started (other work on the machine). */
  loadPerRound: number[];
}

export interface EventCommitCeiling {
  servers: number;
  connections: number;
  customers: number;
  rounds: number;
  durationSeconds: number;
  warmupSeconds: number;
  pinning: string;
  /** Enabled webhook subscriptions during the runs (each commit then also dispatches delivery jobs). */
  enabledSubscriptions: number;
  counter: EventCommitMode;
  naive: EventCommitMode;
  /** Naive ÷ counter commits per second, round by round (each pair ran back to back), and their median. */
  naiveOverCounterPerRound: number[];
  naiveOverCounter: number | null;
  conclusion: string;
  note?: string;
}

export interface EventCommitInput {
  databaseUrl: string;
  /** The generated customers. */
  customers: { firstId: number; count: number };
  rounds: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** The servers listen on `port` and `port + 1`. */
  port: number;
  pinning: Pinning;
  headers: Record<string, string>;
  /** Starts a product process on the bench database with these extra environment variables. */
  start: (name: string, env: Record<string, string>, port: number) => Promise<ServerProcess>;
  stop: (server: ServerProcess) => Promise<void>;
  log: (message: string) => void;
}

/** Keeps the naive sequence above every sequence the counter gave, and the counter above every naive one, so neither mode collides with the other's events. */
const PREPARE_NAIVE_SEQUENCE = `select setval('event_naive_sequence', greatest(1, (select last_sequence from event_counter where id = 1), (select coalesce(max(sequence), 0) from event)))`;
const COUNTER_PAST_EVENTS = `update event_counter set last_sequence = greatest(last_sequence, (select coalesce(max(sequence), 0) from event)) where id = 1`;

/** The generated customers' first names and update times, to be put back afterwards (the PATCHes change both). */
const SAVE_CUSTOMERS = `select coalesce(json_agg(json_build_object('id', id, 'firstName', first_name, 'updatedAt', updated_at)), '[]'::json)::text as value
  from customer where id between $1 and $2`;
const RESTORE_CUSTOMERS = `update customer c set first_name = saved."firstName", updated_at = saved."updatedAt"
  from json_to_recordset($1::json) as saved(id int, "firstName" text, "updatedAt" timestamptz) where c.id = saved.id`;

interface Round {
  load: number;
  commitsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** What one mode gathered over the rounds. */
class ModeTally {
  readonly rounds: Round[] = [];
  events = 0;
  private cpuRequests = 0;
  private cpuSums: { node: number; postgres: number | null; server: number | null } = { node: 0, postgres: 0, server: 0 };

  constructor(
    readonly mode: Mode,
    readonly sampler: BackendWaitSampler,
  ) {}

  addCpu(cpu: CpuPerRequest | null): void {
    if (cpu === null) return;
    const add = (sum: number | null, perRequest: number | null) => (sum === null || perRequest === null ? null : sum + perRequest * cpu.requests);
    this.cpuRequests += cpu.requests;
    this.cpuSums = { node: this.cpuSums.node + cpu.nodeMs * cpu.requests, postgres: add(this.cpuSums.postgres, cpu.postgresMs), server: add(this.cpuSums.server, cpu.postgresServerMs) };
  }

  result(): EventCommitMode {
    const rate = median(this.rounds.map((round) => round.commitsPerSecond));
    const per = (sum: number | null) => (sum === null || this.cpuRequests === 0 ? null : Math.round((sum / this.cpuRequests) * 1000) / 1000);
    const cpu: CpuPerRequest | null =
      this.cpuRequests === 0 ? null : { requests: this.cpuRequests, nodeMs: per(this.cpuSums.node) ?? 0, postgresMs: per(this.cpuSums.postgres), postgresServerMs: per(this.cpuSums.server) };
    const cores = (ms: number | null | undefined) => (ms === null || ms === undefined || rate === null ? null : Math.round((ms * rate) / 10) / 100);
    const waits = this.sampler.summary();
    const commitMs = perCommit(waits?.committing, rate);
    const commits = this.rounds.reduce((sum, round) => sum + round.requests - round.non2xx, 0);
    return {
      mode: this.mode,
      commitsPerSecond: rate === null ? null : Math.round(rate),
      perRound: this.rounds.map((round) => Math.round(round.commitsPerSecond)),
      p50: median(this.rounds.map((round) => round.p50)),
      p99: median(this.rounds.map((round) => round.p99)),
      requests: this.rounds.reduce((sum, round) => sum + round.requests, 0),
      non2xx: this.rounds.reduce((sum, round) => sum + round.non2xx, 0),
      errors: this.rounds.reduce((sum, round) => sum + round.errors, 0),
      eventsPerCommit: commits === 0 ? null : Math.round((this.events / commits) * 1000) / 1000,
      cpu,
      nodeCores: cores(cpu?.nodeMs),
      postgresServerCores: cores(cpu?.postgresServerMs),
      cpuBoundCommitsPerSecond: cpu === null || cpu.postgresMs === null ? null : Math.round((cpus().length * 1000) / (cpu.nodeMs + cpu.postgresMs)),
      waits,
      counterWaitMs: perCommit(waits?.counterWaiters, rate),
      counterHeldIdleMs: perCommit(waits?.counterHoldersIdle, rate),
      commitMs,
      counterBoundCommitsPerSecond: this.mode === 'counter' && commitMs !== null && commitMs > 0 ? Math.round(1000 / commitMs) : null,
      loadPerRound: this.rounds.map((round) => round.load),
    };
  }
}

/** Little's law: a mean number of backends in a state ÷ commits per second = milliseconds per commit in it. */
const perCommit = (backends: number | undefined, rate: number | null): number | null =>
  backends === undefined || rate === null || rate === 0 ? null : Math.round((backends / rate) * 1000 * 100) / 100;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The two servers' runs as one: rates added, latencies the higher of the two. */
function combine(results: LoadResult[], load: number): Round {
  return {
    load,
    commitsPerSecond: results.reduce((sum, r) => sum + (r.total === 0 ? 0 : (r.requestsPerSecond * (r.total - r.non2xx)) / r.total), 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    requests: results.reduce((sum, r) => sum + r.total, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** Customer ids per server: consecutive generated customers, a disjoint share each. */
function customerShares(customers: { firstId: number; count: number }): number[][] {
  const perServer = Math.min(CUSTOMERS_PER_SERVER, Math.floor(customers.count / SERVERS));
  return Array.from({ length: SERVERS }, (_, server) => Array.from({ length: perServer }, (_, k) => customers.firstId + server * perServer + k));
}

export async function measureEventCommitCeiling(input: EventCommitInput): Promise<EventCommitCeiling> {
  const shares = customerShares(input.customers);
  const sql = await connectSql(input.databaseUrl);
  const tallies = new Map<Mode, ModeTally>();
  for (const mode of MODES) tallies.set(mode, new ModeTally(mode, await BackendWaitSampler.open(input.databaseUrl, databaseName(input.databaseUrl))));
  const firstId = input.customers.firstId;
  const lastId = firstId + shares.flat().length - 1;
  const [saved] = await sql.query<{ value: string }>(SAVE_CUSTOMERS, [firstId, lastId]);
  const eventsBefore = await scalar(sql, 'select coalesce(max(sequence), 0) as value from event');
  const enabledSubscriptions = await scalar(sql, 'select count(*) as value from webhook_subscription where enabled');
  if (enabledSubscriptions > 0) input.log(`event commits: ${enabledSubscriptions} webhook subscriptions are enabled; each commit also dispatches delivery jobs`);
  let note: string | undefined;
  try {
    if (shares[0].length === 0) throw new Error(`not enough generated customers (${input.customers.count})`);
    for (let round = 1; round <= input.rounds; round += 1) {
      for (const mode of MODES) await measureRound(input, sql, shares, tallies.get(mode) as ModeTally, round);
    }
  } catch (error) {
    note = error instanceof Error ? error.message : String(error);
    input.log(`event commits: ${note}`);
  } finally {
    await leaveDatasetAsFound(sql, saved.value, eventsBefore);
    await sql.close();
    for (const tally of tallies.values()) await tally.sampler.close();
  }
  const counter = (tallies.get('counter') as ModeTally).result();
  const naive = (tallies.get('naive') as ModeTally).result();
  const counterRounds = (tallies.get('counter') as ModeTally).rounds;
  const naiveRounds = (tallies.get('naive') as ModeTally).rounds;
  const naiveOverCounterPerRound = naiveRounds
    .slice(0, counterRounds.length)
    .map((round, index) => (counterRounds[index].commitsPerSecond === 0 ? null : Math.round((round.commitsPerSecond / counterRounds[index].commitsPerSecond) * 100) / 100))
    .filter((ratio): ratio is number => ratio !== null);
  const naiveOverCounter = median(naiveOverCounterPerRound);
  return {
    servers: SERVERS,
    connections: CONNECTIONS,
    customers: shares.flat().length,
    rounds: input.rounds,
    durationSeconds: input.durationSeconds,
    warmupSeconds: input.warmupSeconds,
    pinning: input.pinning.note,
    enabledSubscriptions,
    counter,
    naive,
    naiveOverCounterPerRound,
    naiveOverCounter,
    conclusion: conclude(counter, naive, naiveOverCounter, naiveOverCounterPerRound),
    ...(note ? { note } : {}),
  };
}

/** Both servers (restarted in the round's mode), a warm-up, then one measured run with CPU and backend samples. */
async function measureRound(input: EventCommitInput, sql: Sql, shares: number[][], tally: ModeTally, round: number): Promise<void> {
  const naive = tally.mode === 'naive';
  input.log(`event commits: round ${round} of ${input.rounds}, ${naive ? 'counter taken out (EVENTS_NAIVE_SEQUENCE=1)' : 'with the event counter'}`);
  if (naive) {
    await sql.query('create sequence if not exists event_naive_sequence');
    await sql.query(PREPARE_NAIVE_SEQUENCE);
  }
  const env: Record<string, string> = naive ? { EVENTS_NAIVE_SEQUENCE: '1' } : {};
  const servers: ServerProcess[] = [];
  try {
    const started = await Promise.allSettled(shares.map((_, index) => input.start(`product ${index + 1} (${tally.mode})`, env, input.port + index)));
    for (const outcome of started) if (outcome.status === 'fulfilled') servers.push(outcome.value);
    for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
    const label = `${naive ? 'N' : 'C'}${round}`;
    if (input.warmupSeconds > 0) await loadBoth(input, servers, shares, `${label}w`, input.warmupSeconds);
    const before = await scalar(sql, 'select coalesce(max(sequence), 0) as value from event');
    const load = Math.round(loadavg()[0] * 10) / 10;
    const meter = await CpuMeter.open(
      servers.map((server) => server.pid),
      input.databaseUrl,
    );
    try {
      const cpu = meter.tally();
      const results = await tally.sampler.around(() => cpu.around(() => loadBoth(input, servers, shares, label, input.durationSeconds), (both) => both.reduce((sum, r) => sum + r.total, 0)));
      tally.rounds.push(combine(results, load));
      tally.addCpu(cpu.perRequest());
    } finally {
      await meter.close();
    }
    // Stopped first, so the requests still in flight when the load ended have committed; the first names tell the measured run's events from the warm-up's.
    for (const server of servers.splice(0)) await input.stop(server);
    tally.events += await scalar(sql, 'select count(*) as value from event where sequence > $1 and data->>\'firstName\' in ($2, $3)', [before, ...firstNames(label)]);
  } finally {
    for (const server of servers) await input.stop(server);
    if (naive) await sql.query(COUNTER_PAST_EVENTS);
  }
}

const firstNames = (label: string): [string, string] => [`Ceiling ${label} a`, `Ceiling ${label} b`];

/**
 * Half the connections on each server, each PATCHing its own customers in turn; a run's passes over them
 * alternate two first names of its own, so no request is a no-op (a no-op PATCH records no event).
 */
function loadBoth(input: EventCommitInput, servers: ServerProcess[], shares: number[][], label: string, seconds: number): Promise<LoadResult[]> {
  const names = firstNames(label);
  return Promise.all(
    servers.map((server, index) =>
      runLoad(
        {
          baseUrl: server.baseUrl,
          method: 'PATCH',
          paths: shares[index].map((id) => `/api/v1/customers/${id}`),
          passBodies: names.map((firstName) => JSON.stringify({ firstName })),
          headers: { ...input.headers, 'content-type': 'application/json' },
          connections: CONNECTIONS / SERVERS,
          durationSeconds: seconds,
        },
        input.pinning,
      ),
    ),
  );
}

/**
 * Puts the customers' names back, deletes the events the section wrote (sequences after `eventsBefore`)
 * and drops the naive sequence. The event counter keeps counting from where it got.
 */
async function leaveDatasetAsFound(sql: Sql, savedCustomers: string, eventsBefore: number): Promise<void> {
  await sql.query(COUNTER_PAST_EVENTS);
  await sql.query(RESTORE_CUSTOMERS, [savedCustomers]);
  await sql.query('delete from event where sequence > $1', [eventsBefore]);
  await sql.query('drop sequence if exists event_naive_sequence');
}

function conclude(counter: EventCommitMode, naive: EventCommitMode, ratio: number | null, perRound: number[]): string {
  if (counter.commitsPerSecond === null || naive.commitsPerSecond === null || ratio === null) return 'not measured';
  const rates = `${counter.commitsPerSecond} commits/s with it, ${naive.commitsPerSecond} without; without ÷ with × ${ratio.toFixed(2)} (median of the rounds' ${perRound.map((r) => r.toFixed(2)).join(', ')})`;
  const cpu =
    `; CPU per request Node ${counter.cpu?.nodeMs ?? '—'} ms + PostgreSQL ${counter.cpu?.postgresMs ?? '—'} ms, so this machine's ${cpus().length} cores ` +
    `serve at most ${counter.cpuBoundCommitsPerSecond ?? '—'} commits/s if they do nothing else`;
  const queue =
    counter.waits === null
      ? ''
      : `; the counter had a queue in ${Math.round(counter.waits.counterQueuedShare * 100)} % of the samples, each commit waiting ${counter.counterWaitMs ?? '—'} ms for it, ` +
        `and was held ${counter.counterHeldIdleMs ?? '—'} ms per commit by a transaction whose process had not sent COMMIT yet and ${counter.commitMs ?? '—'} ms in COMMIT ` +
        `(without the wait for the process: at most ${counter.counterBoundCommitsPerSecond ?? '—'} commits/s)`;
  return `${ratio >= LIMITING_RATIO ? 'the counter limits' : 'the counter is not the limit'}: ${rates}${cpu}${queue}`;
}

const fixed = (value: number | null | undefined, digits = 0) => (value === null || value === undefined ? '—' : value.toFixed(digits));
const ms = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value < 10 ? value.toFixed(2) : value.toFixed(1));

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

function backends(label: string, m: EventCommitMode): string {
  const w = m.waits;
  if (w === null) return `${label}: —`;
  const events = w.waitEvents.map((e) => `${e.event} ${e.backends}`).join(', ') || 'none';
  return (
    `${label}: active ${fixed(w.active, 1)} (queued for the counter ${fixed(w.counterWaiters, 2)}, other lock waits ${fixed(w.otherLockWaiters, 2)}, committing ${fixed(w.committing, 2)}), ` +
    `idle in transaction ${fixed(w.idleInTransaction, 1)} (holding the counter ${fixed(w.counterHoldersIdle, 2)}); wait events ${events}; ${w.samples} samples`
  );
}

/** The section as report lines. */
export function formatEventCommitCeiling(result: EventCommitCeiling | null): string {
  if (result === null) return 'event-writing commits per second: not measured';
  const row = (label: string, m: EventCommitMode): string[] => [
    label,
    fixed(m.commitsPerSecond),
    m.perRound.join(' '),
    ms(m.p50),
    ms(m.p99),
    ms(m.cpu?.nodeMs),
    ms(m.cpu?.postgresMs),
    ms(m.cpu?.postgresServerMs),
    ms(m.counterWaitMs),
    ms(m.counterHeldIdleMs),
    ms(m.commitMs),
    m.waits === null ? '—' : `${fixed(m.waits.counterQueuedShare * 100)} %`,
  ];
  const { counter, naive } = result;
  const anomalies = [counter, naive].filter((m) => m.non2xx > 0 || m.errors > 0);
  return [
    ...table(
      ['event-writing commits (2 processes, 64 conn)', 'commits/s', 'per round', 'p50 ms', 'p99 ms', 'Node ms/req', 'PG ms/req', 'PG server ms/req', 'counter wait ms', 'held idle ms', 'COMMIT ms', 'queued'],
      [row('with the event counter', counter), row('counter taken out (naive sequence)', naive)],
    ),
    `(${result.servers} product processes on one database, ${result.connections} connections in all, each request PATCHes a customer's first name (one customer.updated event) over ` +
      `${result.customers} customers; per round both servers restarted in the mode, warm-up ${result.warmupSeconds} s, ${result.durationSeconds} s measured; ${result.rounds} rounds, the modes alternating, medians; ` +
      `load average per round ${counter.loadPerRound.join(' ')} / ${naive.loadPerRound.join(' ')}; ${result.pinning})`,
    `(p50/p99: the higher of the two servers'. CPU per request: both Node processes; cores busy = CPU per request × commits/s: with the counter Node ${fixed(counter.nodeCores, 2)}, ` +
      `PG server ${fixed(counter.postgresServerCores, 2)}; without Node ${fixed(naive.nodeCores, 2)}, PG server ${fixed(naive.postgresServerCores, 2)}; ` +
      `CPU-bound ceiling (cores ÷ Node + PG CPU per request): ${fixed(counter.cpuBoundCommitsPerSecond)} / ${fixed(naive.cpuBoundCommitsPerSecond)} commits/s. ` +
      `Counter wait, held idle, COMMIT: mean backends queued for the counter, idle in transaction holding it, running COMMIT, ÷ commits/s; queued: share of samples with a backend queued for it)`,
    `bench database backends, mean at a sample — ${backends('with the counter', counter)}`,
    `  ${backends('without', naive)}`,
    `events per 2xx (requests answered after the run's end add up to 64): with the counter ${fixed(counter.eventsPerCommit, 3)}, without ${fixed(naive.eventsPerCommit, 3)}` +
      (anomalies.length > 0 ? `; non-2xx/errors: ${anomalies.map((m) => `${m.mode} ${m.non2xx}/${m.errors}`).join(', ')}` : ''),
    ...(result.enabledSubscriptions > 0 ? [`${result.enabledSubscriptions} webhook subscriptions were enabled during the runs`] : []),
    `conclusion: ${result.conclusion}`,
    ...(result.note ? [`event commits incomplete: ${result.note}`] : []),
  ].join('\n');
}
