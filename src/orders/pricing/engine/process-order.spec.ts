import {
  InvalidItemQuantityError,
  MissingChannelPriceError,
  MissingShippingConfigurationError,
  UnsupportedTaxCalculationStrategyError,
} from './errors';
import { processOrder } from './process-order';
import {
  aChannel,
  aCoupon,
  aCustomer,
  anOrder,
  aPaymentMethod,
  aPromotion,
  aShippingMethod,
  aShop,
  aTaxRate,
  aZone,
  line,
  NOW,
} from './testing/builders';
import { captureError } from './testing/capture-error';
import type { EngineOrder, EngineResult, EngineShop, EngineUnitResult } from './types';

const tenPercent = aPromotion({
  code: 'ten',
  name: 'Ten',
  actions: [{ type: 'order_percentage_discount', configuration: { percentage: 0.1 } }],
});

function exampleOneShop(overrides: Partial<EngineShop> = {}): EngineShop {
  return aShop({
    taxRates: [aTaxRate()],
    shippingMethods: [aShippingMethod({ taxCategoryCode: 'std' })],
    promotions: [tenPercent],
    paymentMethods: [aPaymentMethod('cash_on_delivery')],
    ...overrides,
  });
}

const unitSummary = (units: EngineUnitResult[]) =>
  units.map((unit) => ({ adjustments: unit.adjustments.map((a) => [a.type, a.amount]), total: unit.total }));
const orderAdjustments = (result: EngineResult) => result.adjustments.map((a) => [a.type, a.amount]);

describe('worked example 1: 3 × 1059, 10 % off, flat shipping 500, VAT 23 % excluded', () => {
  const order = anOrder({ items: [line('MUG', 1059, 3)] });

  it('matches every number of the reference', () => {
    const result = processOrder(order, exampleOneShop(), NOW);
    const [item] = result.items;
    expect(item.unitPrice).toBe(1059);
    expect(item.quantity).toBe(3);
    expect(unitSummary(item.units)).toEqual([
      { adjustments: [['order_promotion', -106], ['tax', 220]], total: 1173 },
      { adjustments: [['order_promotion', -106], ['tax', 219]], total: 1172 },
      { adjustments: [['order_promotion', -106], ['tax', 219]], total: 1172 },
    ]);
    expect(item.units[0].adjustments).toEqual([
      { type: 'order_promotion', label: 'Ten', amount: -106, neutral: false, originCode: 'ten' },
      { type: 'tax', label: 'VAT (23%)', amount: 220, neutral: false, originCode: null },
    ]);
    expect(item.adjustments).toEqual([]);
    expect(item.total).toBe(3517);
    expect(result.adjustments).toEqual([
      { type: 'shipping', label: 'Flat', amount: 500, neutral: false, originCode: null },
      { type: 'tax', label: 'VAT (23%)', amount: 115, neutral: false, originCode: null },
    ]);
    expect(result).toMatchObject({
      itemsTotal: 3517,
      adjustmentsTotal: 615,
      total: 4132,
      taxTotal: 773,
      shippingTotal: 615,
      orderPromotionTotal: -318,
      shipment: { methodCode: 'flat' },
      payment: { methodCode: 'cash_on_delivery', amount: 4132, currencyCode: 'USD' },
      appliedPromotionCodes: ['ten'],
      couponApplied: false,
    });
  });

  it('totals 4017 when the shipping method has no tax category', () => {
    const result = processOrder(order, exampleOneShop({ shippingMethods: [aShippingMethod({ taxCategoryCode: null })] }), NOW);
    expect(result.total).toBe(4017);
    expect(orderAdjustments(result)).toEqual([['shipping', 500]]);
  });

  it('totals 4131 with the units-based strategy', () => {
    const unitsBased = { ...order, channel: aChannel({ taxCalculationStrategy: 'order_item_units_based' }) };
    const result = processOrder(unitsBased, exampleOneShop(), NOW);
    expect(result.items[0].units.map((unit) => unit.total)).toEqual([1172, 1172, 1172]);
    expect(result.items[0].total).toBe(3516);
    expect(result.total).toBe(4131);
    expect(result.taxTotal).toBe(772);
  });

  it('gives the same totals when the tax zone comes from a shipping address', () => {
    const addressed = { ...order, shippingAddress: { countryCode: 'US', provinceCode: null } };
    expect(processOrder(addressed, exampleOneShop(), NOW).total).toBe(4132);
  });
});

