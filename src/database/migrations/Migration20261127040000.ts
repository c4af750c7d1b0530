import { Migration } from '@mikro-orm/migrations';
import PgBoss from 'pg-boss';
import { DELIVERY_QUEUE, DISPATCH_QUEUE, QUEUE_SCHEMA } from '../../webhooks/delivery/queue-names';

/**
 * pg-boss's construction plan for its pinned version, which wraps itself in BEGIN…COMMIT; the migration
 * is already one transaction, so those two lines go. A newer pg-boss needs a migration running
 * `PgBoss.getMigrationPlans` (the engine starts pg-boss with `migrate: false` and refuses another schema version).
 */
function pgBossConstruction(): string {
  const plan = PgBoss.getConstructionPlans(QUEUE_SCHEMA).trim();
  if (!plan.startsWith('BEGIN;') || !plan.endsWith('COMMIT;')) throw new Error('Unexpected pg-boss construction plan');
  return plan.slice('BEGIN;'.length, -'COMMIT;'.length);
}

/** Webhook delivery: pg-boss's schema and queues, the dispatch cursor and the attempts log. */
export class Migration20261127040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(pgBossConstruction());
    this.addSql(`select ${QUEUE_SCHEMA}.create_queue('${DELIVERY_QUEUE}', '{"policy":"stately"}');`);
    this.addSql(`select ${QUEUE_SCHEMA}.create_queue('${DISPATCH_QUEUE}', '{"policy":"short"}');`);

    this.addSql(`create table "webhook_dispatch_cursor" ("id" smallint not null, "last_sequence" bigint not null, constraint "webhook_dispatch_cursor_pkey" primary key ("id"));`);
    this.addSql(`insert into "webhook_dispatch_cursor" ("id", "last_sequence") values (1, 0);`);

    this.addSql(`create table "webhook_delivery" ("id" bigserial primary key, "subscription_id" int not null, "event_id" varchar(40) not null, "event_type" varchar(64) not null, "attempt" smallint not null, "attempted_at" timestamptz not null, "status_code" smallint null, "error" varchar(255) null, "duration_ms" int not null, "outcome" varchar(16) not null, "next_attempt_at" timestamptz null);`);
    this.addSql(`create index "webhook_delivery_subscription_id_id_index" on "webhook_delivery" ("subscription_id", "id");`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_delivery" cascade;`);
    this.addSql(`drop table if exists "webhook_dispatch_cursor" cascade;`);
    this.addSql(`drop schema if exists ${QUEUE_SCHEMA} cascade;`);
  }
}
