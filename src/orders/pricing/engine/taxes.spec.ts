import { createAdjustment } from './adjustments';
import { UnsupportedTaxCalculationStrategyError } from './errors';
import {
  applyShippingTaxes,
  applyTaxes,
  calculateTax,
  resolveTaxRate,
  resolveTaxZoneCode,
} from './taxes';
import { aChannel, anOrder, aTaxRate, aZone, line } from './testing/builders';
import { pricedWorkingOrder, unitAmounts, withShippingCharge } from './testing/working';
import type { EngineAddress, EngineItem, EngineTaxRate, TaxCalculationStrategy } from './types';
import { addUnitAdjustment, itemTotal, type WorkingOrder } from './working-order';
import { createZoneLookup } from './zones';

describe('calculateTax', () => {
  it.each<[number, number, boolean, number]>([
    [10000, 0.23, false, 2300],
    [249599, 0.23, false, 57408],
    [10000, 0.23, true, 1870],
    [315, 0.2, true, 53], // 52.5 rounds away from zero
    [2859, 0.23, false, 658],
    [953, 0.23, false, 219],
    [500, 0.23, true, 93],
    [0, 0.23, false, 0],
    [0, 0.23, true, 0],
  ])('%p at %p (included: %p) is %p', (base, amount, includedInPrice, expected) => {
    expect(calculateTax(base, aTaxRate({ amount, includedInPrice }))).toBe(expected);
  });
});

describe('resolveTaxZoneCode', () => {
  const zones = createZoneLookup([
    aZone('US', 'country', ['US']),
    aZone('DE_TAX', 'country', ['DE'], 'tax'),
    aZone('FR_SHIP', 'country', ['FR'], 'shipping'),
  ]);
  const address = (countryCode: string): EngineAddress => ({ countryCode, provinceCode: null });

  it.each<[string, EngineAddress | null, string | null, string | null]>([
    ['the shipping address zone', address('DE'), 'US', 'DE_TAX'],
    ['the channel default without an address', null, 'US', 'US'],
    ['the channel default when the address matches nothing', address('JP'), 'US', 'US'],
    ['the channel default when only a shipping-scope zone matches', address('FR'), 'US', 'US'],
    ['nothing without an address or a default', null, null, null],
  ])('uses %s', (_, shippingAddress, defaultTaxZoneCode, expected) => {
    const order = anOrder({ shippingAddress, channel: aChannel({ defaultTaxZoneCode }) });
    expect(resolveTaxZoneCode(order, zones)).toBe(expected);
  });
});

describe('resolveTaxRate', () => {
  const rates = [
    aTaxRate({ code: 'na', zoneCode: 'NA', amount: 0.3 }),
    aTaxRate({ code: 'us_first', zoneCode: 'US', amount: 0.2 }),
    aTaxRate({ code: 'us_second', zoneCode: 'US', amount: 0.1 }),
    aTaxRate({ code: 'us_reduced', zoneCode: 'US', categoryCode: 'reduced', amount: 0.05 }),
  ];

  it('takes the first rate for exactly the category and zone', () => {
    expect(resolveTaxRate(rates, 'std', 'US')?.code).toBe('us_first');
    expect(resolveTaxRate(rates, 'reduced', 'US')?.code).toBe('us_reduced');
  });

  it('does not fall back to a rate of an enclosing zone', () => {
    expect(resolveTaxRate(rates, 'reduced', 'NA')).toBeNull();
  });

  it('finds nothing for a taxable without a tax category', () => {
    expect(resolveTaxRate(rates, null, 'US')).toBeNull();
  });
});

function taxed(items: EngineItem[], rate: EngineTaxRate, strategy: TaxCalculationStrategy, prepare?: (order: WorkingOrder) => void) {
  const order = pricedWorkingOrder(anOrder({ items }));
  prepare?.(order);
  applyTaxes({ order, rates: [rate], zoneCode: 'US' }, strategy, null);
  return order;
}

