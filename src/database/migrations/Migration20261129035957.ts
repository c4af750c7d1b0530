import { Migration } from '@mikro-orm/migrations';

/**
 * Locales get their creation and change times, which the locale resource shows. Existing locales are
 * stamped with the time of the migration; from then on the application sets both.
 */
export class Migration20261129035957 extends Migration {
  override up(): void {
    this.addSql(`alter table "locale" add "created_at" timestamptz not null default now(), add "updated_at" timestamptz not null default now();`);
    this.addSql(`alter table "locale" alter column "created_at" drop default, alter column "updated_at" drop default;`);
  }

  override down(): void {
    this.addSql(`alter table "locale" drop column "created_at", drop column "updated_at";`);
  }
}
