import { createAdjustment } from '../adjustments';
import { processPrices } from '../processors/prices-processor';
import type { EngineOrder } from '../types';
import { createWorkingOrder, type WorkingOrder } from '../working-order';

/** A cleared working order with unit prices read from channel pricing, ready for promotions or taxes. */
export function pricedWorkingOrder(order: EngineOrder): WorkingOrder {
  const working = createWorkingOrder(order);
  processPrices(working);
  return working;
}

/** Adds an order-level shipping charge as the shipping-charges processor would. */
export function withShippingCharge(order: WorkingOrder, amount: number, label = 'Flat'): WorkingOrder {
  order.adjustments.push(createAdjustment('shipping', label, amount));
  return order;
}

/** Amounts of every unit's adjustments of one type, per item: [[unit1 amounts...], ...]. */
export function unitAmounts(order: WorkingOrder, type: string): number[][] {
  return order.items.map((item) =>
    item.units.map((unit) =>
      unit.adjustments.filter((adjustment) => adjustment.type === type).reduce((sum, a) => sum + a.amount, 0),
    ),
  );
}
