import { describeCategoryResource } from '../support/category-resource-cases';

/**
 * Tax categories (/api/v1/tax-categories): a plain list, create, show, PUT, PATCH and delete. `std` is a
 * variant's, `reduced` a tax rate's, `shipping` a shipping method's; `unused` is nobody's.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US, taxCalculationStrategy: order_items_based}
taxCategories:
  - {code: std, name: Standard, description: Most goods}
  - {code: reduced, name: Reduced}
  - {code: shipping, name: Shipping, description: Taxes on delivery}
  - {code: unused, name: Unused}
  - {code: zero, name: Zero rated}
taxRates: [{code: books, name: Books, category: reduced, zone: US, amount: 0.05}]
shippingMethods:
  - {code: flat, name: Flat, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB], taxCategory: shipping}
products:
  - code: BOOK
    name: Book
    variants:
      - {code: BOOK_STD, name: Standard book, taxCategory: std, channelPricings: {WEB: 1059}}
`;

describe('tax categories', () => {
  describeCategoryResource({
    path: 'tax-categories',
    table: 'tax_category',
    resource: 'tax category',
    yaml: SHOP_YAML,
    categories: [
      { code: 'std', name: 'Standard', description: 'Most goods' },
      { code: 'reduced', name: 'Reduced' },
      { code: 'shipping', name: 'Shipping', description: 'Taxes on delivery' },
      { code: 'unused', name: 'Unused' },
      { code: 'zero', name: 'Zero rated' },
    ],
    used: [
      { code: 'std', table: 'product_variant', column: 'tax_category_id' },
      { code: 'reduced', table: 'tax_rate', column: 'category_id' },
      { code: 'shipping', table: 'shipping_method', column: 'tax_category_id' },
    ],
    unused: 'unused',
    refer: (id) =>
      `insert into tax_rate (code, name, category_id, zone_id, amount, created_at, updated_at) select 'race', 'Race', ${id}, id, 0.1, now(), now() from zone`,
  });
});
