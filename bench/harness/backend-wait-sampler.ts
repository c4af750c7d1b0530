import { connectSql, type Sql } from '../data/sql';
import { withDatabaseName } from '../data/target';

/**
 * What the bench database's client backends were doing, averaged over samples of pg_stat_activity: the mean
 * number of backends in each state at a sampled instant. By Little's law a mean count divided by the
 * request rate is the mean time each request spent in that state.
 */
export interface BackendWaits {
  samples: number;
  intervalMs: number;
  /** Waiting for a lock while running the outbox's counter UPDATE: queued behind the counter's holder. */
  counterWaiters: number;
  /** Share of samples with at least one backend queued for the counter. */
  counterQueuedShare: number;
  /** Idle in a transaction whose last statement was the counter UPDATE: holding the counter until its process sends COMMIT. */
  counterHoldersIdle: number;
  /** Waiting for any other lock. */
  otherLockWaiters: number;
  /** Running COMMIT (flushing the WAL, for instance). */
  committing: number;
  /** Running any statement, COMMIT and lock waits included. */
  active: number;
  /** Idle in a transaction, for any statement. */
  idleInTransaction: number;
  /** The most frequent wait events of active backends (`type:event`), mean backends each. */
  waitEvents: Array<{ event: string; backends: number }>;
}

/** One statement per sample, counted in PostgreSQL; `$1` is the bench database's name. */
const SAMPLE = `select
    count(*) filter (where wait_event_type = 'Lock' and query like '%update event_counter%') as "counterWaiters",
    count(*) filter (where state like 'idle in transaction%' and query like '%update event_counter%') as "counterHoldersIdle",
    count(*) filter (where wait_event_type = 'Lock' and query not like '%update event_counter%') as "otherLockWaiters",
    count(*) filter (where state = 'active' and lower(ltrim(query)) like 'commit%') as "committing",
    count(*) filter (where state = 'active') as "active",
    count(*) filter (where state like 'idle in transaction%') as "idleInTransaction",
    coalesce((select json_object_agg(event, backends) from (
       select wait_event_type || ':' || wait_event as event, count(*) as backends from pg_stat_activity
        where datname = $1 and backend_type = 'client backend' and state = 'active' and wait_event is not null
        group by 1) waiting), '{}'::json) as "waitEvents"
  from pg_stat_activity
 where datname = $1 and backend_type = 'client backend'`;

interface SampleRow {
  counterWaiters: string;
  counterHoldersIdle: string;
  otherLockWaiters: string;
  committing: string;
  active: string;
  idleInTransaction: string;
  waitEvents: Record<string, number>;
}

const COUNTS = ['counterWaiters', 'counterHoldersIdle', 'otherLockWaiters', 'committing', 'active', 'idleInTransaction'] as const;
const WAIT_EVENTS_SHOWN = 6;
const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Samples pg_stat_activity every `intervalMs` while started. Its session is on the server's `postgres`
 * database, so the CPU meter (which sums the bench database's backends) does not count it.
 */
export class BackendWaitSampler {
  private readonly totals = new Map<string, number>(COUNTS.map((name) => [name, 0]));
  private readonly waitEvents = new Map<string, number>();
  private samples = 0;
  private queuedSamples = 0;
  private running: Promise<void> | null = null;
  private stopping = false;

  private constructor(
    private readonly sql: Sql,
    private readonly database: string,
    private readonly intervalMs: number,
  ) {}

  static async open(databaseUrl: string, database: string, intervalMs = 20): Promise<BackendWaitSampler> {
    return new BackendWaitSampler(await connectSql(withDatabaseName(databaseUrl, 'postgres')), database, intervalMs);
  }

  /** Samples while `work` runs; adds to the sums of earlier calls. */
  async around<T>(work: () => Promise<T>): Promise<T> {
    this.stopping = false;
    this.running = this.loop();
    try {
      return await work();
    } finally {
      this.stopping = true;
      await this.running;
      this.running = null;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      const [row] = await this.sql.query<SampleRow>(SAMPLE, [this.database]);
      this.samples += 1;
      for (const name of COUNTS) this.totals.set(name, (this.totals.get(name) ?? 0) + Number(row[name]));
      if (Number(row.counterWaiters) > 0) this.queuedSamples += 1;
      for (const [event, backends] of Object.entries(row.waitEvents)) this.waitEvents.set(event, (this.waitEvents.get(event) ?? 0) + Number(backends));
      await new Promise((resolve) => setTimeout(resolve, this.intervalMs));
    }
  }

  summary(): BackendWaits | null {
    if (this.samples === 0) return null;
    const mean = (name: (typeof COUNTS)[number]) => round((this.totals.get(name) ?? 0) / this.samples);
    return {
      samples: this.samples,
      intervalMs: this.intervalMs,
      counterWaiters: mean('counterWaiters'),
      counterQueuedShare: round(this.queuedSamples / this.samples),
      counterHoldersIdle: mean('counterHoldersIdle'),
      otherLockWaiters: mean('otherLockWaiters'),
      committing: mean('committing'),
      active: mean('active'),
      idleInTransaction: mean('idleInTransaction'),
      waitEvents: [...this.waitEvents]
        .sort((a, b) => b[1] - a[1])
        .slice(0, WAIT_EVENTS_SHOWN)
        .map(([event, total]) => ({ event, backends: round(total / this.samples) })),
    };
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}
