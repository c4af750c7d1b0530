import { Migration } from '@mikro-orm/migrations';

/**
 * Channels keep the rest of their form (theme, contact email, checkout flags, the shop's billing data),
 * and exchange rates between two currencies arrive: one rate per pair of currencies in either direction,
 * which a unique index on the unordered pair guarantees under concurrent creates.
 */
export class Migration20261129074000 extends Migration {
  override up(): void {
    this.addSql(
      `alter table "channel" add "theme_name" varchar(255) null, add "contact_email" varchar(254) null, ` +
        `add "skipping_shipping_step_allowed" boolean not null default false, add "skipping_payment_step_allowed" boolean not null default false, ` +
        `add "account_verification_required" boolean not null default true, add "billing_tax_id" varchar(255) null, ` +
        `add "billing_company" varchar(255) null, add "billing_country_code" varchar(2) null, add "billing_street" varchar(255) null, ` +
        `add "billing_city" varchar(255) null, add "billing_postcode" varchar(255) null;`,
    );
    this.addSql(
      `create table "exchange_rate" ("id" serial primary key, "source_currency_id" int not null, "target_currency_id" int not null, ` +
        `"ratio" double precision not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`,
    );
    this.addSql(
      `create unique index "exchange_rate_pair_unique" on "exchange_rate" (least("source_currency_id", "target_currency_id"), greatest("source_currency_id", "target_currency_id"));`,
    );
    this.addSql(`alter table "exchange_rate" add constraint "exchange_rate_source_currency_id_foreign" foreign key ("source_currency_id") references "currency" ("id") on update cascade;`);
    this.addSql(`alter table "exchange_rate" add constraint "exchange_rate_target_currency_id_foreign" foreign key ("target_currency_id") references "currency" ("id") on update cascade;`);
  }

  override down(): void {
    this.addSql(`drop table if exists "exchange_rate";`);
    this.addSql(
      `alter table "channel" drop column "theme_name", drop column "contact_email", drop column "skipping_shipping_step_allowed", ` +
        `drop column "skipping_payment_step_allowed", drop column "account_verification_required", drop column "billing_tax_id", ` +
        `drop column "billing_company", drop column "billing_country_code", drop column "billing_street", drop column "billing_city", ` +
        `drop column "billing_postcode";`,
    );
  }
}
