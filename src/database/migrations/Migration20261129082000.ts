import { Migration } from '@mikro-orm/migrations';

/** Product attributes (typed, sortable) and their names per locale. */
export class Migration20261129082000 extends Migration {
  override up(): void {
    this.addSql(`create table "product_attribute" ("id" serial primary key, "code" varchar(255) not null, "type" varchar(32) not null, "storage_type" varchar(32) not null, "position" int not null default 0, "configuration" jsonb not null default '{}', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "product_attribute" add constraint "product_attribute_code_unique" unique ("code");`);
    this.addSql(`create table "product_attribute_translation" ("id" serial primary key, "attribute_id" int not null, "locale" varchar(12) not null, "name" varchar(255) not null);`);
    this.addSql(`alter table "product_attribute_translation" add constraint "product_attribute_translation_attribute_id_locale_unique" unique ("attribute_id", "locale");`);
    this.addSql(`alter table "product_attribute_translation" add constraint "product_attribute_translation_attribute_id_foreign" foreign key ("attribute_id") references "product_attribute" ("id") on update cascade on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table "product_attribute_translation";`);
    this.addSql(`drop table "product_attribute";`);
  }
}
