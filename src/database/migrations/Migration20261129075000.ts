import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons say whether a cancelled order gives their use back (the coupon form's
 * `reusableFromCancelledOrders`); existing coupons keep doing so, as they did.
 */
export class Migration20261129075000 extends Migration {
  override up(): void {
    this.addSql(`alter table "promotion_coupon" add column "reusable_from_cancelled_orders" boolean not null default true;`);
  }

  override down(): void {
    this.addSql(`alter table "promotion_coupon" drop column "reusable_from_cancelled_orders";`);
  }
}
