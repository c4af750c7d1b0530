import type { ShippingCategoryRow } from '../../shipping/categories/queries/shipping-category-sql';
import type { TaxCategoryRow } from '../../taxation/queries/tax-category-sql';

/**
 * Raw rows of the catalog reads. Nested collections arrive as JSON built by PostgreSQL, so a product
 * with all its variants is read in one statement.
 */

export interface OptionValueRow {
  code: string;
  translations: Array<{ id: number; locale: string; value: string }>;
}

export interface VariantRow {
  id: number;
  code: string;
  product_code: string;
  /** The variant's name for the descriptor, or else the product's; null when neither has one. */
  descriptor_name: string | null;
  position: number;
  version: number;
  on_hold: number;
  on_hand: number;
  tracked: boolean;
  weight: number | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  option_values: OptionValueRow[];
  translations: Array<{ id: number; locale: string; name: string }>;
  channel_pricings: Array<{ channel_code: string; price: number }>;
  tax_category: TaxCategoryRow | null;
  shipping_category: ShippingCategoryRow | null;
}

export interface ProductOptionRow {
  id: number;
  code: string;
  name: string;
  position: number;
  values: OptionValueRow[];
}

export interface ProductRow {
  id: number;
  code: string;
  enabled: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  variants: VariantRow[];
  options: ProductOptionRow[];
  translations: Array<{ id: number; locale: string; name: string; description: string | null }>;
  taxons: Array<{ id: number; code: string; name: string }>;
}
