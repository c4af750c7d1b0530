/**
 * Plain-data input and output of the cart-totals engine.
 *
 * Everything here is JSON-serialisable except the Date fields of promotions and coupons.
 * Money is always an integer amount of minor units (cents); rates and percentages are decimals (0.23 = 23 %).
 */

export type TaxCalculationStrategy = 'order_items_based' | 'order_item_units_based';

export interface EngineChannel {
  code: string;
  name: string;
  taxCalculationStrategy: TaxCalculationStrategy | null;
  defaultTaxZoneCode: string | null;
}

export interface EngineVariant {
  code: string;
  name: string;
  productCode: string;
  productName: string;
  /** Price per channel code. */
  channelPrices: Record<string, number>;
  taxCategoryCode: string | null;
  shippingCategoryCode: string | null;
  shippingRequired: boolean;
  /** Codes of the taxons directly assigned to the product. */
  productTaxonCodes: string[];
}

export interface EngineItem {
  /** Caller's identifier for the line, echoed back in the result. */
  key: string | number;
  /** Number of units; an integer ≥ 1. */
  quantity: number;
  variant: EngineVariant;
}

export interface EngineAddress {
  countryCode: string;
  provinceCode: string | null;
}

export interface EngineCustomer {
  /** Null for a customer that has not been saved yet. */
  id: number | null;
  /** Codes of the customer groups the customer belongs to. */
  groupCodes: string[];
  /** Orders of this customer in any state other than cart or cancelled. */
  placedOrdersCount: number;
  /**
   * Per coupon code: how many of this customer's orders (not cart) used it, cancelled ones only when the
   * coupon is not reusable from cancelled orders.
   */
  couponUsage: Record<string, number>;
}

export interface EngineOrder {
  channel: EngineChannel;
  currencyCode: string;
  items: EngineItem[];
  couponCode: string | null;
  shippingAddress: EngineAddress | null;
  customer: EngineCustomer | null;
  /** Method of the cart's existing shipment, or null when the cart has no shipment yet. */
  currentShipmentMethodCode: string | null;
  /** Method of the cart's existing payment (state cart), or null when it has none. */
  currentPaymentMethodCode: string | null;
}

// ---------------------------------------------------------------------------------------------
// Shop configuration

export type ZoneType = 'country' | 'province' | 'zone';
export type ZoneScope = 'all' | 'tax' | 'shipping';

export interface EngineZone {
  code: string;
  type: ZoneType;
  scope: ZoneScope;
  /** Country codes, province codes or zone codes depending on `type`. */
  members: string[];
}

export interface EngineTaxRate {
  code: string;
  name: string;
  categoryCode: string;
  zoneCode: string;
  amount: number;
  includedInPrice: boolean;
  calculator: 'default';
}

export type ShippingCalculatorType = 'flat_rate' | 'per_unit_rate';

/** 0 = no variant may match the category, 1 = at least one must, 2 = all must. */
export type ShippingCategoryRequirement = 0 | 1 | 2;

export interface EngineShippingMethod {
  code: string;
  name: string;
  zoneCode: string;
  calculator: ShippingCalculatorType;
  /** Keyed by channel code. */
  configuration: Record<string, { amount: number }>;
  channelCodes: string[];
  taxCategoryCode: string | null;
  categoryCode: string | null;
  categoryRequirement: ShippingCategoryRequirement;
  position: number;
  enabled: boolean;
}

export interface UnitDiscountFilters {
  price_range_filter?: { min?: number | null; max?: number | null };
  taxons_filter?: { taxons?: string[] };
  products_filter?: { products?: string[] };
}

export type ChannelKeyed<T> = Record<string, T>;

