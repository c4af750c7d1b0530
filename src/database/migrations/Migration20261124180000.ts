import { Migration } from '@mikro-orm/migrations';

/** The notes a checkout's completion may carry (stored, never shown). */
export class Migration20261124180000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "orders" add column "notes" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "orders" drop column "notes";`);
  }
}
