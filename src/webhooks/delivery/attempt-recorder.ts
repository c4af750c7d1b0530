import type { JobInsert, PgBoss } from 'pg-boss';
import { afterAttempt, type BreakerPolicy, type DeliveryHealth } from './delivery-health';
import { decideAfterAttempt, isGone, verdictOf, type FinishedAttempt } from './delivery-attempts';
import { deliveryJob, type DeliveryJobData } from './delivery-jobs';
import type { DropReason } from './dropped-jobs';
import type { DeliveryOutcome } from './entities/webhook-delivery.entity';
import { DELIVERY_QUEUE } from './queue-names';
import type { QueueDatabase, Transaction } from './queue-database';
import { releaseDeferredJobs } from './queue-tables';

/** How a job the deliverer took ends: an attempt made, put off to a later time, or dropped unsent. */
export type SettledJob =
  | { kind: 'attempted'; attempt: FinishedAttempt }
  | { kind: 'deferred'; jobId: string; job: DeliveryJobData; until: Date }
  | { kind: 'dropped'; jobId: string; job: DeliveryJobData; reason: DropReason };

export interface RecorderSettings {
  retryDelays: readonly number[];
  attemptTimeoutMs: number;
  breaker: BreakerPolicy;
}

/** What a flush recorded, for the metrics and the log. */
export interface RecordedBatch {
  outcomes: Array<{ outcome: DeliveryOutcome; seconds: number }>;
  /** The jobs completed unsent. */
  dropped: Array<{ job: DeliveryJobData; reason: DropReason }>;
}

/** Jobs finished in one transaction at most; more wait for the next. */
const MAX_BATCH = 200;

/**
 * Level 7 of the lock order, in id order: two recorders (or a recorder and a subscription's change) never
 * wait for each other in a cycle, and a subscription's health moves under its lock. A deleted one is
 * not returned: its attempts are not recorded (their rows would go with it).
 */
const LOCK_SUBSCRIPTIONS = `select id, delivery_state as "state", delivery_since as "since", consecutive_failures as "consecutiveFailures",
    last_error as "lastError", paused_until as "pausedUntil"
  from webhook_subscription where id = any($1::int[]) order by id for no key update`;

/** All attempts of a batch in one statement, from a JSON array of rows. */
const RECORD_ATTEMPTS = `insert into webhook_delivery (subscription_id, event_id, event_type, attempt, attempted_at, status_code, error, duration_ms, outcome, next_attempt_at)
  select subscription_id, event_id, event_type, attempt, attempted_at, status_code, error, duration_ms, outcome, next_attempt_at
    from json_to_recordset($1::json) as r(subscription_id int, event_id text, event_type text, attempt smallint, attempted_at timestamptz,
      status_code smallint, error text, duration_ms int, outcome text, next_attempt_at timestamptz)`;

/** The new health of the batch's subscriptions (and `disable` after a 410), in one statement. */
const UPDATE_HEALTH = `update webhook_subscription s
   set delivery_state = h.state, delivery_since = h.since, consecutive_failures = h.failures, last_error = h.error, paused_until = h.paused_until,
       enabled = s.enabled and not h.disable, updated_at = case when h.disable and s.enabled then now() else s.updated_at end
  from json_to_recordset($1::json) as h(id int, state text, since timestamptz, failures int, error text, paused_until timestamptz, disable boolean)
 where s.id = h.id`;

/**
 * Finishes the jobs the deliverer took, many per transaction: the attempts' log rows, each
 * subscription's health after them (its circuit breaker), the jobs that follow (a retry on the schedule,
 * a deferred job at its new time) and the completion of every job taken — all or nothing, so a crash
 * before the commit leaves the jobs active, and pg-boss hands them out again when they expire.
 * One transaction runs at a time; what settles meanwhile goes into the next one.
 */
export class AttemptRecorder {
  private pending: Array<{ settled: SettledJob; done: () => void }> = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly database: QueueDatabase,
    private readonly boss: PgBoss,
    private readonly settings: RecorderSettings,
    private readonly onRecorded: (batch: RecordedBatch) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Records it with the next batch; settles when that batch is written or has failed (then the job stays
   * active until it expires, and is handed out again).
   */
  settle(settled: SettledJob): Promise<void> {
    return new Promise((done) => {
      this.pending.push({ settled, done });
      if (!this.flushing) this.flushing = this.flushSoon();
    });
  }

