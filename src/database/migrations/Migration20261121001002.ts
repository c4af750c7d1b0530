import { Migration } from '@mikro-orm/migrations';

export class Migration20261121001002 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "admin_user" ("id" serial primary key, "username" varchar(255) not null, "username_canonical" varchar(255) not null, "email" varchar(254) not null, "email_canonical" varchar(254) not null, "password_hash" text not null, "roles" text[] not null, "enabled" boolean not null default true, "locale_code" varchar(12) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "admin_user" add constraint "admin_user_username_canonical_unique" unique ("username_canonical");`);
    this.addSql(`alter table "admin_user" add constraint "admin_user_email_canonical_unique" unique ("email_canonical");`);

    this.addSql(`create table "auth_throttle" ("key" varchar(64) not null, "failures" int not null, "window_started_at" timestamptz not null, constraint "auth_throttle_pkey" primary key ("key"));`);

    this.addSql(`create table "country" ("id" serial primary key, "code" varchar(2) not null, "enabled" boolean not null default true);`);
    this.addSql(`alter table "country" add constraint "country_code_unique" unique ("code");`);

    this.addSql(`create table "currency" ("id" serial primary key, "code" varchar(3) not null);`);
    this.addSql(`alter table "currency" add constraint "currency_code_unique" unique ("code");`);

    this.addSql(`create table "customer" ("id" serial primary key, "email" varchar(254) not null, "email_canonical" varchar(254) not null, "first_name" varchar(255) null, "last_name" varchar(255) null, "birthday" timestamptz null, "gender" varchar(1) not null default 'u', "phone_number" varchar(255) null, "subscribed_to_newsletter" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "customer" add constraint "customer_email_canonical_unique" unique ("email_canonical");`);
    this.addSql(`create index "customer_created_at_index" on "customer" ("created_at");`);

    this.addSql(`create table "address" ("id" serial primary key, "customer_id" int null, "first_name" varchar(255) not null, "last_name" varchar(255) not null, "phone_number" varchar(255) null, "company" varchar(255) null, "country_code" varchar(2) not null, "province_code" varchar(255) null, "province_name" varchar(255) null, "street" varchar(255) not null, "city" varchar(255) not null, "postcode" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "address_customer_id_index" on "address" ("customer_id");`);

    this.addSql(`create table "customer_group" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null);`);
    this.addSql(`alter table "customer_group" add constraint "customer_group_code_unique" unique ("code");`);

    this.addSql(`create table "customer_customer_group" ("customer_id" int not null, "customer_group_id" int not null, constraint "customer_customer_group_pkey" primary key ("customer_id", "customer_group_id"));`);

    this.addSql(`create table "locale" ("id" serial primary key, "code" varchar(12) not null);`);
    this.addSql(`alter table "locale" add constraint "locale_code_unique" unique ("code");`);

    this.addSql(`create table "oauth_client" ("id" serial primary key, "random_id" varchar(255) not null, "secret_hash" varchar(64) not null, "allowed_grant_types" text[] not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "oauth_client" add constraint "oauth_client_random_id_unique" unique ("random_id");`);

    this.addSql(`create table "access_token" ("id" serial primary key, "token_hash" varchar(64) not null, "client_id" int not null, "user_id" int not null, "expires_at" timestamptz null, "scope" varchar(255) null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "access_token" add constraint "access_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "access_token_user_id_index" on "access_token" ("user_id");`);

    this.addSql(`create table "order_sequence" ("id" serial primary key, "idx" int not null default 0);`);

    this.addSql(`create table "payment_method" ("id" serial primary key, "code" varchar(255) not null, "position" int not null default 0, "enabled" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "payment_method" add constraint "payment_method_code_unique" unique ("code");`);

    this.addSql(`create table "payment_method_translation" ("id" serial primary key, "method_id" int not null, "locale" varchar(12) not null, "name" varchar(255) not null, "description" text null, "instructions" text null);`);
    this.addSql(`alter table "payment_method_translation" add constraint "payment_method_translation_method_id_locale_unique" unique ("method_id", "locale");`);

    this.addSql(`create table "product" ("id" serial primary key, "code" varchar(255) not null, "enabled" boolean not null default true, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "product" add constraint "product_code_unique" unique ("code");`);

    this.addSql(`create table "product_option" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "position" int not null default 0);`);
    this.addSql(`alter table "product_option" add constraint "product_option_code_unique" unique ("code");`);

    this.addSql(`create table "product_product_option" ("product_id" int not null, "product_option_id" int not null, constraint "product_product_option_pkey" primary key ("product_id", "product_option_id"));`);

    this.addSql(`create table "product_option_value" ("id" serial primary key, "code" varchar(255) not null, "option_id" int not null);`);
    this.addSql(`alter table "product_option_value" add constraint "product_option_value_code_unique" unique ("code");`);

    this.addSql(`create table "product_option_value_translation" ("id" serial primary key, "option_value_id" int not null, "locale" varchar(12) not null, "value" varchar(255) not null);`);
    this.addSql(`alter table "product_option_value_translation" add constraint "product_option_value_translation_option_value_id_locale_unique" unique ("option_value_id", "locale");`);

    this.addSql(`create table "product_translation" ("id" serial primary key, "product_id" int not null, "locale" varchar(12) not null, "name" varchar(255) not null, "description" text null);`);
    this.addSql(`alter table "product_translation" add constraint "product_translation_product_id_locale_unique" unique ("product_id", "locale");`);

    this.addSql(`create table "promotion" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "description" text null, "priority" int not null default 0, "exclusive" boolean not null default false, "usage_limit" int null, "used" int not null default 0, "coupon_based" boolean not null default false, "starts_at" timestamptz null, "ends_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "promotion" add constraint "promotion_code_unique" unique ("code");`);

    this.addSql(`create table "promotion_action" ("id" serial primary key, "promotion_id" int not null, "type" varchar(255) not null, "configuration" jsonb not null);`);

    this.addSql(`create table "promotion_coupon" ("id" serial primary key, "promotion_id" int not null, "code" varchar(255) not null, "usage_limit" int null, "per_customer_usage_limit" int null, "used" int not null default 0, "expires_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "promotion_coupon" add constraint "promotion_coupon_code_unique" unique ("code");`);

    this.addSql(`create table "promotion_rule" ("id" serial primary key, "promotion_id" int not null, "type" varchar(255) not null, "configuration" jsonb not null);`);

    this.addSql(`create table "province" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "country_id" int not null);`);
    this.addSql(`alter table "province" add constraint "province_code_unique" unique ("code");`);

    this.addSql(`create table "refresh_token" ("id" serial primary key, "token_hash" varchar(64) not null, "client_id" int not null, "user_id" int not null, "expires_at" timestamptz null, "scope" varchar(255) null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "refresh_token" add constraint "refresh_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "refresh_token_user_id_index" on "refresh_token" ("user_id");`);

    this.addSql(`create table "shipping_category" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "description" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "shipping_category" add constraint "shipping_category_code_unique" unique ("code");`);

    this.addSql(`create table "shop_user" ("id" serial primary key, "customer_id" int not null, "username" varchar(254) not null, "username_canonical" varchar(254) not null, "password_hash" text not null, "roles" text[] not null, "enabled" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "shop_user" add constraint "shop_user_customer_unique" unique ("customer_id");`);

    this.addSql(`create table "tax_category" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "description" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "tax_category" add constraint "tax_category_code_unique" unique ("code");`);

    this.addSql(`create table "product_variant" ("id" serial primary key, "code" varchar(255) not null, "product_id" int not null, "position" int not null default 0, "tracked" boolean not null default false, "on_hand" int not null default 0, "on_hold" int not null default 0, "version" int not null default 1, "shipping_required" boolean not null default true, "tax_category_id" int null, "shipping_category_id" int null, "weight" double precision null, "width" double precision null, "height" double precision null, "depth" double precision null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "product_variant" add constraint "product_variant_code_unique" unique ("code");`);
    this.addSql(`create index "product_variant_product_id_index" on "product_variant" ("product_id");`);

    this.addSql(`create table "product_variant_translation" ("id" serial primary key, "variant_id" int not null, "locale" varchar(12) not null, "name" varchar(255) not null);`);
    this.addSql(`alter table "product_variant_translation" add constraint "product_variant_translation_variant_id_locale_unique" unique ("variant_id", "locale");`);

    this.addSql(`create table "product_variant_option_value" ("product_variant_id" int not null, "product_option_value_id" int not null, constraint "product_variant_option_value_pkey" primary key ("product_variant_id", "product_option_value_id"));`);

    this.addSql(`create table "channel_pricing" ("id" serial primary key, "variant_id" int not null, "channel_code" varchar(255) not null, "price" int not null, "original_price" int null);`);
    this.addSql(`alter table "channel_pricing" add constraint "channel_pricing_variant_id_channel_code_unique" unique ("variant_id", "channel_code");`);

    this.addSql(`create table "taxon" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "parent_id" int null);`);
    this.addSql(`alter table "taxon" add constraint "taxon_code_unique" unique ("code");`);

    this.addSql(`create table "product_taxon" ("product_id" int not null, "taxon_id" int not null, constraint "product_taxon_pkey" primary key ("product_id", "taxon_id"));`);

    this.addSql(`create table "zone" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "type" varchar(8) not null, "scope" varchar(8) not null default 'all');`);
    this.addSql(`alter table "zone" add constraint "zone_code_unique" unique ("code");`);

    this.addSql(`create table "tax_rate" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "category_id" int not null, "zone_id" int not null, "amount" numeric(10,5) not null, "included_in_price" boolean not null default false, "calculator" varchar(255) not null default 'default', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "tax_rate" add constraint "tax_rate_code_unique" unique ("code");`);

    this.addSql(`create table "shipping_method" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "description" text null, "zone_id" int not null, "calculator" varchar(32) not null, "configuration" jsonb not null, "tax_category_id" int null, "category_id" int null, "category_requirement" smallint not null default 1, "position" int not null default 0, "enabled" boolean not null default true, "archived_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "shipping_method" add constraint "shipping_method_code_unique" unique ("code");`);

    this.addSql(`create table "channel" ("id" serial primary key, "code" varchar(255) not null, "name" varchar(255) not null, "description" text null, "hostname" varchar(255) null, "color" varchar(255) null, "enabled" boolean not null default true, "base_currency_id" int not null, "default_locale_id" int not null, "default_tax_zone_id" int null, "tax_calculation_strategy" varchar(32) not null default 'order_items_based', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "channel" add constraint "channel_code_unique" unique ("code");`);

    this.addSql(`create table "shipping_method_channel" ("shipping_method_id" int not null, "channel_id" int not null, constraint "shipping_method_channel_pkey" primary key ("shipping_method_id", "channel_id"));`);

    this.addSql(`create table "promotion_channel" ("promotion_id" int not null, "channel_id" int not null, constraint "promotion_channel_pkey" primary key ("promotion_id", "channel_id"));`);

    this.addSql(`create table "payment_method_channel" ("payment_method_id" int not null, "channel_id" int not null, constraint "payment_method_channel_pkey" primary key ("payment_method_id", "channel_id"));`);

    this.addSql(`create table "orders" ("id" serial primary key, "number" varchar(32) null, "state" varchar(32) not null default 'cart', "checkout_state" varchar(32) not null default 'cart', "payment_state" varchar(32) not null default 'cart', "shipping_state" varchar(32) not null default 'cart', "currency_code" varchar(3) not null, "locale_code" varchar(12) not null, "customer_id" int not null, "channel_id" int not null, "shipping_address_id" int null, "billing_address_id" int null, "promotion_coupon_id" int null, "items_total" int not null default 0, "adjustments_total" int not null default 0, "total" int not null default 0, "checkout_completed_at" timestamptz null, "token_value" varchar(64) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "orders" add constraint "orders_number_unique" unique ("number");`);
    this.addSql(`alter table "orders" add constraint "orders_shipping_address_id_unique" unique ("shipping_address_id");`);
    this.addSql(`alter table "orders" add constraint "orders_billing_address_id_unique" unique ("billing_address_id");`);
    this.addSql(`create index "orders_checkout_state_id_index" on "orders" ("checkout_state", "id");`);
    this.addSql(`create index "orders_customer_updated_at_index" on "orders" ("customer_id", "updated_at");`);

    this.addSql(`create table "shipment" ("id" serial primary key, "order_id" int not null, "method_id" int not null, "state" varchar(32) not null default 'cart', "tracking" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "shipment_order_id_index" on "shipment" ("order_id");`);

    this.addSql(`create table "payment" ("id" serial primary key, "order_id" int not null, "method_id" int null, "currency_code" varchar(3) not null, "amount" int not null default 0, "state" varchar(32) not null default 'cart', "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "payment_order_id_index" on "payment" ("order_id");`);

    this.addSql(`create table "order_item" ("id" serial primary key, "order_id" int not null, "variant_id" int not null, "quantity" int not null default 0, "unit_price" int not null default 0, "units_total" int not null default 0, "adjustments_total" int not null default 0, "total" int not null default 0, "product_name" varchar(255) null, "variant_name" varchar(255) null, "immutable" boolean not null default false);`);
    this.addSql(`create index "order_item_order_id_index" on "order_item" ("order_id");`);

    this.addSql(`create table "order_item_unit" ("id" serial primary key, "order_item_id" int not null, "shipment_id" int null, "adjustments_total" int not null default 0);`);
    this.addSql(`create index "order_item_unit_order_item_id_index" on "order_item_unit" ("order_item_id");`);
    this.addSql(`create index "order_item_unit_shipment_id_index" on "order_item_unit" ("shipment_id");`);

    this.addSql(`create table "order_promotion" ("order_id" int not null, "promotion_id" int not null, constraint "order_promotion_pkey" primary key ("order_id", "promotion_id"));`);

    this.addSql(`create table "adjustment" ("id" serial primary key, "order_id" int null, "order_item_id" int null, "order_item_unit_id" int null, "type" varchar(64) not null, "label" varchar(255) not null, "amount" int not null, "neutral" boolean not null default false, "locked" boolean not null default false, "origin_code" varchar(255) null, constraint adjustment_single_owner_check check ((case when order_id is null then 0 else 1 end + case when order_item_id is null then 0 else 1 end + case when order_item_unit_id is null then 0 else 1 end) = 1));`);
    this.addSql(`create index "adjustment_order_id_index" on "adjustment" ("order_id");`);
    this.addSql(`create index "adjustment_order_item_id_index" on "adjustment" ("order_item_id");`);
    this.addSql(`create index "adjustment_order_item_unit_id_index" on "adjustment" ("order_item_unit_id");`);

    this.addSql(`create table "channel_locale" ("channel_id" int not null, "locale_id" int not null, constraint "channel_locale_pkey" primary key ("channel_id", "locale_id"));`);

    this.addSql(`create table "channel_currency" ("channel_id" int not null, "currency_id" int not null, constraint "channel_currency_pkey" primary key ("channel_id", "currency_id"));`);

    this.addSql(`create table "zone_member" ("id" serial primary key, "zone_id" int not null, "code" varchar(255) not null);`);
    this.addSql(`alter table "zone_member" add constraint "zone_member_zone_id_code_unique" unique ("zone_id", "code");`);

    this.addSql(`alter table "address" add constraint "address_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "customer_customer_group" add constraint "customer_customer_group_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "customer_customer_group" add constraint "customer_customer_group_customer_group_id_foreign" foreign key ("customer_group_id") references "customer_group" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "access_token" add constraint "access_token_client_id_foreign" foreign key ("client_id") references "oauth_client" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "access_token" add constraint "access_token_user_id_foreign" foreign key ("user_id") references "admin_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "payment_method_translation" add constraint "payment_method_translation_method_id_foreign" foreign key ("method_id") references "payment_method" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "product_product_option" add constraint "product_product_option_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "product_product_option" add constraint "product_product_option_product_option_id_foreign" foreign key ("product_option_id") references "product_option" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "product_option_value" add constraint "product_option_value_option_id_foreign" foreign key ("option_id") references "product_option" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "product_option_value_translation" add constraint "product_option_value_translation_option_value_id_foreign" foreign key ("option_value_id") references "product_option_value" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "product_translation" add constraint "product_translation_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "promotion_action" add constraint "promotion_action_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "promotion_coupon" add constraint "promotion_coupon_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "promotion_rule" add constraint "promotion_rule_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "province" add constraint "province_country_id_foreign" foreign key ("country_id") references "country" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "refresh_token" add constraint "refresh_token_client_id_foreign" foreign key ("client_id") references "oauth_client" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "refresh_token" add constraint "refresh_token_user_id_foreign" foreign key ("user_id") references "admin_user" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "shop_user" add constraint "shop_user_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "product_variant" add constraint "product_variant_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "product_variant" add constraint "product_variant_tax_category_id_foreign" foreign key ("tax_category_id") references "tax_category" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "product_variant" add constraint "product_variant_shipping_category_id_foreign" foreign key ("shipping_category_id") references "shipping_category" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "product_variant_translation" add constraint "product_variant_translation_variant_id_foreign" foreign key ("variant_id") references "product_variant" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "product_variant_option_value" add constraint "product_variant_option_value_product_variant_id_foreign" foreign key ("product_variant_id") references "product_variant" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "product_variant_option_value" add constraint "product_variant_option_value_product_option_value_id_foreign" foreign key ("product_option_value_id") references "product_option_value" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "channel_pricing" add constraint "channel_pricing_variant_id_foreign" foreign key ("variant_id") references "product_variant" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "taxon" add constraint "taxon_parent_id_foreign" foreign key ("parent_id") references "taxon" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "product_taxon" add constraint "product_taxon_product_id_foreign" foreign key ("product_id") references "product" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "product_taxon" add constraint "product_taxon_taxon_id_foreign" foreign key ("taxon_id") references "taxon" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "tax_rate" add constraint "tax_rate_category_id_foreign" foreign key ("category_id") references "tax_category" ("id") on update cascade;`);
    this.addSql(`alter table "tax_rate" add constraint "tax_rate_zone_id_foreign" foreign key ("zone_id") references "zone" ("id") on update cascade;`);

    this.addSql(`alter table "shipping_method" add constraint "shipping_method_zone_id_foreign" foreign key ("zone_id") references "zone" ("id") on update cascade;`);
    this.addSql(`alter table "shipping_method" add constraint "shipping_method_tax_category_id_foreign" foreign key ("tax_category_id") references "tax_category" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "shipping_method" add constraint "shipping_method_category_id_foreign" foreign key ("category_id") references "shipping_category" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "channel" add constraint "channel_base_currency_id_foreign" foreign key ("base_currency_id") references "currency" ("id") on update cascade;`);
    this.addSql(`alter table "channel" add constraint "channel_default_locale_id_foreign" foreign key ("default_locale_id") references "locale" ("id") on update cascade;`);
    this.addSql(`alter table "channel" add constraint "channel_default_tax_zone_id_foreign" foreign key ("default_tax_zone_id") references "zone" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "shipping_method_channel" add constraint "shipping_method_channel_shipping_method_id_foreign" foreign key ("shipping_method_id") references "shipping_method" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "shipping_method_channel" add constraint "shipping_method_channel_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "promotion_channel" add constraint "promotion_channel_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "promotion_channel" add constraint "promotion_channel_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "payment_method_channel" add constraint "payment_method_channel_payment_method_id_foreign" foreign key ("payment_method_id") references "payment_method" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "payment_method_channel" add constraint "payment_method_channel_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "orders" add constraint "orders_customer_id_foreign" foreign key ("customer_id") references "customer" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "orders" add constraint "orders_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade;`);
    this.addSql(`alter table "orders" add constraint "orders_shipping_address_id_foreign" foreign key ("shipping_address_id") references "address" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "orders" add constraint "orders_billing_address_id_foreign" foreign key ("billing_address_id") references "address" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "orders" add constraint "orders_promotion_coupon_id_foreign" foreign key ("promotion_coupon_id") references "promotion_coupon" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "shipment" add constraint "shipment_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "shipment" add constraint "shipment_method_id_foreign" foreign key ("method_id") references "shipping_method" ("id") on update cascade;`);

    this.addSql(`alter table "payment" add constraint "payment_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "payment" add constraint "payment_method_id_foreign" foreign key ("method_id") references "payment_method" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "order_item" add constraint "order_item_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_item" add constraint "order_item_variant_id_foreign" foreign key ("variant_id") references "product_variant" ("id") on update cascade;`);

    this.addSql(`alter table "order_item_unit" add constraint "order_item_unit_order_item_id_foreign" foreign key ("order_item_id") references "order_item" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_item_unit" add constraint "order_item_unit_shipment_id_foreign" foreign key ("shipment_id") references "shipment" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "order_promotion" add constraint "order_promotion_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "order_promotion" add constraint "order_promotion_promotion_id_foreign" foreign key ("promotion_id") references "promotion" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "adjustment" add constraint "adjustment_order_id_foreign" foreign key ("order_id") references "orders" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "adjustment" add constraint "adjustment_order_item_id_foreign" foreign key ("order_item_id") references "order_item" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "adjustment" add constraint "adjustment_order_item_unit_id_foreign" foreign key ("order_item_unit_id") references "order_item_unit" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "channel_locale" add constraint "channel_locale_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "channel_locale" add constraint "channel_locale_locale_id_foreign" foreign key ("locale_id") references "locale" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "channel_currency" add constraint "channel_currency_channel_id_foreign" foreign key ("channel_id") references "channel" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "channel_currency" add constraint "channel_currency_currency_id_foreign" foreign key ("currency_id") references "currency" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "zone_member" add constraint "zone_member_zone_id_foreign" foreign key ("zone_id") references "zone" ("id") on update cascade on delete cascade;`);

    // The single row that hands out order numbers.
    this.addSql(`insert into "order_sequence" ("id", "idx") values (1, 0);`);
  }

}
