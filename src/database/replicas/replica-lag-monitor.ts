import { runPeriodically } from '../../common/periodic-task';
import { withinMs } from '../../common/time-limit';
import { parseWalPosition, PrimaryWalHistory } from './primary-wal-history';
import type { ReadReplicas } from './read-replicas';
import type { ReplicaView } from './replica-states';

/** How often the lags are checked: a quarter of the bound, between 50 ms and 1 s. */
export function lagCheckIntervalMs(maxLagMs: number): number {
  return Math.min(1000, Math.max(50, Math.round(maxLagMs / 4)));
}

/** A check that gets no answer in this time counts as failed (a replica that hangs is down). */
const answerWithinMs = (intervalMs: number): number => Math.max(1000, 2 * intervalMs);

const PRIMARY_POSITION = `select pg_current_wal_flush_lsn()::text as position,
                                 (select system_identifier::text from pg_control_system()) as "systemIdentifier"`;

interface Log {
  log(message: string): void;
  warn(message: string): void;
}

/** Rejects when `work` has not settled within `ms`. */
const within = <T>(ms: number, work: Promise<T>): Promise<T> => withinMs(work, ms, () => new Error(`no answer within ${ms} ms`));

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Measures each replica's lag on a timer: samples the primary's flushed WAL position (with the time it
 * was asked), then reads how far each replica has replayed; a replica is as stale as the newest sample
 * it has replayed past is old (an idle primary: not at all). A replica that does not answer, is not a
 * standby or is the standby of another cluster is down. Logs each change of a replica's state.
 */
export class ReplicaLagMonitor {
  readonly intervalMs: number;
  private readonly history: PrimaryWalHistory;
  private readonly logged: string[];
  private primaryFailing = false;
  private checking: Promise<void> | null = null;
  private stopTimer: () => void = () => undefined;
  private stopped = false;

  constructor(
    private readonly replicas: ReadReplicas,
    private readonly logger: Log,
  ) {
    this.intervalMs = lagCheckIntervalMs(replicas.states.maxLagMs);
    // Twice the bound: a replica behind every sample kept is then surely past it.
    this.history = new PrimaryWalHistory(2 * replicas.states.maxLagMs);
    this.logged = replicas.urls.map(() => 'unknown');
    replicas.onReadFailure((index, reason) => {
      // The reads in flight when a replica goes away all fail: one line for them.
      if (this.logged[index] === 'down') return;
      this.logged[index] = 'down';
      this.logger.warn(`Read replica ${index + 1} failed a read (${reason}): its reads go to the primary; the read was answered there`);
    });
  }

  /** A first check (so the replicas can be used from the first requests on), then one every interval. */
  async start(): Promise<void> {
    await this.check();
    // A replica still behind the one sample there is (the primary went on writing meanwhile) has likely passed it now.
    if (this.replicas.urls.some((_, index) => this.replicas.states.view(index, Date.now()).state === 'unknown')) await this.check();
    if (this.stopped) return;
    this.stopTimer = runPeriodically(
      this.intervalMs,
      () => this.check(),
      (error) => this.logger.warn(`The read replica lag check failed: ${messageOf(error)}`),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopTimer();
    await this.checking;
  }

  /** One check; a check still under way when the next is due is not doubled. */
  check(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.checking ??= this.measure().finally(() => (this.checking = null));
    return this.checking;
  }

  private async measure(): Promise<void> {
    const timeoutMs = answerWithinMs(this.intervalMs);
    const primarySystem = await this.samplePrimary(timeoutMs);
    // Without a sample the replicas are left as they are: their lags grow from their last check until they pass the bound.
    if (primarySystem !== null) await Promise.all(this.replicas.urls.map((_, index) => this.measureReplica(index, primarySystem, timeoutMs)));
    this.logChanges(Date.now());
  }

  /** Adds the primary's position to the history; answers the primary's system identifier, or null when it did not answer. */
  private async samplePrimary(timeoutMs: number): Promise<string | null> {
    const at = Date.now();
    try {
      const pool = await this.replicas.primary.getNativeClient();
      const { rows } = await within(timeoutMs, pool.query<{ position: string; systemIdentifier: string }>(PRIMARY_POSITION));
      this.history.add({ position: parseWalPosition(rows[0].position), at });
      if (this.primaryFailing) this.logger.log('The read replica lag check reads the primary again');
      this.primaryFailing = false;
      return rows[0].systemIdentifier;
    } catch (error) {
      if (!this.primaryFailing) this.logger.warn(`The read replica lag check cannot read the primary's WAL position: ${messageOf(error)}`);
      this.primaryFailing = true;
      return null;
    }
  }

  private async measureReplica(index: number, primarySystem: string, timeoutMs: number): Promise<void> {
    const startedAt = Date.now();
    const states = this.replicas.states;
    try {
      const replay = await within(timeoutMs, this.replicas.replica(index).replay());
      if (!replay.inRecovery) states.down(index, 'not a standby (pg_is_in_recovery() is false)', Date.now());
      else if (replay.systemIdentifier !== primarySystem) states.down(index, 'a standby of another database cluster than the primary', Date.now());
      else if (replay.replayed === null) states.measured(index, null, startedAt);
      else states.measured(index, this.history.caughtUp(parseWalPosition(replay.replayed)), startedAt);
    } catch (error) {
      states.down(index, messageOf(error), Date.now());
    }
  }

  private logChanges(now: number): void {
    this.replicas.urls.forEach((_, index) => {
      const view = this.replicas.states.view(index, now);
      if (view.state === this.logged[index]) return;
      this.logged[index] = view.state;
      const message = describe(index, view, this.replicas.states.maxLagMs);
      if (view.state === 'up') this.logger.log(message);
      else this.logger.warn(message);
    });
  }
}

function describe(index: number, view: ReplicaView, maxLagMs: number): string {
  const name = `Read replica ${index + 1}`;
  switch (view.state) {
    case 'up':
      return `${name} is up (${view.lagMs} ms behind the primary): list reads go to it`;
    case 'lagging':
      return `${name} is ${view.lagMs} ms behind the primary, more than DATABASE_REPLICA_MAX_LAG_MS (${maxLagMs}): its reads go to the primary`;
    case 'down':
      return `${name} is down (${view.reason}): its reads go to the primary`;
    case 'unknown':
      return `${name}'s lag is not known yet: its reads go to the primary`;
  }
}
