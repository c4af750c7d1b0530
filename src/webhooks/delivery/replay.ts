import type { JobInsert, PgBoss } from 'pg-boss';
import { deliveryJob, type DeliveryJobData } from './delivery-jobs';
import type { DropReason } from './dropped-jobs';
import { DELIVERY_QUEUE } from './queue-names';
import type { DeliveryTarget } from './delivery-messages';
import type { QueueDatabase } from './queue-database';
import { dropWaitingForReplay } from './queue-tables';
import { matchesEventPatterns } from '../../events';

/** Events read, and jobs inserted, per statement: a replay of a long stretch is never held in memory whole. */
const BATCH = 1000;

/**
 * Share-locks the cursor (level 10 of the lock order): a dispatch in progress finishes first, and events
 * after the cursor are left to the dispatcher, so none is queued twice by the two.
 */
const CURSOR = `select last_sequence as "lastSequence" from webhook_dispatch_cursor where id = 1 for share`;
const EVENTS = `select sequence, type from event where sequence > $1 and sequence <= $2 order by sequence limit $3`;

export interface ReplayResult {
  /** Jobs queued. */
  queued: number;
  /** Waiting jobs deleted with nothing queued in their place: their event is gone, or no longer matches. */
  dropped: Array<{ job: DeliveryJobData; reason: DropReason }>;
}

/**
 * Queues every event after `after` that the subscription's patterns match, again. A waiting job of an
 * event it does not queue (purged, or no longer matched by the patterns) is answered as dropped, to be
 * counted once the replay has committed.
 */
export async function replayEvents(database: QueueDatabase, boss: PgBoss, target: DeliveryTarget, after: number, attemptTimeoutMs: number): Promise<ReplayResult> {
  return database.transaction(async (tx) => {
    const [cursor] = await tx.query<{ lastSequence: string }>(CURSOR);
    // A waiting job of a replayed event goes (the replay's starts now, not at its retry's time). One being
    // sent stays; the replay's job of that event waits for it (one active job per key) and follows it.
    const deleted = new Map<number, DeliveryJobData[]>();
    for (const job of await dropWaitingForReplay(tx, target.id, after)) {
      const sequence = Number(job.sequence);
      deleted.set(sequence, [...(deleted.get(sequence) ?? []), job]);
    }
    const dropped: ReplayResult['dropped'] = [];
    let queued = 0;
    for (let from = String(after); ; ) {
      const events = await tx.query<{ sequence: string; type: string }>(EVENTS, [from, cursor.lastSequence, BATCH]);
      const jobs: Array<JobInsert<DeliveryJobData>> = [];
      for (const event of events) {
        const sequence = Number(event.sequence);
        const matches = matchesEventPatterns(target.events, event.type);
        if (matches) jobs.push(deliveryJob({ subscriptionId: target.id, sequence, attempt: 1 }, attemptTimeoutMs));
        const waiting = deleted.get(sequence);
        deleted.delete(sequence);
        if (!matches) for (const job of waiting ?? []) dropped.push({ job, reason: 'replay_no_longer_matches' });
      }
      if (jobs.length > 0) await boss.insert(DELIVERY_QUEUE, jobs, { db: tx });
      queued += jobs.length;
      if (events.length < BATCH) break;
      from = events[events.length - 1].sequence;
    }
    // What is left carried events no longer in the table (a job is only ever made for one up to the cursor).
    for (const job of [...deleted.values()].flat()) dropped.push({ job, reason: 'event_gone' });
    return { queued, dropped };
  });
}
