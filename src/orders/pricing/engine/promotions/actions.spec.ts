import { createAdjustment } from '../adjustments';
import { anOrder, aPromotion, line } from '../testing/builders';
import { pricedWorkingOrder, unitAmounts, withShippingCharge } from '../testing/working';
import type { EngineItem, EnginePromotionAction } from '../types';
import { addUnitAdjustment, itemsTotal, unitTotal, type WorkingOrder } from '../working-order';
import { applyPromotion, executeAction } from './actions';

const promotion = aPromotion({ code: 'promo', name: 'Promo' });
const action = (type: string, configuration: unknown) => ({ type, configuration }) as EnginePromotionAction;
const orderWith = (...items: EngineItem[]) => pricedWorkingOrder(anOrder({ items }));

function run(order: WorkingOrder, promotionAction: EnginePromotionAction) {
  const changed = executeAction(promotionAction, order, promotion);
  return { changed, order };
}

describe('order_fixed_discount', () => {
  it('spreads over items by total, then evenly over units (example 2)', () => {
    const { changed, order } = run(
      orderWith(line('A', 500, 2), line('B', 1000, 1), line('C', 250, 4)),
      action('order_fixed_discount', { WEB: { amount: 1000 } }),
    );
    expect(changed).toBe(true);
    expect(unitAmounts(order, 'order_promotion')).toEqual([[-167, -167], [-333], [-84, -83, -83, -83]]);
    expect(itemsTotal(order)).toBe(2000);
  });

  it('never takes more than the items total', () => {
    const { order } = run(orderWith(line('A', 300)), action('order_fixed_discount', { WEB: { amount: 1000 } }));
    expect(unitAmounts(order, 'order_promotion')).toEqual([[-300]]);
    expect(itemsTotal(order)).toBe(0);
  });

  it('labels unit adjustments with the promotion', () => {
    const { order } = run(orderWith(line('A', 300)), action('order_fixed_discount', { WEB: { amount: 10 } }));
    expect(order.items[0].units[0].adjustments).toEqual([
      { type: 'order_promotion', label: 'Promo', amount: -10, neutral: false, originCode: 'promo' },
    ]);
  });

  it('adds nothing to a unit whose share is 0', () => {
    const { order } = run(orderWith(line('A', 100, 3)), action('order_fixed_discount', { WEB: { amount: 2 } }));
    expect(order.items[0].units.map((unit) => unit.adjustments.length)).toEqual([1, 1, 0]);
  });

  it.each<[string, EngineItem[], unknown]>([
    ['an empty order', [], { WEB: { amount: 100 } }],
    ['another channel', [line('A', 100)], { MOBILE: { amount: 100 } }],
    ['a non-integer amount', [line('A', 100)], { WEB: { amount: 10.5 } }],
    ['a missing amount', [line('A', 100)], { WEB: {} }],
    ['a zero amount', [line('A', 100)], { WEB: { amount: 0 } }],
    ['a free order', [line('A', 0, 2)], { WEB: { amount: 100 } }],
    ['a negative amount on a free order', [line('A', 0)], { WEB: { amount: -5 } }],
  ])('does nothing for %s', (_, items, configuration) => {
    const { changed, order } = run(orderWith(...items), action('order_fixed_discount', configuration));
    expect(changed).toBe(false);
    expect(order.items.flatMap((item) => item.units.flatMap((unit) => unit.adjustments))).toEqual([]);
  });
});

