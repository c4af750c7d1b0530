import type { PgBoss } from 'pg-boss';
import { deliveryJob } from './delivery-jobs';
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

/** Queues every event after `after` that the subscription's patterns match, again; answers how many. */
export async function replayEvents(database: QueueDatabase, boss: PgBoss, target: DeliveryTarget, after: number, attemptTimeoutMs: number): Promise<number> {
  return database.transaction(async (tx) => {
    const [cursor] = await tx.query<{ lastSequence: string }>(CURSOR);
    // A waiting job of a replayed event goes (the replay's starts now, not at its retry's time). One being
    // sent stays; the replay's job of that event waits for it (one active job per key) and follows it.
    await dropWaitingForReplay(tx, target.id, after);
    let queued = 0;
    for (let from = String(after); ; ) {
      const events = await tx.query<{ sequence: string; type: string }>(EVENTS, [from, cursor.lastSequence, BATCH]);
      const jobs = events
        .filter((event) => matchesEventPatterns(target.events, event.type))
        .map((event) => deliveryJob({ subscriptionId: target.id, sequence: Number(event.sequence), attempt: 1 }, attemptTimeoutMs));
      if (jobs.length > 0) await boss.insert(DELIVERY_QUEUE, jobs, { db: tx });
      queued += jobs.length;
      if (events.length < BATCH) return queued;
      from = events[events.length - 1].sequence;
    }
  });
}
