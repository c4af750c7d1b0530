import type PgBoss from 'pg-boss';
import type { DeliveryOutcome } from './entities/webhook-delivery.entity';
import { deliveryJob, type DeliveryJobData } from './delivery-jobs';
import { DELIVERY_QUEUE } from './queue-names';
import type { QueueDatabase } from './queue-database';
import type { AttemptResult } from './send-attempt';

export interface FinishedAttempt {
  jobId: string;
  job: DeliveryJobData;
  eventId: string;
  eventType: string;
  attemptedAt: Date;
  result: AttemptResult;
}

export interface RetryPolicy {
  /** Seconds before retry n (1-based: index n-1); none left means the delivery has failed. */
  delays: readonly number[];
  attemptTimeoutMs: number;
}

/** ±20 %, so deliveries that failed together do not all come back in the same second. */
const JITTER = 0.2;

export function retryDelayMs(delays: readonly number[], attempt: number, random: () => number = Math.random): number | null {
  const seconds = delays[attempt - 1];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (1 - JITTER + 2 * JITTER * random()));
}

const RECORD_ATTEMPT = `insert into webhook_delivery (subscription_id, event_id, event_type, attempt, attempted_at, status_code, error, duration_ms, outcome, next_attempt_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;
const DISABLE_SUBSCRIPTION = `update webhook_subscription set enabled = false, updated_at = $2 where id = $1`;

const isSuccess = (result: AttemptResult): boolean => result.statusCode !== undefined && result.statusCode >= 200 && result.statusCode < 300;

/**
 * Records an attempt and decides what follows, in one transaction with the job's completion: success;
 * 410 Gone (the subscription is disabled); another attempt after the next delay of the schedule (a job
 * of its own, started later); or failed, when the schedule is used up. Answers the outcome.
 */
export async function finishAttempt(database: QueueDatabase, boss: PgBoss, policy: RetryPolicy, attempt: FinishedAttempt): Promise<DeliveryOutcome> {
  const { result, job } = attempt;
  const gone = result.statusCode === 410;
  const delay = isSuccess(result) || gone ? null : retryDelayMs(policy.delays, job.attempt);
  const outcome: DeliveryOutcome = isSuccess(result) ? 'succeeded' : delay === null ? 'failed' : 'retrying';
  const nextAttemptAt = delay === null ? null : new Date(attempt.attemptedAt.getTime() + result.durationMs + delay);
  await database.transaction(async (tx) => {
    await tx.query(RECORD_ATTEMPT, [
      job.subscriptionId, attempt.eventId, attempt.eventType, job.attempt, attempt.attemptedAt,
      result.statusCode ?? null, result.error ?? null, result.durationMs, outcome, nextAttemptAt,
    ]);
    if (gone) await tx.query(DISABLE_SUBSCRIPTION, [job.subscriptionId, new Date()]);
    // The next attempt goes in while this one is still active: the queue allows one waiting and one active job per key.
    if (nextAttemptAt !== null) await boss.insert([deliveryJob({ ...job, attempt: job.attempt + 1 }, policy.attemptTimeoutMs, nextAttemptAt)], { db: tx });
    await boss.complete(DELIVERY_QUEUE, attempt.jobId, {}, { db: tx });
  });
  return outcome;
}
