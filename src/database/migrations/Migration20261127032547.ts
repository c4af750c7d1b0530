import { Migration } from '@mikro-orm/migrations';

/** Webhook subscriptions (events contract §3): where events are posted and the secrets that sign them. */
export class Migration20261127032547 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "webhook_subscription" ("id" serial primary key, "url" varchar(2048) not null, "events" text[] not null, "description" varchar(255) null, "enabled" boolean not null default true, "secret" varchar(128) not null, "previous_secret" varchar(128) null, "previous_secret_expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "webhook_subscription" cascade;`);
  }
}
