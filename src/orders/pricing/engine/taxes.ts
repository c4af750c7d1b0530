import { ADJUSTMENT, createAdjustment } from './adjustments';
import { UnsupportedTaxCalculationStrategyError } from './errors';
import { formatTaxRateLabel, integerDistribute, phpRound, truncate } from './money';
import type { EngineAdjustment, EngineOrder, EngineTaxRate, TaxCalculationStrategy } from './types';
import {
  addUnitAdjustment,
  itemTotal,
  orderShippingTotal,
  unitTotal,
  type WorkingItem,
  type WorkingOrder,
} from './working-order';
import { matchZone, type ZoneLookup } from './zones';

/**
 * The zone taxes are computed for: the most specific tax zone of the shipping address, else the channel's
 * default tax zone. The billing address plays no part. Null means the order is not taxed.
 */
export function resolveTaxZoneCode(order: EngineOrder, zones: ZoneLookup): string | null {
  if (order.shippingAddress !== null) {
    const zone = matchZone(order.shippingAddress, zones, 'tax');
    if (zone !== null) {
      return zone.code;
    }
  }
  return order.channel.defaultTaxZoneCode;
}

/** The first rate defined for exactly this category and zone; a rate on an enclosing zone does not count. */
export function resolveTaxRate(
  rates: readonly EngineTaxRate[],
  taxCategoryCode: string | null,
  zoneCode: string,
): EngineTaxRate | null {
  if (taxCategoryCode === null) {
    return null;
  }
  return rates.find((rate) => rate.categoryCode === taxCategoryCode && rate.zoneCode === zoneCode) ?? null;
}

/** Tax on `base`; for a rate included in the price it is the part of `base` that is tax. */
export function calculateTax(base: number, rate: EngineTaxRate): number {
  if (rate.includedInPrice) {
    return phpRound(base - base / (1 + rate.amount));
  }
  return phpRound(base * rate.amount);
}

type TaxAdjustmentFactory = (rate: EngineTaxRate, amount: number) => EngineAdjustment;

/** Builds tax adjustments, formatting each rate's label only once (the formatting is comparatively slow). */
function createTaxAdjustmentFactory(): TaxAdjustmentFactory {
  const labels = new Map<EngineTaxRate, string>();
  return (rate, amount) => {
    let label = labels.get(rate);
    if (label === undefined) {
      label = formatTaxRateLabel(rate.name, rate.amount);
      labels.set(rate, label);
    }
    return createAdjustment(ADJUSTMENT.TAX, label, amount, { neutral: rate.includedInPrice });
  };
}

export interface TaxApplicationInput {
  order: WorkingOrder;
  rates: readonly EngineTaxRate[];
  zoneCode: string;
  taxAdjustment?: TaxAdjustmentFactory;
}

function adjustmentFactoryOf(input: TaxApplicationInput): TaxAdjustmentFactory {
  return input.taxAdjustment ?? createTaxAdjustmentFactory();
}

type ItemRateResolver = (item: WorkingItem) => EngineTaxRate | null;

function itemRateResolver({ rates, zoneCode }: TaxApplicationInput): ItemRateResolver {
  return (item) => resolveTaxRate(rates, item.source.variant.taxCategoryCode, zoneCode);
}

/** Taxes each item's total once and spreads the tax evenly over its units. */
function applyOrderItemsBasedTaxes(input: TaxApplicationInput): void {
  const rateOf = itemRateResolver(input);
  const taxAdjustment = adjustmentFactoryOf(input);
  for (const item of input.order.items) {
    const rate = rateOf(item);
    if (rate === null) {
      continue;
    }
    const shares = integerDistribute(calculateTax(itemTotal(item), rate), item.units.length);
    item.units.forEach((unit, index) => {
      if (shares[index] !== 0) {
        addUnitAdjustment(unit, taxAdjustment(rate, shares[index]));
      }
    });
  }
}

/** Taxes every unit's own total, rounding per unit. */
function applyOrderItemUnitsBasedTaxes(input: TaxApplicationInput): void {
  const rateOf = itemRateResolver(input);
  const taxAdjustment = adjustmentFactoryOf(input);
  for (const item of input.order.items) {
    const rate = rateOf(item);
    if (rate === null) {
      continue;
    }
    for (const unit of item.units) {
      const tax = truncate(calculateTax(unitTotal(item, unit), rate));
      if (tax !== 0) {
        addUnitAdjustment(unit, taxAdjustment(rate, tax));
      }
    }
  }
}

/** Taxes the net shipping (after shipping promotions) with the rate of the shipment method's tax category. */
export function applyShippingTaxes(input: TaxApplicationInput, shippingTaxCategoryCode: string | null): void {
  const base = orderShippingTotal(input.order);
  if (base === 0) {
    return;
  }
  const rate = resolveTaxRate(input.rates, shippingTaxCategoryCode, input.zoneCode);
  if (rate === null) {
    return;
  }
  const tax = truncate(calculateTax(base, rate));
  if (tax !== 0) {
    input.order.adjustments.push(adjustmentFactoryOf(input)(rate, tax));
  }
}

const ITEM_TAX_APPLICATORS: Record<TaxCalculationStrategy, (input: TaxApplicationInput) => void> = {
  order_items_based: applyOrderItemsBasedTaxes,
  order_item_units_based: applyOrderItemUnitsBasedTaxes,
};

/** Applies the channel's strategy: item (or unit) taxes first, then the shipping tax. */
export function applyTaxes(
  input: TaxApplicationInput,
  strategy: TaxCalculationStrategy | null,
  shippingTaxCategoryCode: string | null,
): void {
  if (strategy === null || !Object.hasOwn(ITEM_TAX_APPLICATORS, strategy)) {
    throw new UnsupportedTaxCalculationStrategyError(strategy);
  }
  const shared = { ...input, taxAdjustment: adjustmentFactoryOf(input) };
  ITEM_TAX_APPLICATORS[strategy](shared);
  applyShippingTaxes(shared, shippingTaxCategoryCode);
}
