import { Migration } from '@mikro-orm/migrations';

/**
 * Indexes for the in-use checks of promotion and coupon deletes: the orders that applied a promotion
 * (order_promotion's primary key leads with the order), the orders that used a coupon, and a promotion's
 * coupons (which the promotion's check joins through).
 */
export class Migration20261129130000 extends Migration {
  override up(): void {
    this.addSql(`create index "order_promotion_promotion_id_index" on "order_promotion" ("promotion_id");`);
    this.addSql(`create index "orders_promotion_coupon_id_index" on "orders" ("promotion_coupon_id");`);
    this.addSql(`create index "promotion_coupon_promotion_id_index" on "promotion_coupon" ("promotion_id");`);
  }

  override down(): void {
    this.addSql(`drop index "promotion_coupon_promotion_id_index";`);
    this.addSql(`drop index "orders_promotion_coupon_id_index";`);
    this.addSql(`drop index "order_promotion_promotion_id_index";`);
  }
}
