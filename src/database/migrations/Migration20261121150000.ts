import { Migration } from '@mikro-orm/migrations';

/**
 * A counter that moves whenever the shop configuration the order-processing engine reads changes (zones,
 * taxes, shipping and payment methods, promotions with their rules, actions and channels, channels and
 * categories). Application instances cache that configuration and compare the counter to know it is still
 * current; see src/order-processing/shop-configuration-cache.ts.
 *
 * Triggers keep it honest for every writer (API, fixtures, SQL by hand). Changes of `promotion.used` alone
 * (each completed checkout) do not count: that column is read fresh for every order. Coupons are not part
 * of the cached configuration at all, so they have no trigger.
 */
const STATEMENT_LEVEL_TABLES = [
  'channel',
  'zone',
  'zone_member',
  'tax_category',
  'tax_rate',
  'shipping_category',
  'shipping_method',
  'shipping_method_channel',
  'promotion_channel',
  'promotion_rule',
  'promotion_action',
  'payment_method',
  'payment_method_channel',
];

export class Migration20261121150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "shop_configuration_version" ("id" int primary key check ("id" = 1), "version" bigint not null);`);
    this.addSql(`insert into "shop_configuration_version" ("id", "version") values (1, 1);`);
    this.addSql(`create function "bump_shop_configuration_version"() returns trigger language plpgsql as $$
begin
  update "shop_configuration_version" set "version" = "version" + 1 where "id" = 1;
  return null;
end
$$;`);
    for (const table of STATEMENT_LEVEL_TABLES) {
      this.addSql(
        `create trigger "${table}_configuration_changed" after insert or update or delete or truncate on "${table}" ` +
          `for each statement execute function "bump_shop_configuration_version"();`,
      );
    }
    this.addSql(
      `create trigger "promotion_configuration_changed" after insert or delete or truncate on "promotion" ` +
        `for each statement execute function "bump_shop_configuration_version"();`,
    );
    this.addSql(
      `create trigger "promotion_configuration_updated" after update on "promotion" for each row ` +
        `when ((to_jsonb(old) - 'used' - 'updated_at') is distinct from (to_jsonb(new) - 'used' - 'updated_at')) ` +
        `execute function "bump_shop_configuration_version"();`,
    );
  }

  override async down(): Promise<void> {
    for (const table of STATEMENT_LEVEL_TABLES) this.addSql(`drop trigger if exists "${table}_configuration_changed" on "${table}";`);
    this.addSql(`drop trigger if exists "promotion_configuration_changed" on "promotion";`);
    this.addSql(`drop trigger if exists "promotion_configuration_updated" on "promotion";`);
    this.addSql(`drop function if exists "bump_shop_configuration_version"();`);
    this.addSql(`drop table if exists "shop_configuration_version";`);
  }
}
