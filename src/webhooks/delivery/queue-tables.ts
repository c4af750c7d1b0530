import type { PgBoss } from 'pg-boss';
import type { DeliveryJobData } from './delivery-jobs';
import { DELIVERY_QUEUE, QUEUE_SCHEMA } from './queue-names';
import type { SqlExecutor } from './queue-database';

/**
 * The only statements of ours on pg-boss's own tables, each where pg-boss 12's public calls would cost
 * a round trip per job or could not do it safely; everything else goes through its API (delivery-engine.ts).
 * They rely on its job table's columns (`name`, `state`, `singleton_key`, `start_after`, `data`), so the
 * engine refuses to start on another schema version than the one they were written for.
 */
export const QUEUE_SCHEMA_VERSION = 46;

export async function checkQueueSchemaVersion(boss: PgBoss): Promise<void> {
  const version = await boss.schemaVersion();
  if (version !== QUEUE_SCHEMA_VERSION) {
    throw new Error(`The webhook queue's schema is version ${String(version)}; this build reads pg-boss's tables as of version ${QUEUE_SCHEMA_VERSION}`);
  }
}

/** A subscription's jobs: their singleton keys are `${subscriptionId}:…` (delivery-jobs.ts). */
const keysOf = (subscriptionId: number): string => `${subscriptionId}:%`;

/**
 * A replay's start: the waiting jobs of the events it queues again go (the replay's start now, not at
 * a retry's time). One statement that leaves active jobs alone: pg-boss's `deleteJob` deletes by id
 * in any state, so between a `findJobs` and it a worker could take one of them, and deleting that
 * active job would let the replay's job of the same event go out beside it (the queue's one active
 * job per key is what keeps an event from being in flight twice).
 */
const DROP_WAITING_AFTER = `delete from ${QUEUE_SCHEMA}.job
  where name = $1 and state < 'active' and singleton_key like $2 and (data->>'sequence')::bigint > $3
  returning data`;

/** Answers the deleted jobs' data: the replay counts those it queues nothing in place of. */
export async function dropWaitingForReplay(tx: SqlExecutor, subscriptionId: number, after: number): Promise<DeliveryJobData[]> {
  const { rows } = await tx.executeSql(DROP_WAITING_AFTER, [DELIVERY_QUEUE, keysOf(subscriptionId), after]);
  return (rows as Array<{ data: DeliveryJobData }>).map((row) => row.data);
}

/**
 * Jobs put off while their subscription was paused or at its cap (data.deferred) start now: it answered
 * 2xx again, or got a new URL. Retries keep their schedule. One statement: pg-boss's `update` moves one
 * job (or one singleton key) per call, and a paused subscription may have thousands put off, released
 * under its row lock in the recorder's transaction.
 */
const RELEASE_DEFERRED = `update ${QUEUE_SCHEMA}.job set start_after = now()
  where name = $1 and state = 'created' and singleton_key like $2 and start_after > now() and (data->>'deferred')::boolean`;

export async function releaseDeferredJobs(db: SqlExecutor, subscriptionId: number): Promise<void> {
  await db.executeSql(RELEASE_DEFERRED, [DELIVERY_QUEUE, keysOf(subscriptionId)]);
}

/**
 * The oldest event not yet delivered everywhere: still after the dispatch cursor, or with a delivery job
 * waiting or running. Seconds; 0 when nothing is waiting. Read on every scrape: pg-boss has no call that
 * answers it without handing over every waiting job.
 */
export const OLDEST_UNDELIVERED = `
  select coalesce(extract(epoch from now() - least(
    (select min(e.occurred_at) from event e where e.sequence > (select last_sequence from webhook_dispatch_cursor where id = 1)),
    (select min(e.occurred_at) from ${QUEUE_SCHEMA}.job j join event e on e.sequence = (j.data->>'sequence')::bigint
      where j.name = $1 and j.state < 'completed')
  )), 0)::float8 as age`;
