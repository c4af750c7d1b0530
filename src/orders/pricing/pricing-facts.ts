import type { EngineCoupon, TaxCalculationStrategy } from './engine';

/*
 * What pricing reads besides the order's own rows: read with the order in the same statement, never
 * changed by a command (a step that changes one of them, such as the coupon, replaces the value).
 */

/** The price, categories, names, taxons and stock of one variant, as seen from the order's channel and locale. */
export interface VariantFacts {
  id: number;
  code: string;
  /** In the order's locale, else the oldest translation; null when the variant has no name. */
  name: string | null;
  productCode: string;
  /** In the order's locale, else the oldest translation, else the product's code. */
  productName: string;
  /** The same without the code: null when the product has no name at all. */
  translatedProductName: string | null;
  productEnabled: boolean;
  /** The channel's price; null when the variant is not sold in the order's channel. */
  price: number | null;
  taxCategoryCode: string | null;
  shippingCategoryCode: string | null;
  shippingRequired: boolean;
  tracked: boolean;
  onHand: number;
  onHold: number;
  taxonCodes: string[];
}

export interface ChannelFacts {
  id: number;
  code: string;
  name: string;
  taxCalculationStrategy: TaxCalculationStrategy | null;
  defaultTaxZoneCode: string | null;
}

export interface CustomerFacts {
  id: number;
  /** Whether the customer has a shop account: placing keeps the order's addresses in its address book then. */
  hasAccount: boolean;
  groupCodes: string[];
  /** Orders of this customer placed and not cancelled. */
  placedOrders: number;
  /**
   * By coupon code, the customer's uses of it for its per-customer limit: placed orders with it, cancelled ones
   * included when the coupon is not reusable from cancelled orders (such an order keeps its use, as in `used`).
   */
  couponUsage: Record<string, number>;
}

/** A coupon with what the engine needs of it and the ids the order stores. */
export interface CouponFacts extends EngineCoupon {
  id: number;
  promotionId: number;
}

export interface PricingFacts {
  channel: ChannelFacts;
  /** The shop configuration version the order was read at (see shop-configuration-cache.ts). */
  configurationVersion: string | null;
  customer: CustomerFacts | null;
  variants: Map<number, VariantFacts>;
  /** Promotion id → used, for the channel's promotions. */
  promotionUsage: Map<number, number>;
}
