import { Migration } from '@mikro-orm/migrations';

/**
 * Products as the product form writes them: the channels a product is offered in, its main taxon, and
 * a slug, meta keywords, meta description and short description per translation. A slug names one product
 * per locale; products that existed before have none (a translation without a slug shows none).
 */
export class Migration20261129071000 extends Migration {
  override up(): void {
    this.addSql(`create table "product_channel" ("product_id" int not null, "channel_id" int not null, constraint "product_channel_pkey" primary key ("product_id", "channel_id"));`);
    this.addSql(`alter table "product_channel" add constraint "product_channel_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "product_channel" add constraint "product_channel_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "product" add "main_taxon_id" int null;`);
    this.addSql(`alter table "product" add constraint "product_main_taxon_id_foreign" foreign key ("main_taxon_id") references "taxon" ("id") on update cascade on delete set null;`);

    this.addSql(
      `alter table "product_translation" add "slug" varchar(255) null, add "meta_keywords" varchar(255) null, add "meta_description" varchar(255) null, add "short_description" text null;`,
    );
    this.addSql(`alter table "product_translation" add constraint "product_translation_locale_slug_unique" unique ("locale", "slug");`);
  }

  override down(): void {
    this.addSql(`alter table "product_translation" drop constraint "product_translation_locale_slug_unique";`);
    this.addSql(`alter table "product_translation" drop column "slug", drop column "meta_keywords", drop column "meta_description", drop column "short_description";`);
    this.addSql(`alter table "product" drop constraint "product_main_taxon_id_foreign";`);
    this.addSql(`alter table "product" drop column "main_taxon_id";`);
    this.addSql(`drop table if exists "product_channel" cascade;`);
  }
}
