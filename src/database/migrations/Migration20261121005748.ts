import { Migration } from '@mikro-orm/migrations';

export class Migration20261121005748 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "idempotency_key" ("scope" varchar(64) not null, "key" varchar(255) not null, "request_hash" varchar(64) not null, "state" varchar(16) not null, "owner" uuid not null, "response_status" smallint null, "response_headers" jsonb null, "response_body" text null, "created_at" timestamptz not null, "claimed_at" timestamptz not null, "expires_at" timestamptz not null, constraint "idempotency_key_pkey" primary key ("scope", "key"));`);
    this.addSql(`create index "idempotency_key_expires_at_index" on "idempotency_key" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "idempotency_key" cascade;`);
  }

}
