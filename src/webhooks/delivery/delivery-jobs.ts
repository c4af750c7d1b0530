import type { JobInsert } from 'pg-boss';

/** A ping is not in the feed: its envelope's id and time travel with the job. */
interface PingMessage {
  id: string;
  timestamp: string;
}

/** What one delivery job carries: which event (or ping) to which subscription, and which attempt this is. */
export interface DeliveryJobData {
  subscriptionId: number;
  sequence: number | null;
  ping?: PingMessage;
  attempt: number;
  /** Put off by the deliverer (its subscription paused or at its cap), not by the retry schedule: released early when the subscription recovers. */
  deferred?: true;
}

/**
 * Attempts of one job after its process died mid-attempt (the job expires and pg-boss hands it out
 * again) or recording it failed (the database went away). Retries of answers that were not 2xx are jobs of
 * their own (see attempt-recorder.ts), so this only bounds crash loops.
 */
const CRASH_RETRY_LIMIT = 50;
const CRASH_RETRY_DELAY_SECONDS = 5;

/** Time a job may stay active: the attempt's timeout plus room to record it; then it is handed out again. */
export function jobExpirySeconds(attemptTimeoutMs: number): number {
  return Math.ceil(attemptTimeoutMs / 1000) + 5;
}

/** One job per event (or ping) and subscription at a time: the queue's `stately` policy keys on this. */
function singletonKey(data: Pick<DeliveryJobData, 'subscriptionId' | 'sequence' | 'ping'>): string {
  return `${data.subscriptionId}:${data.ping ? data.ping.id : String(data.sequence)}`;
}

export function deliveryJob(data: DeliveryJobData, attemptTimeoutMs: number, startAfter?: Date): JobInsert<DeliveryJobData> {
  return {
    data,
    singletonKey: singletonKey(data),
    startAfter,
    retryLimit: CRASH_RETRY_LIMIT,
    retryDelay: CRASH_RETRY_DELAY_SECONDS,
    expireInSeconds: jobExpirySeconds(attemptTimeoutMs),
  };
}
