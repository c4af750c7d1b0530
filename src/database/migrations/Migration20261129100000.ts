import { Migration } from '@mikro-orm/migrations';

/**
 * Products' attribute values: one per product, attribute and locale. A product's delete takes its values
 * along; an attribute's delete is refused while values of it exist (no cascade on that key), and its index
 * finds them.
 */
export class Migration20261129100000 extends Migration {
  override up(): void {
    this.addSql(
      `create table "product_attribute_value" ("id" serial primary key, "product_id" int not null, "attribute_id" int not null, "locale_code" varchar(12) not null, "value" jsonb not null);`,
    );
    this.addSql(`create index "product_attribute_value_attribute_id_index" on "product_attribute_value" ("attribute_id");`);
    this.addSql(
      `alter table "product_attribute_value" add constraint "product_attribute_value_unique" unique ("product_id", "attribute_id", "locale_code");`,
    );
    this.addSql(
      `alter table "product_attribute_value" add constraint "product_attribute_value_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "product_attribute_value" add constraint "product_attribute_value_attribute_id_foreign" foreign key ("attribute_id") references "product_attribute" ("id") on update cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "product_attribute_value" cascade;`);
  }
}