describe('order_percentage_discount', () => {
  it.each<[string, EngineItem[], number, number[][]]>([
    ['10 % of 3 × 1059 (example 1)', [line('A', 1059, 3)], 0.1, [[-106, -106, -106]]],
    ['an exact half rounds away from zero', [line('A', 25)], 0.1, [[-3]]],
    ['100 % removes everything', [line('A', 150, 2), line('B', 100)], 1, [[-150, -150], [-100]]],
  ])('%s', (_, items, percentage, expected) => {
    const { changed, order } = run(orderWith(...items), action('order_percentage_discount', { percentage }));
    expect(changed).toBe(true);
    expect(unitAmounts(order, 'order_promotion')).toEqual(expected);
  });

  it.each<[string, EngineItem[], unknown]>([
    ['a zero percentage', [line('A', 100)], { percentage: 0 }],
    ['a negative percentage', [line('A', 100)], { percentage: -0.1 }],
    ['a percentage above 1', [line('A', 100)], { percentage: 1.5 }],
    ['a missing percentage', [line('A', 100)], {}],
    ['an empty order', [], { percentage: 0.1 }],
    ['a discount rounding to 0', [line('A', 4)], { percentage: 0.1 }],
  ])('does nothing for %s', (_, items, configuration) => {
    expect(run(orderWith(...items), action('order_percentage_discount', configuration)).changed).toBe(false);
  });
});

