import { Migration } from '@mikro-orm/migrations';
import { getConstructionPlans } from 'pg-boss';
import { DELIVERY_QUEUE, DISPATCH_QUEUE, QUEUE_SCHEMA } from '../../webhooks/delivery/queue-names';
import { QUEUE_SCHEMA_VERSION } from '../../webhooks/delivery/queue-tables';

/** pg-boss 10's schema, which Migration20261127040000 built on the databases it ran on before pg-boss 12. */
const PG_BOSS_10_SCHEMA_VERSION = 24;
/** Where pg-boss 10's tables wait while their jobs move over. */
const OLD_SCHEMA = `${QUEUE_SCHEMA}_v${PG_BOSS_10_SCHEMA_VERSION}`;

/**
 * pg-boss's construction plan of the installed version, which wraps itself in BEGIN…COMMIT; the
 * migration is already one transaction, so those two lines go.
 */
function pgBossConstruction(): string {
  const plan = getConstructionPlans(QUEUE_SCHEMA).trim();
  if (!plan.startsWith('BEGIN;') || !plan.endsWith('COMMIT;')) throw new Error('Unexpected pg-boss construction plan');
  return plan.slice('BEGIN;'.length, -'COMMIT;'.length);
}

/**
 * A delivery job of pg-boss 10 as a job of the new schema: its data, key, retries and expiry, with the
 * queue's policy. Waiting ones keep their state and time; active ones (a process was sending them) wait
 * again from now: at-least-once, receivers dedupe by webhook-id. Under the queue's one job per state and
 * key, the waiting job of a key goes before its active one, which is then dropped.
 */
const carryOver = (states: string, state: string, startAfter: string): string => `
  insert into ${QUEUE_SCHEMA}.job (name, data, state, retry_limit, retry_count, retry_delay, start_after, singleton_key, expire_seconds, policy)
  select j.name, j.data, ${state}, j.retry_limit, j.retry_count, j.retry_delay, ${startAfter}, j.singleton_key,
         greatest(1, extract(epoch from j.expire_in))::int, q.policy
    from ${OLD_SCHEMA}.job j join ${QUEUE_SCHEMA}.queue q on q.name = j.name
   where j.name = '${DELIVERY_QUEUE}' and j.state::text in (${states})
   order by j.created_on
  on conflict do nothing;`;

/**
 * pg-boss 12's schema (version 46), owned here. pg-boss 12 has no migration from pg-boss 10's schema
 * (version 24; its migrations start after it), so such a database gets the new schema built beside the
 * old one, its waiting delivery jobs carried over, and the old one dropped. Dispatch jobs are not carried:
 * the delivering processes' schedule sends one a minute, and each dispatches at its start. A fresh
 * database gets the schema built. The engine starts pg-boss with `migrate: false` and refuses another
 * schema version: a pg-boss upgrade that changes it needs a migration running `getMigrationPlans`.
 */
export class Migration20261128200000 extends Migration {
  override async up(): Promise<void> {
    const version = await this.installedVersion();
    if (version === QUEUE_SCHEMA_VERSION) return;
    if (version !== null && version !== PG_BOSS_10_SCHEMA_VERSION) {
      throw new Error(`pg-boss's schema is version ${version}; this migration moves version ${PG_BOSS_10_SCHEMA_VERSION} or nothing to ${QUEUE_SCHEMA_VERSION}`);
    }
    if (version === PG_BOSS_10_SCHEMA_VERSION) this.addSql(`alter schema ${QUEUE_SCHEMA} rename to ${OLD_SCHEMA};`);
    this.addSql(pgBossConstruction());
    this.addSql(`select ${QUEUE_SCHEMA}.create_queue('${DELIVERY_QUEUE}', '{"policy":"stately"}');`);
    this.addSql(`select ${QUEUE_SCHEMA}.create_queue('${DISPATCH_QUEUE}', '{"policy":"short"}');`);
    if (version === PG_BOSS_10_SCHEMA_VERSION) {
      this.addSql(carryOver(`'created', 'retry'`, `j.state::text::${QUEUE_SCHEMA}.job_state`, 'j.start_after'));
      this.addSql(carryOver(`'active'`, `'created'`, 'now()'));
      this.addSql(`drop schema ${OLD_SCHEMA} cascade;`);
    }
  }

  override async down(): Promise<void> {
    // pg-boss 10's schema is not built again: the build before this migration no longer makes it either.
    this.addSql(`drop schema if exists ${QUEUE_SCHEMA} cascade;`);
  }

  private async installedVersion(): Promise<number | null> {
    const [{ present }] = await this.execute(`select to_regclass('${QUEUE_SCHEMA}.version') is not null as present`);
    if (!present) return null;
    const [row] = await this.execute(`select version::int as version from ${QUEUE_SCHEMA}.version`);
    return row === undefined ? null : (row.version as number);
  }
}
