import { Migration } from '@mikro-orm/migrations';

/**
 * Product associations: per product (the owner) and association type at most one association, naming
 * other products. An association goes with its owner; a product it names is taken out of it by the
 * product's delete, and an association type in use is not deleted.
 */
export class Migration20261129110000 extends Migration {
  override up(): void {
    this.addSql(`create table "product_association" ("id" serial primary key, "product_id" int not null, "association_type_id" int not null);`);
    this.addSql(
      `alter table "product_association" add constraint "product_association_product_id_association_type_id_unique" unique ("product_id", "association_type_id");`,
    );
    this.addSql(
      `alter table "product_association" add constraint "product_association_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "product_association" add constraint "product_association_association_type_id_foreign" foreign key ("association_type_id") references "product_association_type" ("id") on update cascade;`,
    );
    this.addSql(
      `create table "product_association_product" ("association_id" int not null, "product_id" int not null, constraint "product_association_product_pkey" primary key ("association_id", "product_id"));`,
    );
    this.addSql(
      `alter table "product_association_product" add constraint "product_association_product_association_id_foreign" foreign key ("association_id") references "product_association" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "product_association_product" add constraint "product_association_product_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "product_association_product" cascade;`);
    this.addSql(`drop table if exists "product_association" cascade;`);
  }
}
