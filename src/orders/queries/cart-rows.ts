/**
 * Raw rows of the cart read queries. Nested collections arrive as JSON built by PostgreSQL, so a cart
 * (or a page of carts) is read in one statement whatever the number of lines and units.
 */

export interface AdjustmentRow {
  id: number;
  type: string;
  label: string;
  amount: number;
}

export interface UnitRow {
  id: number;
  adjustments_total: number;
  adjustments: AdjustmentRow[];
}

interface TranslationRow {
  id: number;
  locale: string;
  name: string;
}

interface OptionValueRow {
  code: string;
  translations: Array<{ id: number; locale: string; value: string }>;
}

interface ChannelPricingRow {
  channel_code: string;
  price: number;
}

export interface CartItemRow {
  id: number;
  order_id: number;
  quantity: number;
  unit_price: number;
  units_total: number;
  adjustments_total: number;
  total: number;
  units: UnitRow[];
  adjustments: AdjustmentRow[];
  variant_id: number;
  variant_code: string;
  variant_position: number;
  variant_version: number;
  variant_tracked: boolean;
  product_code: string;
  tax_category_id: number | null;
  tax_category_code: string | null;
  tax_category_name: string | null;
  shipping_category_id: number | null;
  shipping_category_code: string | null;
  shipping_category_name: string | null;
  variant_translations: TranslationRow[];
  option_values: OptionValueRow[];
  channel_pricings: ChannelPricingRow[];
}

/** The variant part of a cart line, as VARIANT_COLUMNS (cart-sql.ts) reads it. */
type CartItemVariantRow = Pick<
  CartItemRow,
  | 'variant_id'
  | 'variant_code'
  | 'variant_position'
  | 'variant_version'
  | 'variant_tracked'
  | 'product_code'
  | 'tax_category_id'
  | 'tax_category_code'
  | 'tax_category_name'
  | 'shipping_category_id'
  | 'shipping_category_code'
  | 'shipping_category_name'
  | 'variant_translations'
  | 'option_values'
  | 'channel_pricings'
>;

export interface CartRow {
  id: number;
  items_total: number;
  adjustments_total: number;
  total: number;
  currency_code: string;
  locale_code: string;
  checkout_state: string;
  customer_id: number;
  customer_email: string;
  customer_first_name: string | null;
  customer_last_name: string | null;
  user_id: number | null;
  user_username: string | null;
  user_username_canonical: string | null;
  user_enabled: boolean | null;
  channel_id: number;
  channel_code: string;
  coupon_id: number | null;
  coupon_code: string | null;
  coupon_used: number | null;
  coupon_usage_limit: number | null;
  coupon_expires_at: Date | string | null;
  coupon_promotion_code: string | null;
  adjustments: AdjustmentRow[];
  items: CartItemRow[];
}
