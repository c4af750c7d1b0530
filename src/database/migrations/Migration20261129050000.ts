import { Migration } from '@mikro-orm/migrations';

/**
 * What keeps the product list's cost flat as the catalogue grows (GET /products/):
 * - trigram indexes for its text search (a substring of the code or of the en_US name), so a search reads
 *   the index entries of its matches instead of every product. Without `fastupdate`: new entries go straight
 *   into the index rather than into a pending list that every search reads until a vacuum merges it (after
 *   a bulk load of 100,000 products that list made a search cost 6 ms instead of 0.7); a catalogue is read
 *   far more often than written;
 * - an index on the en_US names, for the list sorted by name;
 * - `product_list_count`, the number of products the list shows unfiltered (those with an en_US
 *   translation), kept by statement triggers on product_translation, so the page's total is one row read
 *   instead of a count over every product. A statement that adds or removes no en_US translation does not
 *   touch it. The row is maintained by these triggers only (no entity): schema diffs skip it.
 *
 * pg_trgm is a trusted extension (PostgreSQL ≥ 13), so a database owner may create it; the embedded database
 * loads it too (src/database/embedded-postgres.ts).
 */
export class Migration20261129050000 extends Migration {
  override up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`create index "product_code_trgm" on "product" using gin ("code" gin_trgm_ops) with (fastupdate = off);`);
    this.addSql(`create index "product_translation_en_us_name_trgm" on "product_translation" using gin ("name" gin_trgm_ops) with (fastupdate = off) where "locale" = 'en_US';`);
    this.addSql(`create index "product_translation_en_us_name" on "product_translation" ("name", "product_id") where "locale" = 'en_US';`);

    this.addSql(`create table "product_list_count" ("id" int primary key check ("id" = 1), "total" bigint not null);`);
    this.addSql(`insert into "product_list_count" ("id", "total") select 1, count(*) from "product_translation" where "locale" = 'en_US';`);
    this.addSql(`create function "count_product_list"() returns trigger language plpgsql as $$
declare
  delta bigint := 0;
begin
  if tg_op = 'TRUNCATE' then
    update "product_list_count" set "total" = 0 where "id" = 1;
    return null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    select delta + count(*) into delta from added where added."locale" = 'en_US';
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    select delta - count(*) into delta from removed where removed."locale" = 'en_US';
  end if;
  if delta <> 0 then
    update "product_list_count" set "total" = "total" + delta where "id" = 1;
  end if;
  return null;
end
$$;`);
    this.addSql(`create trigger "product_list_count_insert" after insert on "product_translation" referencing new table as added for each statement execute function "count_product_list"();`);
    this.addSql(
      `create trigger "product_list_count_update" after update on "product_translation" referencing old table as removed new table as added for each statement execute function "count_product_list"();`,
    );
    this.addSql(`create trigger "product_list_count_delete" after delete on "product_translation" referencing old table as removed for each statement execute function "count_product_list"();`);
    this.addSql(`create trigger "product_list_count_truncate" after truncate on "product_translation" for each statement execute function "count_product_list"();`);
  }

  override down(): void {
    for (const kind of ['insert', 'update', 'delete', 'truncate']) this.addSql(`drop trigger if exists "product_list_count_${kind}" on "product_translation";`);
    this.addSql(`drop function if exists "count_product_list"();`);
    this.addSql(`drop table if exists "product_list_count";`);
    this.addSql(`drop index if exists "product_translation_en_us_name";`);
    this.addSql(`drop index if exists "product_translation_en_us_name_trgm";`);
    this.addSql(`drop index if exists "product_code_trgm";`);
  }
}
