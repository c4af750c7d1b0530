import { Migration } from '@mikro-orm/migrations';

/**
 * Product reviews arrive: one product's reviews by a customer, going with the product or the customer, and
 * the product keeps the mean rating of its accepted reviews.
 */
export class Migration20261129081000 extends Migration {
  override up(): void {
    this.addSql(`alter table "product" add "average_rating" numeric(3,2) not null default 0;`);
    this.addSql(
      `create table "product_review" ("id" serial primary key, "title" varchar(255) not null, "rating" smallint not null, ` +
        `"comment" varchar(5000) not null, "status" varchar(16) not null default 'new', "product_id" int not null, "author_id" int not null, ` +
        `"created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(`create index "product_review_product_created_at_index" on "product_review" ("product_id", "created_at");`);
    this.addSql(`create index "product_review_author_index" on "product_review" ("author_id");`);
    this.addSql(`alter table "product_review" add constraint "product_review_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "product_review" add constraint "product_review_author_id_foreign" foreign key ("author_id") references "customer" ("id") on update cascade on delete cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "product_review";`);
    this.addSql(`alter table "product" drop column "average_rating";`);
  }
}
