import { createAdjustment } from './adjustments';
import { InvalidItemQuantityError } from './errors';
import { anOrder, line } from './testing/builders';
import { pricedWorkingOrder, withShippingCharge } from './testing/working';
import {
  addUnitAdjustment,
  createWorkingOrder,
  itemAdjustmentsTotal,
  itemTotal,
  itemUnitsTotal,
  itemsTotal,
  orderAdjustmentsTotal,
  orderShippingTotal,
  orderTotal,
  totalQuantity,
  unitTotal,
} from './working-order';

describe('working order totals', () => {
  it('creates one unit per quantity', () => {
    const order = createWorkingOrder(anOrder({ items: [line('A', 10, 3), line('B', 10, 1)] }));
    expect(order.items.map((item) => item.units.length)).toEqual([3, 1]);
    expect(totalQuantity(order)).toBe(4);
  });

  it.each([0, -1, 1.5, Number.NaN])('rejects the quantity %p', (quantity) => {
    expect(() => createWorkingOrder(anOrder({ items: [line('A', 10, quantity)] }))).toThrow(InvalidItemQuantityError);
  });

  it('clamps a unit at 0 and sums clamped unit totals into the item', () => {
    const order = pricedWorkingOrder(anOrder({ items: [line('A', 100, 2)] }));
    const [first, second] = order.items[0].units;
    addUnitAdjustment(first, createAdjustment('order_unit_promotion', 'Big', -150));
    addUnitAdjustment(second, createAdjustment('order_unit_promotion', 'Small', -30));
    expect(first.adjustmentsTotal).toBe(-150);
    expect(unitTotal(order.items[0], first)).toBe(0);
    expect(unitTotal(order.items[0], second)).toBe(70);
    expect(itemUnitsTotal(order.items[0])).toBe(70);
    expect(itemTotal(order.items[0])).toBe(70);
  });

  it('ignores neutral adjustments in every total', () => {
    const order = pricedWorkingOrder(anOrder({ items: [line('A', 100)] }));
    addUnitAdjustment(order.items[0].units[0], createAdjustment('tax', 'VAT', 19, { neutral: true }));
    order.adjustments.push(createAdjustment('tax', 'VAT', 5, { neutral: true }));
    expect(order.items[0].units[0].adjustmentsTotal).toBe(0);
    expect(orderAdjustmentsTotal(order)).toBe(0);
    expect(orderTotal(order)).toBe(100);
  });

  it('clamps an item separately from its units', () => {
    const order = pricedWorkingOrder(anOrder({ items: [line('A', 100, 2), line('B', 50)] }));
    order.items[0].adjustments.push(createAdjustment('order_item_promotion', 'Item', -500));
    expect(itemAdjustmentsTotal(order.items[0])).toBe(-500);
    expect(itemUnitsTotal(order.items[0])).toBe(200);
    expect(itemTotal(order.items[0])).toBe(0);
    expect(itemsTotal(order)).toBe(50);
  });

  it('clamps the order separately from its items', () => {
    const order = withShippingCharge(pricedWorkingOrder(anOrder({ items: [line('A', 100)] })), -300);
    expect(orderAdjustmentsTotal(order)).toBe(-300);
    expect(orderTotal(order)).toBe(0);
  });

  it('counts shipping, shipping promotions and non-neutral order tax as shipping total', () => {
    const order = withShippingCharge(pricedWorkingOrder(anOrder({ items: [line('A', 100)] })), 500);
    order.adjustments.push(createAdjustment('order_shipping_promotion', 'Half', -250));
    order.adjustments.push(createAdjustment('tax', 'VAT', 58));
    order.adjustments.push(createAdjustment('tax', 'Included', 40, { neutral: true }));
    expect(orderShippingTotal(order)).toBe(308);
  });
});
