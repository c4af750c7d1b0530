import { createAdjustment } from '../adjustments';
import { aCustomer, anOrder, aShop, line } from '../testing/builders';
import { pricedWorkingOrder } from '../testing/working';
import type { EngineOrder, EnginePromotionRule, EngineShop } from '../types';
import { addUnitAdjustment } from '../working-order';
import { isRuleSatisfied } from './rules';

// A: 2 × 500 (mugs), B: 1 × 1000 (books) → items total 2000, quantity 3.
function subject(overrides: Partial<EngineOrder> = {}, shop: EngineShop = aShop()) {
  const order = pricedWorkingOrder(
    anOrder({
      items: [
        line('A', 500, 2, { productTaxonCodes: ['mugs'] }),
        line('B', 1000, 1, { productTaxonCodes: ['books'] }),
      ],
      ...overrides,
    }),
  );
  return { order, shop };
}

const rule = (type: string, configuration: unknown) => ({ type, configuration }) as EnginePromotionRule;

describe('promotion rules', () => {
  it.each<[string, EnginePromotionRule, boolean]>([
    ['cart_quantity reached', rule('cart_quantity', { count: 3 }), true],
    ['cart_quantity not reached', rule('cart_quantity', { count: 4 }), false],
    ['cart_quantity without count', rule('cart_quantity', {}), false],
    ['item_total reached', rule('item_total', { WEB: { amount: 2000 } }), true],
    ['item_total not reached', rule('item_total', { WEB: { amount: 2001 } }), false],
    ['item_total for another channel', rule('item_total', { MOBILE: { amount: 1 } }), false],
    ['has_taxon matching', rule('has_taxon', { taxons: ['shirts', 'mugs'] }), true],
    ['has_taxon not matching', rule('has_taxon', { taxons: ['shirts'] }), false],
    ['has_taxon without taxons', rule('has_taxon', {}), false],
    ['total_of_items_from_taxon reached', rule('total_of_items_from_taxon', { WEB: { taxon: 'mugs', amount: 1000 } }), true],
    ['total_of_items_from_taxon not reached', rule('total_of_items_from_taxon', { WEB: { taxon: 'mugs', amount: 1001 } }), false],
    ['total_of_items_from_taxon for another channel', rule('total_of_items_from_taxon', { MOBILE: { taxon: 'mugs', amount: 1 } }), false],
    ['total_of_items_from_taxon without amount', rule('total_of_items_from_taxon', { WEB: { taxon: 'mugs' } }), false],
    ['total_of_items_from_taxon of an absent taxon and amount 0', rule('total_of_items_from_taxon', { WEB: { taxon: 'x', amount: 0 } }), true],
    ['contains_product present', rule('contains_product', { product_code: 'P_B' }), true],
    ['contains_product absent', rule('contains_product', { product_code: 'P_X' }), false],
    ['shipping_country without address', rule('shipping_country', { country: 'US' }), false],
    ['nth_order without customer', rule('nth_order', { nth: 1 }), false],
    ['customer_group without customer', rule('customer_group', { group_code: 'retail' }), false],
    ['an unknown rule type', rule('weather', {}), false],
  ])('%s → %p', (_, promotionRule, expected) => {
    expect(isRuleSatisfied(promotionRule, subject())).toBe(expected);
  });

  it('judges item totals as they stand, discounts included', () => {
    const current = subject();
    addUnitAdjustment(current.order.items[1].units[0], createAdjustment('order_promotion', 'Earlier', -1));
    expect(isRuleSatisfied(rule('item_total', { WEB: { amount: 2000 } }), current)).toBe(false);
    expect(isRuleSatisfied(rule('total_of_items_from_taxon', { WEB: { taxon: 'books', amount: 1000 } }), current)).toBe(false);
  });

  it('rejects a taxon the shop does not know when the shop lists its taxons', () => {
    const shop = aShop({ taxonCodes: ['mugs', 'books'] });
    expect(isRuleSatisfied(rule('total_of_items_from_taxon', { WEB: { taxon: 'x', amount: 0 } }), subject({}, shop))).toBe(false);
    expect(isRuleSatisfied(rule('total_of_items_from_taxon', { WEB: { taxon: 'mugs', amount: 0 } }), subject({}, shop))).toBe(true);
  });

  it.each<[string, Partial<EngineOrder>, number, boolean]>([
    ['a guest on a first-order promotion', { customer: aCustomer({ id: null }) }, 1, true],
    ['a guest on a second-order promotion', { customer: aCustomer({ id: null }) }, 2, false],
    ['a customer with 2 placed orders on the 3rd', { customer: aCustomer({ placedOrdersCount: 2 }) }, 3, true],
    ['a customer with 2 placed orders on the 2nd', { customer: aCustomer({ placedOrdersCount: 2 }) }, 2, false],
    ['a new customer on the 1st', { customer: aCustomer() }, 1, true],
    ['a non-integer nth', { customer: aCustomer({ placedOrdersCount: 0 }) }, 1.5, false],
  ])('nth_order for %s', (_, overrides, nth, expected) => {
    expect(isRuleSatisfied(rule('nth_order', { nth }), subject(overrides))).toBe(expected);
  });

  it.each<[string | null, boolean]>([
    ['retail', true],
    ['wholesale', false],
    [null, false],
  ])('customer_group for a customer in group %p', (groupCode, expected) => {
    const current = subject({ customer: aCustomer({ groupCodes: groupCode === null ? [] : [groupCode] }) });
    expect(isRuleSatisfied(rule('customer_group', { group_code: 'retail' }), current)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['US', true],
    ['DE', false],
  ])('shipping_country for an address in %s', (countryCode, expected) => {
    const current = subject({ shippingAddress: { countryCode, provinceCode: null } });
    expect(isRuleSatisfied(rule('shipping_country', { country: 'US' }), current)).toBe(expected);
  });
});