describe('worked example 2: order_fixed_discount with remainders at both levels', () => {
  it('matches the reference', () => {
    const shop = aShop({
      promotions: [
        aPromotion({ code: 'fixed', name: 'Fixed', actions: [{ type: 'order_fixed_discount', configuration: { WEB: { amount: 1000 } } }] }),
      ],
    });
    const order = anOrder({ items: [line('A', 500, 2), line('B', 1000, 1), line('C', 250, 4)] });
    const result = processOrder(order, shop, NOW);
    expect(result.items.map((item) => item.units.map((unit) => unit.total))).toEqual([[333, 333], [667], [166, 167, 167, 167]]);
    expect(result.items.map((item) => item.total)).toEqual([666, 667, 667]);
    expect(result).toMatchObject({ itemsTotal: 2000, total: 2000, orderPromotionTotal: -1000, taxTotal: 0, shipment: null });
  });
});

describe('worked example 3: exact half in the proportional distributor', () => {
  it('matches the reference', () => {
    const shop = aShop({
      promotions: [aPromotion({ actions: [{ type: 'order_fixed_discount', configuration: { WEB: { amount: 3 } } }] })],
    });
    const result = processOrder(anOrder({ items: [line('A', 150), line('B', 150)] }), shop, NOW);
    expect(result.items.map((item) => item.units[0].adjustments[0].amount)).toEqual([-2, -1]);
    expect(result.items.map((item) => item.total)).toEqual([148, 149]);
    expect(result.total).toBe(297);
  });
});

describe('tax zones', () => {
  const shop = aShop({
    zones: [
      aZone('NA', 'zone', ['US', 'MX']),
      aZone('US', 'country', ['US']),
      aZone('MX', 'country', ['MX'], 'shipping'),
      aZone('US_CA', 'province', ['US-CA']),
    ],
    taxRates: [
      aTaxRate({ code: 'na', zoneCode: 'NA', amount: 0.3 }),
      aTaxRate({ code: 'us', zoneCode: 'US', amount: 0.2 }),
      aTaxRate({ code: 'ca', zoneCode: 'US_CA', amount: 0.1 }),
    ],
  });
  const order = (shippingAddress: EngineOrder['shippingAddress'], defaultTaxZoneCode: string | null = 'US') =>
    anOrder({ items: [line('A', 1000)], shippingAddress, channel: aChannel({ defaultTaxZoneCode }) });

  it.each<[string, EngineOrder, number]>([
    ['a province beats its country', order({ countryCode: 'US', provinceCode: 'US-CA' }), 1100],
    ['a country beats an enclosing zone', order({ countryCode: 'US', provinceCode: 'US-NY' }), 1200],
    ['a zone applies when nothing more specific matches', order({ countryCode: 'MX', provinceCode: null }), 1300],
    ['the channel default applies without an address', order(null), 1200],
    ['an unmatched address falls back to the channel default', order({ countryCode: 'JP', provinceCode: null }), 1200],
    ['no tax zone means no taxes', order(null, null), 1000],
  ])('%s', (_, cart, total) => {
    expect(processOrder(cart, shop, NOW).total).toBe(total);
  });

  it('needs a tax strategy only when there is a tax zone', () => {
    const noStrategy = aChannel({ taxCalculationStrategy: null });
    expect(() => processOrder({ ...order(null), channel: noStrategy }, shop, NOW)).toThrow(UnsupportedTaxCalculationStrategyError);
    const untaxed = { ...order(null), channel: { ...noStrategy, defaultTaxZoneCode: null } };
    expect(processOrder(untaxed, shop, NOW).total).toBe(1000);
  });
});

describe('configuration errors', () => {
  it('rejects a variant without a price in the channel', () => {
    const order = anOrder({ items: [line('A', 100), line('MUG', 0, 1, { channelPrices: { MOBILE: 5 } })] });
    const error = captureError(() => processOrder(order, aShop(), NOW));
    expect(error).toBeInstanceOf(MissingChannelPriceError);
    expect(error).toMatchObject({
      variantCode: 'MUG',
      channelCode: 'WEB',
      message: 'Channel Web Channel has no price defined for product variant Variant MUG',
    });
  });

  it('rejects a shipping method without configuration for the channel', () => {
    const shop = aShop({ shippingMethods: [aShippingMethod({ code: 'ups', configuration: {} })] });
    const error = captureError(() => processOrder(anOrder({ items: [line('A', 100)] }), shop, NOW));
    expect(error).toBeInstanceOf(MissingShippingConfigurationError);
    expect(error).toMatchObject({ methodCode: 'ups', channelCode: 'WEB' });
  });

  it('rejects a quantity below 1', () => {
    expect(() => processOrder(anOrder({ items: [line('A', 100, 0)] }), aShop(), NOW)).toThrow(InvalidItemQuantityError);
  });
});

