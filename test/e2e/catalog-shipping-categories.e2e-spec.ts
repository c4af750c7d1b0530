import { describeCategoryResource } from '../support/category-resource-cases';

/**
 * Shipping categories (/api/v1/shipping-categories): a plain list, create, show, PUT, PATCH and delete.
 * `regular` is a variant's, `bulky` a shipping method's; `unused` is nobody's.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US, taxCalculationStrategy: order_items_based}
shippingCategories:
  - {code: regular, name: Regular}
  - {code: bulky, name: Bulky, description: Posters and other bulky items}
  - {code: unused, name: Unused}
shippingMethods:
  - {code: freight, name: Freight, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 2500}}, channels: [WEB], category: bulky}
products:
  - code: POSTER
    name: Poster
    variants:
      - {code: POSTER_A1, name: A1 poster, shippingCategory: regular, channelPricings: {WEB: 1500}}
`;

describe('shipping categories', () => {
  describeCategoryResource({
    path: 'shipping-categories',
    table: 'shipping_category',
    resource: 'shipping category',
    yaml: SHOP_YAML,
    categories: [
      { code: 'regular', name: 'Regular' },
      { code: 'bulky', name: 'Bulky', description: 'Posters and other bulky items' },
      { code: 'unused', name: 'Unused' },
    ],
    used: [
      { code: 'regular', table: 'product_variant', column: 'shipping_category_id' },
      { code: 'bulky', table: 'shipping_method', column: 'category_id' },
    ],
    unused: 'unused',
    // Changing the category of a shipping method refers to the new one just as an insert would.
    refer: (id) => `update shipping_method set category_id = ${id}`,
  });
});
