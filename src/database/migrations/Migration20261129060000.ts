import { Migration } from '@mikro-orm/migrations';

/** Admins get a first and a last name, which the admin user resource takes and shows. */
export class Migration20261129060000 extends Migration {
  override up(): void {
    this.addSql(`alter table "admin_user" add "first_name" varchar(255) null, add "last_name" varchar(255) null;`);
  }

  override down(): void {
    this.addSql(`alter table "admin_user" drop column "first_name", drop column "last_name";`);
  }
}
