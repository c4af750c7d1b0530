import { Migration } from '@mikro-orm/migrations';

/**
 * Product association types with their translated names, and translated names of product options (an
 * option's existing name becomes its translation in every locale of the shop).
 */
export class Migration20261129077000 extends Migration {
  override up(): void {
    this.addSql(`create table "product_association_type" ("id" serial primary key, "code" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "product_association_type" add constraint "product_association_type_code_unique" unique ("code");`);
    this.addSql(`create table "product_association_type_translation" ("id" serial primary key, "association_type_id" int not null, "locale" varchar(12) not null, "name" varchar(255) not null);`);
    this.addSql(
      `alter table "product_association_type_translation" add constraint "product_association_type_translation_association__651ac_unique" unique ("association_type_id", "locale");`,
    );
    this.addSql(
      `alter table "product_association_type_translation" add constraint "product_association_type_translation_association_afe8e_foreign" foreign key ("association_type_id") references "product_association_type" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create table "product_option_translation" ("id" serial primary key, "option_id" int not null, "locale" varchar(12) not null, "name" varchar(255) not null);`);
    this.addSql(`alter table "product_option_translation" add constraint "product_option_translation_option_id_locale_unique" unique ("option_id", "locale");`);
    this.addSql(
      `alter table "product_option_translation" add constraint "product_option_translation_option_id_foreign" foreign key ("option_id") references "product_option" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `insert into "product_option_translation" ("option_id", "locale", "name") select o."id", l."code", o."name" from "product_option" o cross join "locale" l order by o."id", l."id";`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "product_option_translation" cascade;`);
    this.addSql(`drop table if exists "product_association_type_translation" cascade;`);
    this.addSql(`drop table if exists "product_association_type" cascade;`);
  }
}
