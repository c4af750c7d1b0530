export type * from './types';
export {
  OrderProcessingError,
  MissingChannelPriceError,
  MissingShippingConfigurationError,
  UnsupportedTaxCalculationStrategyError,
  InvalidItemQuantityError,
} from './errors';
export {
  phpRound,
  roundHalfDown,
  truncate,
  integerDistribute,
  proportionalIntegerDistribute,
  phpFloatToString,
  formatTaxRateLabel,
} from './money';
export { ADJUSTMENT } from './adjustments';
export { processOrder } from './process-order';
export { isCouponEligible } from './coupon-validation';
export { findCoupon, isCouponUsable, type CouponWithPromotion } from './promotions/coupons';
export { createZoneLookup, matchZone, matchAllZones } from './zones';
