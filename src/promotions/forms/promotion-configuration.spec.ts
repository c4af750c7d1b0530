import { ACTION_TYPES, readConfiguration, RULE_TYPES } from './promotion-configuration';

describe('promotion rule and action configurations', () => {
  it('knows the types the order-processing engine implements, and no others', () => {
    expect(RULE_TYPES).toEqual(['cart_quantity', 'customer_group', 'nth_order', 'shipping_country', 'has_taxon', 'total_of_items_from_taxon', 'contains_product', 'item_total']);
    expect(ACTION_TYPES).toEqual(['order_fixed_discount', 'unit_fixed_discount', 'order_percentage_discount', 'unit_percentage_discount', 'shipping_percentage_discount']);
    expect(readConfiguration('rule', 'order_fixed_discount', {})).toBeNull();
    expect(readConfiguration('action', 'toString', {})).toBeNull();
  });

  it.each([
    [12, 1200],
    ['12', 1200],
    [0.29, 29],
    ['12.5', 1250],
    [0, 0],
    [21474836.47, 2147483647],
  ])('reads the money amount %j as %j minor units', (amount, minor) => {
    expect(readConfiguration('rule', 'item_total', { WEB: { amount } })).toEqual({
      configuration: { WEB: { amount: minor } },
      problems: [],
      references: [{ kind: 'channel', code: 'WEB', path: 'WEB' }],
    });
  });

  it.each([
    [-1, 'WEB.amount: The amount must not be negative.'],
    [21474836.48, 'WEB.amount: The amount must not be greater than 21474836.47.'],
    ['1e3', 'WEB.amount: This value is not valid.'],
    [true, 'WEB.amount: This value is not valid.'],
    [null, 'WEB.amount: This value should not be blank.'],
  ])('refuses the amount %j', (amount, problem) => {
    expect(readConfiguration('action', 'order_fixed_discount', { WEB: { amount } })?.problems).toEqual([problem]);
  });

  it.each([
    [15, 0.15],
    ['7.5', 0.075],
    [14.3, 0.143],
    [100, 1],
    [0, 0],
  ])('reads the percentage %j as the fraction %j', (percentage, fraction) => {
    expect(readConfiguration('action', 'order_percentage_discount', { percentage })).toEqual({ configuration: { percentage: fraction }, problems: [], references: [] });
  });

  it('normalises the filters of unit discounts and reads code lists from text or arrays', () => {
    expect(readConfiguration('action', 'unit_fixed_discount', { WEB: { amount: 1, filters: { taxons_filter: { taxons: ' books , mugs,books,' }, products_filter: { products: ['MUG'] }, price_range_filter: { min: '', max: 5 } } } })).toEqual({
      configuration: { WEB: { amount: 100, filters: { price_range_filter: { max: 500 }, taxons_filter: { taxons: ['books', 'mugs'] }, products_filter: { products: ['MUG'] } } } },
      problems: [],
      references: [
        { kind: 'channel', code: 'WEB', path: 'WEB' },
        { kind: 'taxon', code: 'books', path: 'WEB.filters.taxons_filter.taxons' },
        { kind: 'taxon', code: 'mugs', path: 'WEB.filters.taxons_filter.taxons' },
        { kind: 'product', code: 'MUG', path: 'WEB.filters.products_filter.products' },
      ],
    });
    expect(readConfiguration('action', 'unit_percentage_discount', { WEB: { percentage: 10 } })?.configuration).toEqual({
      WEB: { percentage: 0.1, filters: { price_range_filter: [], taxons_filter: { taxons: [] }, products_filter: { products: [] } } },
    });
  });

  it('collects every problem, with the key path it is about', () => {
    expect(readConfiguration('rule', 'total_of_items_from_taxon', { WEB: { amount: 'x' }, MOB: [], EU: 'y' })?.problems).toEqual([
      'WEB.taxon: This value should not be blank.',
      'WEB.amount: This value is not valid.',
      'MOB.taxon: This value should not be blank.',
      'MOB.amount: This value should not be blank.',
      'EU: This value is not valid.',
    ]);
    expect(readConfiguration('rule', 'cart_quantity', { count: 1.5, other: 1 })?.problems).toEqual(['This form should not contain extra fields.', 'count: This value is not valid.']);
    expect(readConfiguration('rule', 'has_taxon', { taxons: '' })?.problems).toEqual(['taxons: This value should not be blank.']);
    expect(readConfiguration('rule', 'nth_order', [])?.problems).toEqual(['nth: This value should not be blank.']);
    expect(readConfiguration('rule', 'contains_product', 'MUG')?.problems).toEqual(['This value is not valid.']);
  });
});
