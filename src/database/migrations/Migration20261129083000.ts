import { Migration } from '@mikro-orm/migrations';

/**
 * Taxons as the taxon form writes them: a stored position among siblings (moves need one; the taxons that
 * existed get the one they showed, their rank by id), a name, slug and description per locale (a slug names
 * one taxon per locale), and a position of a product within each of its taxons. The taxon's own `name` stays
 * its en_US name; a taxon without one has none.
 */
export class Migration20261129083000 extends Migration {
  override up(): void {
    this.addSql(`alter table "taxon" add "position" int not null default 0;`);
    this.addSql(`alter table "taxon" alter column "name" drop not null;`);
    this.addSql(
      `update "taxon" set "position" = ranked.position from (select id, (row_number() over (partition by parent_id order by id) - 1)::int as position from "taxon") ranked where ranked.id = "taxon".id;`,
    );
    this.addSql(
      `create table "taxon_translation" ("id" serial primary key, "taxon_id" int not null, "locale" varchar(12) not null, "name" varchar(255) not null, "slug" varchar(255) not null, "description" text null);`,
    );
    this.addSql(`alter table "taxon_translation" add constraint "taxon_translation_taxon_id_locale_unique" unique ("taxon_id", "locale");`);
    this.addSql(`alter table "taxon_translation" add constraint "taxon_translation_locale_slug_unique" unique ("locale", "slug");`);
    this.addSql(
      `alter table "taxon_translation" add constraint "taxon_translation_taxon_id_foreign" foreign key ("taxon_id") references "taxon" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`alter table "product_taxon" add "position" int not null default 0;`);
  }

  override down(): void {
    this.addSql(`alter table "product_taxon" drop column "position";`);
    this.addSql(`drop table if exists "taxon_translation" cascade;`);
    this.addSql(`update "taxon" set "name" = "code" where "name" is null;`);
    this.addSql(`alter table "taxon" alter column "name" set not null;`);
    this.addSql(`alter table "taxon" drop column "position";`);
  }
}
