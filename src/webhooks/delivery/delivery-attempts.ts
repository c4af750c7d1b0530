import type { AttemptVerdict } from './delivery-health';
import type { DeliveryJobData } from './delivery-jobs';
import type { DeliveryOutcome } from './entities/webhook-delivery.entity';
import type { AttemptResult } from './send-attempt';

/** An attempt that has been made, waiting to be recorded. */
export interface FinishedAttempt {
  jobId: string;
  job: DeliveryJobData;
  eventId: string;
  eventType: string;
  attemptedAt: Date;
  result: AttemptResult;
}

/** ±20 %, so deliveries that failed together do not all come back in the same second. */
const JITTER = 0.2;

/** The delay before retry `attempt` of the schedule (seconds, 1-based); null when the schedule is used up. */
export function retryDelayMs(delays: readonly number[], attempt: number, random: () => number = Math.random): number | null {
  const seconds = delays[attempt - 1];
  if (seconds === undefined) return null;
  return Math.round(seconds * 1000 * (1 - JITTER + 2 * JITTER * random()));
}

const isSuccess = (result: AttemptResult): boolean => result.statusCode !== undefined && result.statusCode >= 200 && result.statusCode < 300;

/** 410 Gone: the receiver asks for no more deliveries; the subscription is disabled. */
export const isGone = (result: AttemptResult): boolean => result.statusCode === 410;

/** What the attempt says of the receiver's health, with the error shown in `delivery.lastError`. */
export function verdictOf(result: AttemptResult, at: Date): AttemptVerdict {
  if (isSuccess(result)) return { succeeded: true, at };
  return { succeeded: false, at, error: (result.error ?? `HTTP ${result.statusCode}`).slice(0, 255) };
}

export interface AttemptDecision {
  outcome: DeliveryOutcome;
  /** When the next attempt starts; null when there is none. */
  nextAttemptAt: Date | null;
}

/** Success; 410 (given up: the subscription goes); another attempt after the schedule's next delay; or failed, the schedule used up. */
export function decideAfterAttempt(attempt: FinishedAttempt, delays: readonly number[]): AttemptDecision {
  const { result } = attempt;
  if (isSuccess(result)) return { outcome: 'succeeded', nextAttemptAt: null };
  const delay = isGone(result) ? null : retryDelayMs(delays, attempt.job.attempt);
  if (delay === null) return { outcome: 'failed', nextAttemptAt: null };
  return { outcome: 'retrying', nextAttemptAt: new Date(attempt.attemptedAt.getTime() + result.durationMs + delay) };
}
