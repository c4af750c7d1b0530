import { Migration } from '@mikro-orm/migrations';

/** Provinces get an optional abbreviation, which the province resource shows and a country's form takes. */
export class Migration20261129061000 extends Migration {
  override up(): void {
    this.addSql(`alter table "province" add "abbreviation" varchar(255) null;`);
  }

  override down(): void {
    this.addSql(`alter table "province" drop column "abbreviation";`);
  }
}