describe('edge cases', () => {
  const taxedShop = exampleOneShop();

  it('handles an empty cart', () => {
    const result = processOrder(anOrder(), taxedShop, NOW);
    expect(result).toMatchObject({
      items: [],
      adjustments: [],
      itemsTotal: 0,
      adjustmentsTotal: 0,
      total: 0,
      shipment: null,
      payment: null,
      appliedPromotionCodes: [],
      taxTotal: 0,
    });
  });

  it('handles zero-priced items: no discount applies, only shipping is charged and taxed', () => {
    const result = processOrder(anOrder({ items: [line('FREE', 0, 2)] }), taxedShop, NOW);
    expect(result.items[0].units.map((unit) => unit.adjustments)).toEqual([[], []]);
    expect(result.appliedPromotionCodes).toEqual([]);
    expect(orderAdjustments(result)).toEqual([['shipping', 500], ['tax', 115]]);
    expect(result.total).toBe(615);
  });

  it('handles quantity 9999', () => {
    const shop = exampleOneShop({ shippingMethods: [] });
    const result = processOrder(anOrder({ items: [line('PIN', 1, 9999)] }), shop, NOW);
    const units = result.items[0].units;
    // 10 % of 9999 = 1000 → the first 1000 units get −1; 23 % of 8999 = 2070 → the first 2070 units get +1.
    expect(units).toHaveLength(9999);
    expect([units[0].total, units[999].total, units[1000].total, units[2069].total, units[2070].total]).toEqual([1, 1, 2, 2, 1]);
    expect(result).toMatchObject({ itemsTotal: 11069, total: 11069, orderPromotionTotal: -1000, taxTotal: 2070 });
  });

  it('clamps a unit at 0 when stacked unit discounts exceed its price', () => {
    const shop = exampleOneShop({
      promotions: [
        aPromotion({ code: 'minus80', priority: 10, actions: [{ type: 'unit_fixed_discount', configuration: { WEB: { amount: 80 } } }] }),
        aPromotion({ code: 'half', priority: 0, actions: [{ type: 'unit_percentage_discount', configuration: { WEB: { percentage: 0.5 } } }] }),
      ],
    });
    const result = processOrder(anOrder({ items: [line('A', 100)] }), shop, NOW);
    expect(result.items[0].units[0]).toMatchObject({ adjustmentsTotal: -130, total: 0 });
    expect(result.items[0].total).toBe(0);
    expect(result.orderPromotionTotal).toBe(-130);
    expect(result.total).toBe(615);
  });

  it('clamps the order total at 0 separately', () => {
    const shop = aShop({ shippingMethods: [aShippingMethod({ configuration: { WEB: { amount: -1000 } } })], paymentMethods: [aPaymentMethod('cod')] });
    const result = processOrder(anOrder({ items: [line('A', 500)] }), shop, NOW);
    expect(result).toMatchObject({ itemsTotal: 500, adjustmentsTotal: -1000, total: 0, payment: null });
  });

  it.each<['order_items_based' | 'order_item_units_based', number[], number]>([
    ['order_items_based', [18, 18, 17], 53],
    ['order_item_units_based', [18, 18, 18], 54],
  ])('keeps included taxes neutral under %s', (strategy, unitTaxes, taxTotal) => {
    const shop = aShop({
      taxRates: [aTaxRate({ amount: 0.2, includedInPrice: true })],
      shippingMethods: [aShippingMethod({ taxCategoryCode: 'std' })],
    });
    const order = anOrder({ items: [line('A', 105, 3)], channel: aChannel({ taxCalculationStrategy: strategy }) });
    const result = processOrder(order, shop, NOW);
    expect(result.items[0].units.map((unit) => unit.adjustments[0].amount)).toEqual(unitTaxes);
    expect(result.items[0].units.every((unit) => unit.adjustments[0].neutral && unit.total === 105)).toBe(true);
    // Shipping 500 with 20 % included: 500 − 500 / 1.2 = 83.33 → 83, neutral too.
    expect(result.adjustments[1]).toMatchObject({ type: 'tax', amount: 83, neutral: true });
    expect(result).toMatchObject({ itemsTotal: 315, adjustmentsTotal: 500, total: 815, shippingTotal: 500, taxTotal: taxTotal + 83 });
  });

  it('taxes shipping after the shipping discount, in creation order', () => {
    const shop = exampleOneShop({
      promotions: [aPromotion({ code: 'ship', name: 'Half shipping', actions: [{ type: 'shipping_percentage_discount', configuration: { percentage: 0.5 } }] })],
    });
    const result = processOrder(anOrder({ items: [line('A', 1000)] }), shop, NOW);
    expect(orderAdjustments(result)).toEqual([['shipping', 500], ['order_shipping_promotion', -250], ['tax', 58]]);
    expect(result).toMatchObject({ shippingTotal: 308, orderPromotionTotal: 0, total: 1538 });
  });

  it('orders unit adjustments by creation: promotions by priority, then tax', () => {
    const shop = exampleOneShop({
      promotions: [
        { ...tenPercent, priority: 5 },
        aPromotion({ code: 'unit', priority: 10, actions: [{ type: 'unit_fixed_discount', configuration: { WEB: { amount: 100 } } }] }),
      ],
    });
    const result = processOrder(anOrder({ items: [line('A', 1000)] }), shop, NOW);
    // 1000 − 100 = 900; 10 % = 90; tax 23 % of 810 = 186.3 → 186.
    expect(unitSummary(result.items[0].units)).toEqual([
      { adjustments: [['order_unit_promotion', -100], ['order_promotion', -90], ['tax', 186]], total: 996 },
    ]);
  });
});

