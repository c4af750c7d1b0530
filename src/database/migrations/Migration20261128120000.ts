import { Migration } from '@mikro-orm/migrations';

/** A webhook subscription's delivery health: its circuit breaker (src/webhooks/delivery/delivery-health.ts). */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "webhook_subscription"
      add column "delivery_state" varchar(16) not null default 'healthy',
      add column "delivery_since" timestamptz null,
      add column "consecutive_failures" int not null default 0,
      add column "last_error" varchar(255) null,
      add column "paused_until" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "webhook_subscription" drop column "delivery_state", drop column "delivery_since", drop column "consecutive_failures", drop column "last_error", drop column "paused_until";`);
  }
}