describe('unit_fixed_discount', () => {
  it('takes the amount off every unit, capped by the unit total', () => {
    const { changed, order } = run(
      orderWith(line('A', 500, 2), line('B', 50)),
      action('unit_fixed_discount', { WEB: { amount: 100 } }),
    );
    expect(changed).toBe(true);
    expect(unitAmounts(order, 'order_unit_promotion')).toEqual([[-100, -100], [-50]]);
    expect(order.items[0].units[0].adjustments[0]).toEqual({
      type: 'order_unit_promotion',
      label: 'Promo',
      amount: -100,
      neutral: false,
      originCode: 'promo',
    });
  });

  it('only discounts filtered items', () => {
    const { order } = run(
      orderWith(line('A', 500, 1, { productTaxonCodes: ['mugs'] }), line('B', 500)),
      action('unit_fixed_discount', { WEB: { amount: 100, filters: { taxons_filter: { taxons: ['mugs'] } } } }),
    );
    expect(unitAmounts(order, 'order_unit_promotion')).toEqual([[-100], [0]]);
    expect(order.items[1].units[0].adjustments).toEqual([]);
  });

  it('still adds a 0 adjustment to a unit that is already free', () => {
    const order = orderWith(line('A', 100));
    addUnitAdjustment(order.items[0].units[0], createAdjustment('order_unit_promotion', 'Earlier', -100));
    run(order, action('unit_fixed_discount', { WEB: { amount: 30 } }));
    const added = order.items[0].units[0].adjustments[1];
    expect(Object.is(added.amount, 0)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['another channel', { MOBILE: { amount: 100 } }],
    ['a zero amount', { WEB: { amount: 0 } }],
    ['a missing amount', { WEB: {} }],
    ['no item passing the filters', { WEB: { amount: 100, filters: { products_filter: { products: ['NOPE'] } } } }],
  ])('does nothing for %s', (_, configuration) => {
    expect(run(orderWith(line('A', 100)), action('unit_fixed_discount', configuration)).changed).toBe(false);
  });
});

describe('unit_percentage_discount', () => {
  it.each<[string, EngineItem[], number, number[][]]>([
    ['25 % of 333 per unit', [line('A', 333, 3)], 0.25, [[-83, -83, -83]]],
    ['an exact half rounds away from zero', [line('A', 5)], 0.5, [[-3]]],
    ['a zero percentage still adds 0 adjustments', [line('A', 5, 2)], 0, [[0, 0]]],
  ])('%s', (_, items, percentage, expected) => {
    const { changed, order } = run(orderWith(...items), action('unit_percentage_discount', { WEB: { percentage } }));
    expect(changed).toBe(true);
    expect(unitAmounts(order, 'order_unit_promotion')).toEqual(expected);
  });

  it('is based on the unit price and is not capped; the unit total clamps at 0', () => {
    const order = orderWith(line('A', 1000));
    const unit = order.items[0].units[0];
    addUnitAdjustment(unit, createAdjustment('order_promotion', 'Earlier', -900));
    run(order, action('unit_percentage_discount', { WEB: { percentage: 0.5 } }));
    expect(unit.adjustments[1].amount).toBe(-500);
    expect(unitTotal(order.items[0], unit)).toBe(0);
  });

  it('respects the price range filter on the channel price', () => {
    const { order } = run(
      orderWith(line('A', 100), line('B', 1000)),
      action('unit_percentage_discount', { WEB: { percentage: 0.1, filters: { price_range_filter: { min: 500 } } } }),
    );
    expect(unitAmounts(order, 'order_unit_promotion')).toEqual([[0], [-100]]);
  });

  it.each<[string, unknown]>([
    ['another channel', { MOBILE: { percentage: 0.1 } }],
    ['a missing percentage', { WEB: {} }],
    ['no item passing the filters', { WEB: { percentage: 0.1, filters: { products_filter: { products: ['NOPE'] } } } }],
  ])('does nothing for %s', (_, configuration) => {
    expect(run(orderWith(line('A', 100)), action('unit_percentage_discount', configuration)).changed).toBe(false);
  });
});

describe('shipping_percentage_discount', () => {
  const shippingPromotions = (order: WorkingOrder) =>
    order.adjustments.filter((adjustment) => adjustment.type === 'order_shipping_promotion').map((a) => a.amount);

  it('takes a share of the shipping charge as an order adjustment', () => {
    const order = withShippingCharge(orderWith(line('A', 100)), 500);
    expect(run(order, action('shipping_percentage_discount', { percentage: 0.5 })).changed).toBe(true);
    expect(order.adjustments[1]).toEqual({
      type: 'order_shipping_promotion',
      label: 'Promo',
      amount: -250,
      neutral: false,
      originCode: 'promo',
    });
  });

  it('is based on the gross charge but capped by what is left, down to a 0 adjustment', () => {
    const order = withShippingCharge(orderWith(line('A', 100)), 500);
    run(order, action('shipping_percentage_discount', { percentage: 0.5 }));
    run(order, action('shipping_percentage_discount', { percentage: 1 }));
    expect(run(order, action('shipping_percentage_discount', { percentage: 0.1 })).changed).toBe(true);
    expect(shippingPromotions(order)).toEqual([-250, -250, 0]);
    expect(Object.is(shippingPromotions(order)[2], 0)).toBe(true);
  });

  it('rounds an exact half away from zero', () => {
    const order = withShippingCharge(orderWith(line('A', 100)), 5);
    run(order, action('shipping_percentage_discount', { percentage: 0.5 }));
    expect(shippingPromotions(order)).toEqual([-3]);
  });

  it.each<[string, number | null, unknown]>([
    ['no shipping', null, { percentage: 0.5 }],
    ['a missing percentage', 500, {}],
    ['a zero percentage', 500, { percentage: 0 }],
    ['a negative shipping charge', -100, { percentage: 0.5 }],
  ])('does nothing for %s', (_, shipping, configuration) => {
    const order = orderWith(line('A', 100));
    if (shipping !== null) {
      withShippingCharge(order, shipping);
    }
    expect(run(order, action('shipping_percentage_discount', configuration)).changed).toBe(false);
    expect(shippingPromotions(order)).toEqual([]);
  });
});

describe('applyPromotion', () => {
  it('records the promotion once when at least one action changed the order', () => {
    const order = orderWith(line('A', 100));
    const twoActions = aPromotion({
      code: 'two',
      actions: [
        action('order_fixed_discount', { MOBILE: { amount: 10 } }),
        action('order_fixed_discount', { WEB: { amount: 10 } }),
        action('order_fixed_discount', { WEB: { amount: 10 } }),
      ],
    });
    expect(applyPromotion(order, twoActions)).toBe(true);
    expect(order.appliedPromotionCodes).toEqual(['two']);
    expect(itemsTotal(order)).toBe(80);
  });

  it('does not record a promotion whose actions changed nothing', () => {
    const order = orderWith(line('A', 100));
    const useless = aPromotion({ actions: [action('order_fixed_discount', { MOBILE: { amount: 10 } }), action('teleport', {})] });
    expect(applyPromotion(order, useless)).toBe(false);
    expect(order.appliedPromotionCodes).toEqual([]);
  });
});