describe('item taxes under both strategies', () => {
  const excluded = (amount: number) => aTaxRate({ amount });
  const included = (amount: number) => aTaxRate({ amount, includedInPrice: true });

  it.each<[string, EngineItem, EngineTaxRate, number[], number[]]>([
    ['3 × 1000 at 23 %', line('A', 1000, 3), excluded(0.23), [230, 230, 230], [230, 230, 230]],
    ['3 × 333 at 10 % (rounding per unit differs)', line('A', 333, 3), excluded(0.1), [34, 33, 33], [33, 33, 33]],
    ['2 × 1230 with 23 % included', line('A', 1230, 2), included(0.23), [230, 230], [230, 230]],
    ['3 × 105 with 20 % included', line('A', 105, 3), included(0.2), [18, 18, 17], [18, 18, 18]],
    ['3 × 1 at 50 % (a zero share is skipped)', line('A', 1, 3), excluded(0.5), [1, 1, 0], [1, 1, 1]],
    ['1 × 2 at 23 % (rounds to nothing)', line('A', 2, 1), excluded(0.23), [0], [0]],
    ['a zero-priced item', line('A', 0, 2), excluded(0.23), [0, 0], [0, 0]],
  ])('%s', (_, item, rate, itemsBased, unitsBased) => {
    expect(unitAmounts(taxed([item], rate, 'order_items_based'), 'tax')).toEqual([itemsBased]);
    expect(unitAmounts(taxed([item], rate, 'order_item_units_based'), 'tax')).toEqual([unitsBased]);
  });

  it('adds no adjustment for a zero share', () => {
    const order = taxed([line('A', 1, 3)], excluded(0.5), 'order_items_based');
    expect(order.items[0].units.map((unit) => unit.adjustments.length)).toEqual([1, 1, 0]);
  });

  it('marks included taxes neutral so totals do not move', () => {
    const order = taxed([line('A', 1230, 2)], included(0.23), 'order_items_based');
    expect(order.items[0].units[0].adjustments[0]).toEqual({
      type: 'tax',
      label: 'VAT (23%)',
      amount: 230,
      neutral: true,
      originCode: null,
    });
    expect(itemTotal(order.items[0])).toBe(2460);
  });

  it('taxes the discounted totals', () => {
    const discount = (order: WorkingOrder) =>
      order.items[0].units.forEach((unit) => addUnitAdjustment(unit, createAdjustment('order_promotion', 'Ten', -106)));
    expect(unitAmounts(taxed([line('A', 1059, 3)], excluded(0.23), 'order_items_based', discount), 'tax')).toEqual([
      [220, 219, 219],
    ]);
    expect(unitAmounts(taxed([line('A', 1059, 3)], excluded(0.23), 'order_item_units_based', discount), 'tax')).toEqual([
      [219, 219, 219],
    ]);
  });

  it('does not tax a unit discounted to 0', () => {
    const overDiscount = (order: WorkingOrder) =>
      addUnitAdjustment(order.items[0].units[0], createAdjustment('order_unit_promotion', 'All', -150));
    expect(unitAmounts(taxed([line('A', 100, 2)], excluded(0.5), 'order_item_units_based', overDiscount), 'tax')).toEqual([
      [0, 50],
    ]);
    // Item-based: the item total (0 + 100) is taxed and the 50 split evenly, even onto the free unit.
    expect(unitAmounts(taxed([line('A', 100, 2)], excluded(0.5), 'order_items_based', overDiscount), 'tax')).toEqual([
      [25, 25],
    ]);
  });

  it('skips items without a tax category or without a rate in the zone', () => {
    const items = [line('A', 1000, 1, { taxCategoryCode: null }), line('B', 1000, 1, { taxCategoryCode: 'exotic' })];
    for (const strategy of ['order_items_based', 'order_item_units_based'] as const) {
      expect(unitAmounts(taxed(items, excluded(0.23), strategy), 'tax')).toEqual([[0], [0]]);
    }
  });
});

describe('shipping tax', () => {
  function shippingTax(rate: EngineTaxRate, shipping: number, taxCategoryCode: string | null, promotion = 0) {
    const order = withShippingCharge(pricedWorkingOrder(anOrder({ items: [line('A', 100)] })), shipping);
    if (promotion !== 0) {
      order.adjustments.push(createAdjustment('order_shipping_promotion', 'Ship', promotion, { originCode: 'ship' }));
    }
    applyShippingTaxes({ order, rates: [rate], zoneCode: 'US' }, taxCategoryCode);
    return order.adjustments.filter((adjustment) => adjustment.type === 'tax');
  }

  it.each<[string, EngineTaxRate, number, string | null, number, { amount: number; neutral: boolean }[]]>([
    ['taxes the charge', aTaxRate(), 500, 'std', 0, [{ amount: 115, neutral: false }]],
    ['taxes the charge net of shipping promotions', aTaxRate(), 500, 'std', -250, [{ amount: 58, neutral: false }]],
    ['marks an included shipping tax neutral', aTaxRate({ includedInPrice: true }), 500, 'std', 0, [{ amount: 93, neutral: true }]],
    ['skips a free shipment', aTaxRate(), 0, 'std', 0, []],
    ['skips a fully discounted shipment', aTaxRate(), 500, 'std', -500, []],
    ['skips a method without tax category', aTaxRate(), 500, null, 0, []],
    ['skips a category without a rate in the zone', aTaxRate(), 500, 'reduced', 0, []],
    ['skips a tax that rounds to 0', aTaxRate({ amount: 0.1 }), 4, 'std', 0, []],
  ])('%s', (_, rate, shipping, taxCategoryCode, promotion, expected) => {
    expect(shippingTax(rate, shipping, taxCategoryCode, promotion)).toMatchObject(expected);
  });
});

describe('applyTaxes strategy selection', () => {
  it.each([null, 'bogus', 'toString'])('rejects the strategy %p', (strategy) => {
    const order = pricedWorkingOrder(anOrder({ items: [line('A', 100)] }));
    expect(() =>
      applyTaxes({ order, rates: [aTaxRate()], zoneCode: 'US' }, strategy as TaxCalculationStrategy | null, null),
    ).toThrow(UnsupportedTaxCalculationStrategyError);
  });

  it('explains a missing strategy', () => {
    expect(new UnsupportedTaxCalculationStrategyError(null).message).toBe('The channel has no tax calculation strategy.');
    expect(new UnsupportedTaxCalculationStrategyError('x').message).toBe('Unsupported tax calculation strategy "x".');
  });

  it('applies item taxes before the shipping tax', () => {
    const order = withShippingCharge(pricedWorkingOrder(anOrder({ items: [line('A', 1000)] })), 500);
    applyTaxes({ order, rates: [aTaxRate()], zoneCode: 'US' }, 'order_items_based', 'std');
    expect(unitAmounts(order, 'tax')).toEqual([[230]]);
    expect(order.adjustments.map((adjustment) => [adjustment.type, adjustment.amount])).toEqual([
      ['shipping', 500],
      ['tax', 115],
    ]);
  });
});