export type EnginePromotionRule =
  | { type: 'cart_quantity'; configuration: { count: number } }
  | { type: 'item_total'; configuration: ChannelKeyed<{ amount: number }> }
  | { type: 'has_taxon'; configuration: { taxons: string[] } }
  | { type: 'total_of_items_from_taxon'; configuration: ChannelKeyed<{ taxon: string; amount: number }> }
  | { type: 'contains_product'; configuration: { product_code: string } }
  | { type: 'nth_order'; configuration: { nth: number } }
  | { type: 'customer_group'; configuration: { group_code: string } }
  | { type: 'shipping_country'; configuration: { country: string } };

export type EnginePromotionAction =
  | { type: 'order_fixed_discount'; configuration: ChannelKeyed<{ amount: number }> }
  | { type: 'order_percentage_discount'; configuration: { percentage: number } }
  | { type: 'unit_fixed_discount'; configuration: ChannelKeyed<{ amount: number; filters?: UnitDiscountFilters }> }
  | { type: 'unit_percentage_discount'; configuration: ChannelKeyed<{ percentage: number; filters?: UnitDiscountFilters }> }
  | { type: 'shipping_percentage_discount'; configuration: { percentage: number } };

export interface EngineCoupon {
  code: string;
  usageLimit: number | null;
  perCustomerUsageLimit: number | null;
  expiresAt: Date | null;
  used: number;
}

export interface EnginePromotion {
  code: string;
  name: string;
  priority: number;
  exclusive: boolean;
  channelCodes: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  used: number;
  couponBased: boolean;
  rules: EnginePromotionRule[];
  actions: EnginePromotionAction[];
  coupons: EngineCoupon[];
}

export interface EnginePaymentMethod {
  code: string;
  channelCodes: string[];
  position: number;
  enabled: boolean;
}

export interface EngineShop {
  /** All lists are in database order; ties in position/priority keep that order. */
  zones: EngineZone[];
  taxRates: EngineTaxRate[];
  shippingMethods: EngineShippingMethod[];
  promotions: EnginePromotion[];
  paymentMethods: EnginePaymentMethod[];
  /**
   * Codes of every taxon in the shop. Optional: when given, a `total_of_items_from_taxon` rule naming an
   * unknown taxon is never satisfied; when omitted every taxon code is assumed to exist.
   */
  taxonCodes?: string[];
}

// ---------------------------------------------------------------------------------------------
// Result

export type AdjustmentType =
  | 'order_promotion'
  | 'order_unit_promotion'
  | 'order_item_promotion'
  | 'order_shipping_promotion'
  | 'shipping'
  | 'tax';

export interface EngineAdjustment {
  type: AdjustmentType;
  label: string;
  /** Negative for discounts. */
  amount: number;
  /** Neutral adjustments (taxes included in the price) never count toward a total. */
  neutral: boolean;
  originCode: string | null;
}

export interface EngineUnitResult {
  adjustments: EngineAdjustment[];
  adjustmentsTotal: number;
  total: number;
}

export interface EngineItemResult {
  key: string | number;
  unitPrice: number;
  quantity: number;
  units: EngineUnitResult[];
  unitsTotal: number;
  adjustments: EngineAdjustment[];
  adjustmentsTotal: number;
  total: number;
}

export interface EngineShipmentResult {
  methodCode: string;
}

export interface EnginePaymentResult {
  methodCode: string;
  amount: number;
  currencyCode: string;
}

export interface EngineResult {
  items: EngineItemResult[];
  /** Order-level adjustments: shipping, shipping promotions, shipping tax. */
  adjustments: EngineAdjustment[];
  itemsTotal: number;
  adjustmentsTotal: number;
  total: number;
  shipment: EngineShipmentResult | null;
  payment: EnginePaymentResult | null;
  /** Promotions that changed the order, in application order. */
  appliedPromotionCodes: string[];
  /** True when the order's coupon belongs to one of the applied promotions. */
  couponApplied: boolean;
  /** All tax adjustments at every level, included (neutral) ones too. */
  taxTotal: number;
  /** Non-neutral order-level shipping, shipping promotions and shipping tax. */
  shippingTotal: number;
  /** Non-neutral order, item and unit promotions (shipping promotions excluded). */
  orderPromotionTotal: number;
}
