import { Migration } from '@mikro-orm/migrations';

/**
 * A customer's orders are listed newest first with id as the tie-breaker: with id in the index a page
 * is read straight off it, even when many orders share one updatedAt (bulk loads), instead of sorting
 * every order of that timestamp.
 */
export class Migration20261121013728 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "orders_customer_updated_at_id_index" on "orders" ("customer_id", "updated_at", "id");`);
    this.addSql(`drop index "orders_customer_updated_at_index";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "orders_customer_updated_at_index" on "orders" ("customer_id", "updated_at");`);
    this.addSql(`drop index "orders_customer_updated_at_id_index";`);
  }

}
