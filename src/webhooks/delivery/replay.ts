import type PgBoss from 'pg-boss';
import { deliveryJob } from './delivery-jobs';
import type { DeliveryTarget } from './delivery-messages';
import { DELIVERY_QUEUE, QUEUE_SCHEMA } from './queue-names';
import type { QueueDatabase } from './queue-database';
import { matchesEventPatterns } from '../../events';

/** Jobs inserted per statement. */
const INSERT_BATCH = 1000;

/**
 * Share-locks the cursor (level 10 of the lock order): a dispatch in progress finishes first, and events
 * after the cursor are left to the dispatcher, so none is queued twice by the two.
 */
const CURSOR = `select last_sequence as "lastSequence" from webhook_dispatch_cursor where id = 1 for share`;
const EVENTS = `select sequence, type from event where sequence > $1 and sequence <= $2 order by sequence`;
/** A waiting job of a replayed event goes: the replay's starts now instead of at its scheduled retry. */
const DROP_WAITING = `delete from ${QUEUE_SCHEMA}.job where name = $1 and state < 'active' and singleton_key like $2 and (data->>'sequence')::bigint > $3`;
/** Events being sent right now are not queued again: their attempt is under way. */
const RUNNING = `select (data->>'sequence')::bigint as sequence from ${QUEUE_SCHEMA}.job where name = $1 and state = 'active' and singleton_key like $2`;

/** Queues every event after `after` that the subscription's patterns match, again; answers how many. */
export async function replayEvents(database: QueueDatabase, boss: PgBoss, target: DeliveryTarget, after: number, attemptTimeoutMs: number): Promise<number> {
  const keys = `${target.id}:%`;
  return database.transaction(async (tx) => {
    const [cursor] = await tx.query<{ lastSequence: string }>(CURSOR);
    await tx.query(DROP_WAITING, [DELIVERY_QUEUE, keys, after]);
    const running = new Set((await tx.query<{ sequence: string }>(RUNNING, [DELIVERY_QUEUE, keys])).map((row) => row.sequence));
    const events = await tx.query<{ sequence: string; type: string }>(EVENTS, [after, cursor.lastSequence]);
    const jobs = events
      .filter((event) => !running.has(event.sequence) && matchesEventPatterns(target.events, event.type))
      .map((event) => deliveryJob({ subscriptionId: target.id, sequence: Number(event.sequence), attempt: 1 }, attemptTimeoutMs));
    for (let start = 0; start < jobs.length; start += INSERT_BATCH) await boss.insert(jobs.slice(start, start + INSERT_BATCH), { db: tx });
    return jobs.length;
  });
}
