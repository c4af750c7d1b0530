import { Migration } from '@mikro-orm/migrations';

/**
 * Webhook delivery: the dispatch cursor and the attempts log. It also built pg-boss 10's schema and
 * queues once; that part went, because it built whatever schema the installed pg-boss had (a fresh
 * database and a deployed one would differ). Migration20261128200000 owns pg-boss's schema now.
 */
export class Migration20261127040000 extends Migration {
  override async up(): Promise<void> {

    this.addSql(`create table "webhook_dispatch_cursor" ("id" smallint not null, "last_sequence" bigint not null, constraint "webhook_dispatch_cursor_pkey" primary key ("id"));`);
    this.addSql(`insert into "webhook_dispatch_cursor" ("id", "last_sequence") values (1, 0);`);

    this.addSql(`create table "webhook_delivery" ("id" bigserial primary key, "subscription_id" int not null, "event_id" varchar(40) not null, "event_type" varchar(64) not null, "attempt" smallint not null, "attempted_at" timestamptz not null, "status_code" smallint null, "error" varchar(255) null, "duration_ms" int not null, "outcome" varchar(16) not null, "next_attempt_at" timestamptz null);`);
    this.addSql(`create index "webhook_delivery_subscription_id_id_index" on "webhook_delivery" ("subscription_id", "id");`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_subscription_id_foreign" foreign key ("subscription_id") references "webhook_subscription" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_delivery" cascade;`);
    this.addSql(`drop table if exists "webhook_dispatch_cursor" cascade;`);
  }
}
