import type { EntityManager } from '@mikro-orm/postgresql';
import { DELIVERY_QUEUE, QUEUE_SCHEMA } from './queue-names';
import type { SqlExecutor } from './queue-database';

/**
 * Every statement of ours that reads or changes pg-boss's own tables, for what pg-boss 10 has no public
 * call: a subscription's waiting jobs (dropped with it, replaced by a replay, released after a pause)
 * and the event a waiting job carries (the oldest-undelivered gauge). They rely on its job table's
 * columns (`name`, `state`, `singleton_key`, `start_after`, `data`), so the engine refuses to start on
 * another schema version than the one they were written for.
 */
const QUEUE_SCHEMA_VERSION = 46;

const SCHEMA_VERSION = `select version from ${QUEUE_SCHEMA}.version`;

export async function checkQueueSchemaVersion(db: SqlExecutor): Promise<void> {
  const { rows } = await db.executeSql(SCHEMA_VERSION);
  const version = (rows[0] as { version: number } | undefined)?.version;
  if (version !== QUEUE_SCHEMA_VERSION) {
    throw new Error(`The webhook queue's schema is version ${String(version)}; this build reads pg-boss's tables as of version ${QUEUE_SCHEMA_VERSION}`);
  }
}

/** A subscription's jobs: their singleton keys are `${subscriptionId}:…` (delivery-jobs.ts). */
const keysOf = (subscriptionId: number): string => `${subscriptionId}:%`;

const DROP_WAITING = `delete from ${QUEUE_SCHEMA}.job where name = ? and state < 'active' and singleton_key like ?`;

/** A deleted subscription's waiting jobs, in the deleting transaction (after its row lock: level 7). */
export async function dropWaitingJobs(tx: EntityManager, subscriptionId: number): Promise<void> {
  await tx.execute(DROP_WAITING, [DELIVERY_QUEUE, keysOf(subscriptionId)]);
}

const DROP_WAITING_AFTER = `delete from ${QUEUE_SCHEMA}.job
  where name = $1 and state < 'active' and singleton_key like $2 and (data->>'sequence')::bigint > $3`;
const RUNNING = `select (data->>'sequence')::bigint as sequence from ${QUEUE_SCHEMA}.job where name = $1 and state = 'active' and singleton_key like $2`;

/** A replay's start: the waiting jobs of the events it queues again go; answers the sequences being sent right now. */
export async function clearForReplay(tx: SqlExecutor, subscriptionId: number, after: number): Promise<Set<string>> {
  await tx.executeSql(DROP_WAITING_AFTER, [DELIVERY_QUEUE, keysOf(subscriptionId), after]);
  const { rows } = await tx.executeSql(RUNNING, [DELIVERY_QUEUE, keysOf(subscriptionId)]);
  return new Set((rows as Array<{ sequence: string }>).map((row) => row.sequence));
}

/**
 * Jobs put off while their subscription was paused or at its cap (data.deferred) start now: it answered
 * 2xx again. Retries keep their schedule.
 */
const RELEASE_DEFERRED = `update ${QUEUE_SCHEMA}.job set start_after = now()
  where name = $1 and state = 'created' and singleton_key like $2 and start_after > now() and (data->>'deferred')::boolean`;

export async function releaseDeferredJobs(tx: SqlExecutor, subscriptionId: number): Promise<void> {
  await tx.executeSql(RELEASE_DEFERRED, [DELIVERY_QUEUE, keysOf(subscriptionId)]);
}

const RELEASE_DEFERRED_ORM = RELEASE_DEFERRED.replace('$1', '?').replace('$2', '?');

/** The same, in a change of the subscription that makes it healthy again (a new URL, enabled again). */
export async function releaseDeferredJobsOf(tx: EntityManager, subscriptionId: number): Promise<void> {
  await tx.execute(RELEASE_DEFERRED_ORM, [DELIVERY_QUEUE, keysOf(subscriptionId)]);
}

/**
 * The oldest event not yet delivered everywhere: still after the dispatch cursor, or with a delivery job
 * waiting or running. Seconds; 0 when nothing is waiting.
 */
export const OLDEST_UNDELIVERED = `
  select coalesce(extract(epoch from now() - least(
    (select min(e.occurred_at) from event e where e.sequence > (select last_sequence from webhook_dispatch_cursor where id = 1)),
    (select min(e.occurred_at) from ${QUEUE_SCHEMA}.job j join event e on e.sequence = (j.data->>'sequence')::bigint
      where j.name = $1 and j.state < 'completed')
  )), 0)::float8 as age`;
