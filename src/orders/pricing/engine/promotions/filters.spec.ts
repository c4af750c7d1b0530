import { anOrder, line } from '../testing/builders';
import { pricedWorkingOrder } from '../testing/working';
import type { UnitDiscountFilters } from '../types';
import { filterByPriceRange, filterByProduct, filterByTaxon, filterItems } from './filters';

const order = pricedWorkingOrder(
  anOrder({
    items: [
      line('CHEAP', 100, 1, { productTaxonCodes: ['mugs'], productCode: 'MUG' }),
      line('MID', 500, 1, { productTaxonCodes: ['books', 'sale'], productCode: 'BOOK' }),
      line('DEAR', 1000, 1, { productTaxonCodes: [], productCode: 'LAMP' }),
    ],
  }),
);
const keys = (items: { source: { key: string | number } }[]) => items.map((item) => item.source.key);

describe('price range filter', () => {
  it.each<[string, UnitDiscountFilters | undefined, string[]]>([
    ['no filters', undefined, ['CHEAP', 'MID', 'DEAR']],
    ['min and max, inclusive', { price_range_filter: { min: 100, max: 500 } }, ['CHEAP', 'MID']],
    ['min only', { price_range_filter: { min: 500 } }, ['MID', 'DEAR']],
    ['min with a null max', { price_range_filter: { min: 501, max: null } }, ['DEAR']],
    ['max only applies no filter', { price_range_filter: { max: 100 } }, ['CHEAP', 'MID', 'DEAR']],
    ['a null min applies no filter', { price_range_filter: { min: null, max: 100 } }, ['CHEAP', 'MID', 'DEAR']],
  ])('%s', (_, filters, expected) => {
    expect(keys(filterByPriceRange(order.items, filters))).toEqual(expected);
  });
});

describe('taxon filter', () => {
  it.each<[string, UnitDiscountFilters | undefined, string[]]>([
    ['no filters', undefined, ['CHEAP', 'MID', 'DEAR']],
    ['an empty list', { taxons_filter: { taxons: [] } }, ['CHEAP', 'MID', 'DEAR']],
    ['one taxon', { taxons_filter: { taxons: ['sale'] } }, ['MID']],
    ['several taxons', { taxons_filter: { taxons: ['mugs', 'books'] } }, ['CHEAP', 'MID']],
  ])('%s', (_, filters, expected) => {
    expect(keys(filterByTaxon(order.items, filters))).toEqual(expected);
  });
});

describe('product filter', () => {
  it.each<[string, UnitDiscountFilters | undefined, string[]]>([
    ['no filters', undefined, ['CHEAP', 'MID', 'DEAR']],
    ['an empty list', { products_filter: { products: [] } }, ['CHEAP', 'MID', 'DEAR']],
    ['listed products', { products_filter: { products: ['LAMP', 'MUG'] } }, ['CHEAP', 'DEAR']],
  ])('%s', (_, filters, expected) => {
    expect(keys(filterByProduct(order.items, filters))).toEqual(expected);
  });
});

describe('filter chain', () => {
  it('applies every filter', () => {
    const filters: UnitDiscountFilters = {
      price_range_filter: { min: 100, max: 600 },
      taxons_filter: { taxons: ['mugs', 'books'] },
      products_filter: { products: ['BOOK', 'LAMP'] },
    };
    expect(keys(filterItems(order.items, filters))).toEqual(['MID']);
  });
});
