import { Migration } from '@mikro-orm/migrations';

/** Delivery attempts by time, for their retention cleanup (src/webhooks/delivery/delivery-retention.ts). */
export class Migration20261127081132 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "webhook_delivery_attempted_at_index" on "webhook_delivery" ("attempted_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "webhook_delivery_attempted_at_index";`);
  }
}
