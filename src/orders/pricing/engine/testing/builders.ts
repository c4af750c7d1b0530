/**
 * Small data builders for the engine's unit tests and benchmark. Plain data only, no test framework.
 */
import type {
  EngineChannel,
  EngineCoupon,
  EngineCustomer,
  EngineItem,
  EngineOrder,
  EnginePaymentMethod,
  EnginePromotion,
  EngineShippingMethod,
  EngineShop,
  EngineTaxRate,
  EngineVariant,
  EngineZone,
} from '../types';

export const NOW = new Date('2026-01-15T12:00:00Z');

export function aChannel(overrides: Partial<EngineChannel> = {}): EngineChannel {
  return {
    code: 'WEB',
    name: 'Web Channel',
    taxCalculationStrategy: 'order_items_based',
    defaultTaxZoneCode: 'US',
    ...overrides,
  };
}

export function aVariant(code: string, price: number | null, overrides: Partial<EngineVariant> = {}): EngineVariant {
  return {
    code,
    name: `Variant ${code}`,
    productCode: `P_${code}`,
    productName: `Product ${code}`,
    channelPrices: price === null ? {} : { WEB: price },
    taxCategoryCode: 'std',
    shippingCategoryCode: null,
    shippingRequired: true,
    productTaxonCodes: [],
    ...overrides,
  };
}

export function anItem(key: string | number, variant: EngineVariant, quantity = 1): EngineItem {
  return { key, quantity, variant };
}

/** An item whose variant is created on the fly: `line('A', 500, 2)`. */
export function line(code: string, price: number, quantity = 1, overrides: Partial<EngineVariant> = {}): EngineItem {
  return anItem(code, aVariant(code, price, overrides), quantity);
}

export function anOrder(overrides: Partial<EngineOrder> = {}): EngineOrder {
  return {
    channel: aChannel(),
    currencyCode: 'USD',
    items: [],
    couponCode: null,
    shippingAddress: null,
    customer: null,
    currentShipmentMethodCode: null,
    currentPaymentMethodCode: null,
    ...overrides,
  };
}

export function aCustomer(overrides: Partial<EngineCustomer> = {}): EngineCustomer {
  return { id: 7, groupCodes: [], placedOrdersCount: 0, couponUsage: {}, ...overrides };
}

export function aZone(code: string, type: EngineZone['type'], members: string[], scope: EngineZone['scope'] = 'all'): EngineZone {
  return { code, type, scope, members };
}

export function aTaxRate(overrides: Partial<EngineTaxRate> = {}): EngineTaxRate {
  return {
    code: 'us_vat',
    name: 'VAT',
    categoryCode: 'std',
    zoneCode: 'US',
    amount: 0.23,
    includedInPrice: false,
    calculator: 'default',
    ...overrides,
  };
}

export function aShippingMethod(overrides: Partial<EngineShippingMethod> = {}): EngineShippingMethod {
  return {
    code: 'flat',
    name: 'Flat',
    zoneCode: 'US',
    calculator: 'flat_rate',
    configuration: { WEB: { amount: 500 } },
    channelCodes: ['WEB'],
    taxCategoryCode: null,
    categoryCode: null,
    categoryRequirement: 1,
    position: 0,
    enabled: true,
    ...overrides,
  };
}

export function aPromotion(overrides: Partial<EnginePromotion> = {}): EnginePromotion {
  return {
    code: 'promo',
    name: 'Promo',
    priority: 0,
    exclusive: false,
    channelCodes: ['WEB'],
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    used: 0,
    couponBased: false,
    rules: [],
    actions: [],
    coupons: [],
    ...overrides,
  };
}

export function aCoupon(code: string, overrides: Partial<EngineCoupon> = {}): EngineCoupon {
  return { code, usageLimit: null, perCustomerUsageLimit: null, expiresAt: null, used: 0, ...overrides };
}

export function aPaymentMethod(code: string, overrides: Partial<EnginePaymentMethod> = {}): EnginePaymentMethod {
  return { code, channelCodes: ['WEB'], position: 0, enabled: true, ...overrides };
}

export function aShop(overrides: Partial<EngineShop> = {}): EngineShop {
  return {
    zones: [aZone('US', 'country', ['US'])],
    taxRates: [],
    shippingMethods: [],
    promotions: [],
    paymentMethods: [],
    ...overrides,
  };
}