  /** Waits for what is pending to be written. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flushSoon(): Promise<void> {
    // Attempts that end in the same turn of the event loop share the transaction.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        this.onRecorded(await this.database.transaction((tx) => this.record(tx, batch.map((entry) => entry.settled))));
      } catch (error) {
        this.onError(error);
      }
      for (const entry of batch) entry.done();
    }
    this.flushing = null;
  }

  private async record(tx: Transaction, batch: SettledJob[]): Promise<RecordedBatch> {
    const attempts = batch.flatMap((settled) => (settled.kind === 'attempted' ? [settled.attempt] : []));
    const before = await lockHealth(tx, attempts);
    const health = new Map(before);
    const recorded: RecordedBatch = { outcomes: [], dropped: [] };
    const rows: object[] = [];
    const next: Array<JobInsert<DeliveryJobData>> = [];
    const disabled = new Set<number>();
    for (const attempt of [...attempts].sort((a, b) => a.attemptedAt.getTime() - b.attemptedAt.getTime())) {
      const subscriptionId = attempt.job.subscriptionId;
      const current = health.get(subscriptionId);
      if (current === undefined) continue;
      const decision = decideAfterAttempt(attempt, this.settings.retryDelays);
      health.set(subscriptionId, afterAttempt(current, verdictOf(attempt.result, attempt.attemptedAt), this.settings.breaker));
      if (isGone(attempt.result)) disabled.add(subscriptionId);
      rows.push(attemptRow(attempt, decision.outcome, decision.nextAttemptAt));
      recorded.outcomes.push({ outcome: decision.outcome, seconds: attempt.result.durationMs / 1000 });
      if (decision.nextAttemptAt !== null) {
        const { deferred: _deferred, ...job } = attempt.job;
        next.push(deliveryJob({ ...job, attempt: job.attempt + 1 }, this.settings.attemptTimeoutMs, decision.nextAttemptAt));
      }
    }
    for (const settled of batch) {
      if (settled.kind === 'deferred') next.push(deliveryJob({ ...settled.job, deferred: true }, this.settings.attemptTimeoutMs, settled.until));
      if (settled.kind === 'dropped') recorded.dropped.push({ job: settled.job, reason: settled.reason });
    }
    if (rows.length > 0) await tx.query(RECORD_ATTEMPTS, [JSON.stringify(rows)]);
    await saveHealth(tx, before, health, disabled);
    // A job goes in while the one it follows is still active: the queue holds one waiting and one active job per key.
    if (next.length > 0) await this.boss.insert(DELIVERY_QUEUE, next, { db: tx });
    await this.boss.complete(DELIVERY_QUEUE, batch.map(jobIdOf), null, { db: tx });
    return recorded;
  }
}

/** The health of the subscriptions of these attempts, locked; the ones deleted meanwhile are missing. */
async function lockHealth(tx: Transaction, attempts: FinishedAttempt[]): Promise<Map<number, DeliveryHealth>> {
  const ids = [...new Set(attempts.map((attempt) => attempt.job.subscriptionId))];
  if (ids.length === 0) return new Map();
  const rows = await tx.query<DeliveryHealth & { id: number }>(LOCK_SUBSCRIPTIONS, [ids]);
  return new Map(rows.map(({ id, ...health }) => [id, health]));
}

/** Writes the health that changed (a 410's disable with it); a subscription healthy again gets its deferred jobs back now. */
async function saveHealth(tx: Transaction, before: Map<number, DeliveryHealth>, health: Map<number, DeliveryHealth>, disabled: Set<number>): Promise<void> {
  const changed = [...health].filter(([id, after]) => after !== before.get(id) || disabled.has(id));
  if (changed.length === 0) return;
  const rows = changed.map(([id, after]) => ({
    id,
    state: after.state,
    since: after.since,
    failures: after.consecutiveFailures,
    error: after.lastError,
    paused_until: after.pausedUntil,
    disable: disabled.has(id),
  }));
  await tx.query(UPDATE_HEALTH, [JSON.stringify(rows)]);
  for (const [id, after] of changed) {
    if (after.state === 'healthy' && before.get(id)?.state !== 'healthy') await releaseDeferredJobs(tx, id);
  }
}

const jobIdOf = (settled: SettledJob): string => (settled.kind === 'attempted' ? settled.attempt.jobId : settled.jobId);

/** An attempt's log row; `error` fits its column. */
function attemptRow(attempt: FinishedAttempt, outcome: DeliveryOutcome, nextAttemptAt: Date | null): object {
  return {
    subscription_id: attempt.job.subscriptionId,
    event_id: attempt.eventId,
    event_type: attempt.eventType,
    attempt: attempt.job.attempt,
    attempted_at: attempt.attemptedAt,
    status_code: attempt.result.statusCode ?? null,
    error: attempt.result.error?.slice(0, 255) ?? null,
    duration_ms: attempt.result.durationMs,
    outcome,
    next_attempt_at: nextAttemptAt,
  };
}
