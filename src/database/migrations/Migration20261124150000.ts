import { Migration } from '@mikro-orm/migrations';

/** Throttle rows whose window has ended are swept by `window_started_at`. */
export class Migration20261124150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "auth_throttle_window_started_at_index" on "auth_throttle" ("window_started_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "auth_throttle_window_started_at_index";`);
  }
}
