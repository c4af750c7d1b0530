import { Migration } from '@mikro-orm/migrations';

/** The outbox of domain events (the feed) and the one counter row that hands out their sequences at commit. */
export class Migration20261127033000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "event" ("sequence" bigint not null, "type" varchar(64) not null, "data" json not null, "occurred_at" timestamptz not null, constraint "event_pkey" primary key ("sequence"));`);
    this.addSql(`create index "event_occurred_at_index" on "event" ("occurred_at");`);
    this.addSql(`create table "event_counter" ("id" smallint not null, "last_sequence" bigint not null, "purged_through" bigint not null default 0, constraint "event_counter_pkey" primary key ("id"));`);
    this.addSql(`insert into "event_counter" ("id", "last_sequence", "purged_through") values (1, 0, 0);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "event" cascade;`);
    this.addSql(`drop table if exists "event_counter" cascade;`);
  }
}
