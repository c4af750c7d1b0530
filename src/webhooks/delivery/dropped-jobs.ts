import type { DeliveryJobData } from './delivery-jobs';
import type { DeliveryMessage, DeliveryTarget } from './delivery-messages';

/**
 * Why a delivery job ended unsent, with no attempt recorded: its subscription was deleted (the pump
 * finds no row, or its waiting jobs went with the delete), disabled (by a PATCH or after a 410), or its
 * event is no longer in the event table; a replay deleted it waiting and queued nothing in its place, as
 * its event no longer matches the subscription's patterns (or is gone: `event_gone`); or pg-boss gave it
 * up after its last retry (its process died mid-attempt, or recording the attempt failed, every time: it
 * may have reached the receiver, but nothing says so).
 */
export type DropReason = 'event_gone' | 'subscription_gone' | 'subscription_disabled' | 'replay_no_longer_matches' | 'retries_exhausted';

export const DROP_REASONS: readonly DropReason[] = ['event_gone', 'subscription_gone', 'subscription_disabled', 'replay_no_longer_matches', 'retries_exhausted'];

/** Why the pump cannot send a job it took, or null when it can. A ping's message needs its subscription only. */
export function dropReason(target: DeliveryTarget | undefined, message: DeliveryMessage | undefined): DropReason | null {
  if (target === undefined) return 'subscription_gone';
  if (!target.enabled) return 'subscription_disabled';
  if (message === undefined) return 'event_gone';
  return null;
}

export interface DropLog {
  error(message: string): void;
  warn(message: string): void;
  debug(message: string): void;
}

/**
 * One line per dropped job, naming the subscription, the event's sequence (or the ping) and the reason;
 * never the body or the URL. A deleted or disabled subscription's jobs, and a replay's jobs of events it
 * no longer matches, are expected to go (debug); an event purged while a job still carried it is not
 * (warn): the events retention is meant to outlast every job's retries. A job pg-boss gave up on is a
 * delivery lost to a crash loop or a bug (error): the line says how to send it again.
 */
export function logDroppedJob(log: DropLog, job: Pick<DeliveryJobData, 'subscriptionId' | 'sequence' | 'ping'>, reason: DropReason): void {
  const carried = job.ping ? `ping ${job.ping.id}` : `event sequence ${String(job.sequence)}`;
  const line = `webhook ${job.subscriptionId}: delivery job of ${carried} dropped unsent: ${reason}`;
  if (reason === 'retries_exhausted') log.error(`${line} (${givenUpAdvice(job)})`);
  else if (reason === 'event_gone') log.warn(`${line} (the event was purged first: EVENTS_RETENTION_DAYS is shorter than this job's retries and put-offs)`);
  else log.debug(line);
}

function givenUpAdvice(job: Pick<DeliveryJobData, 'subscriptionId' | 'sequence' | 'ping'>): string {
  const cause = 'its process died mid-attempt, or recording its attempt failed, on every try; it may have reached the receiver unrecorded';
  if (job.ping || job.sequence === null) return `${cause}; a ping is not replayed: POST /api/v1/webhooks/${job.subscriptionId}/ping sends a new one`;
  return `${cause}; POST /api/v1/webhooks/${job.subscriptionId}/replay {"after":${job.sequence - 1}} sends it again, with the matching events after it`;
}