describe('shipment', () => {
  const methods = [
    aShippingMethod({ code: 'cheap', name: 'Cheap', configuration: { WEB: { amount: 200 } }, position: 0 }),
    aShippingMethod({ code: 'express', name: 'Express', configuration: { WEB: { amount: 900 } }, position: 1 }),
    aShippingMethod({ code: 'per_unit', name: 'Per unit', calculator: 'per_unit_rate', configuration: { WEB: { amount: 100 } }, position: 2 }),
  ];
  const shop = aShop({ shippingMethods: methods });

  it.each<[string | null, string, number]>([
    [null, 'cheap', 200],
    ['express', 'express', 900],
    ['gone', 'cheap', 200],
  ])('with current method %p uses %p', (currentShipmentMethodCode, expected, charge) => {
    const result = processOrder(anOrder({ items: [line('A', 100)], currentShipmentMethodCode }), shop, NOW);
    expect(result.shipment).toEqual({ methodCode: expected });
    expect(orderAdjustments(result)).toEqual([['shipping', charge]]);
  });

  it('charges per unit for every unit, including units that need no shipping', () => {
    const order = anOrder({
      items: [line('A', 100, 2), line('B', 100, 3, { shippingRequired: false })],
      currentShipmentMethodCode: 'per_unit',
    });
    expect(orderAdjustments(processOrder(order, shop, NOW))).toEqual([['shipping', 500]]);
  });

  it('has no shipment when nothing needs shipping', () => {
    const order = anOrder({ items: [line('E_BOOK', 100, 1, { shippingRequired: false })], currentShipmentMethodCode: 'express' });
    const result = processOrder(order, shop, NOW);
    expect(result.shipment).toBeNull();
    expect(result.adjustments).toEqual([]);
  });

  it('has no shipment when no method is eligible', () => {
    const picky = aShop({ shippingMethods: [aShippingMethod({ categoryCode: 'heavy' })] });
    expect(processOrder(anOrder({ items: [line('A', 100)] }), picky, NOW).shipment).toBeNull();
  });
});

describe('payment and coupons', () => {
  const couponShop = exampleOneShop({
    promotions: [
      aPromotion({
        code: 'coupon_promo',
        name: 'Coupon',
        couponBased: true,
        coupons: [aCoupon('SAVE', { perCustomerUsageLimit: 1 })],
        actions: [{ type: 'order_fixed_discount', configuration: { WEB: { amount: 100 } } }],
      }),
    ],
    paymentMethods: [aPaymentMethod('bank', { position: 1 }), aPaymentMethod('cod', { position: 0 })],
  });
  const order = anOrder({ items: [line('A', 1000)], couponCode: 'SAVE', customer: aCustomer() });

  it('applies a usable coupon and pays with the default method', () => {
    const result = processOrder(order, couponShop, NOW);
    expect(result).toMatchObject({ couponApplied: true, appliedPromotionCodes: ['coupon_promo'], total: 900 + 207 + 615 });
    expect(result.payment).toEqual({ methodCode: 'cod', amount: 1722, currencyCode: 'USD' });
  });

  it('ignores a coupon the customer already used up', () => {
    const result = processOrder({ ...order, customer: aCustomer({ couponUsage: { SAVE: 1 } }) }, couponShop, NOW);
    expect(result).toMatchObject({ couponApplied: false, appliedPromotionCodes: [], total: 1230 + 615 });
  });

  it('keeps the method of an existing cart payment', () => {
    expect(processOrder({ ...order, currentPaymentMethodCode: 'bank' }, couponShop, NOW).payment?.methodCode).toBe('bank');
  });
});

describe('purity', () => {
  it('does not modify its input and gives the same result twice', () => {
    const shop = deepFreeze(exampleOneShop());
    const order = deepFreeze(anOrder({ items: [line('A', 1059, 3), line('B', 10, 2)] }));
    expect(processOrder(order, shop, NOW)).toEqual(processOrder(order, shop, NOW));
  });
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}
