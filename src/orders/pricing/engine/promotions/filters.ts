import type { UnitDiscountFilters } from '../types';
import type { WorkingItem } from '../working-order';

/**
 * Active only when a minimum is set. Compares the variant's channel price (the item's unit price, which
 * was just read from channel pricing), inclusive at both ends; without a maximum only the minimum counts.
 */
export function filterByPriceRange(items: readonly WorkingItem[], filters: UnitDiscountFilters | undefined): WorkingItem[] {
  const range = filters?.price_range_filter;
  const min = range?.min;
  if (min === undefined || min === null) {
    return [...items];
  }
  const max = range?.max;
  return items.filter((item) => min <= item.unitPrice && (max === undefined || max === null || item.unitPrice <= max));
}

/** Keeps items whose product has one of the listed taxons directly assigned; an empty list keeps all. */
export function filterByTaxon(items: readonly WorkingItem[], filters: UnitDiscountFilters | undefined): WorkingItem[] {
  const taxons = filters?.taxons_filter?.taxons ?? [];
  if (taxons.length === 0) {
    return [...items];
  }
  return items.filter((item) => item.source.variant.productTaxonCodes.some((code) => taxons.includes(code)));
}

/** Keeps items of the listed products; an empty list keeps all. */
export function filterByProduct(items: readonly WorkingItem[], filters: UnitDiscountFilters | undefined): WorkingItem[] {
  const products = filters?.products_filter?.products ?? [];
  if (products.length === 0) {
    return [...items];
  }
  return items.filter((item) => products.includes(item.source.variant.productCode));
}

/** The filter chain of the unit discounts: price range, then taxon, then product. */
export function filterItems(items: readonly WorkingItem[], filters: UnitDiscountFilters | undefined): WorkingItem[] {
  return filterByProduct(filterByTaxon(filterByPriceRange(items, filters), filters), filters);
}
