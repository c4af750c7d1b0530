import type { EnginePromotion, EnginePromotionAction } from '../types';
import type { WorkingOrder } from '../working-order';
import { applyOrderFixedDiscount, applyOrderPercentageDiscount } from './order-discount-actions';
import { applyShippingPercentageDiscount } from './shipping-discount-action';
import { applyUnitFixedDiscount, applyUnitPercentageDiscount } from './unit-discount-actions';

/** Runs one action; true when it changed the order. Unknown action types do nothing. */
export function executeAction(action: EnginePromotionAction, order: WorkingOrder, promotion: EnginePromotion): boolean {
  switch (action.type) {
    case 'order_fixed_discount':
      return applyOrderFixedDiscount(order, action.configuration, promotion);
    case 'order_percentage_discount':
      return applyOrderPercentageDiscount(order, action.configuration, promotion);
    case 'unit_fixed_discount':
      return applyUnitFixedDiscount(order, action.configuration, promotion);
    case 'unit_percentage_discount':
      return applyUnitPercentageDiscount(order, action.configuration, promotion);
    case 'shipping_percentage_discount':
      return applyShippingPercentageDiscount(order, action.configuration, promotion);
    default:
      return false;
  }
}

/** Runs every action in order; the promotion counts as applied when at least one changed the order. */
export function applyPromotion(order: WorkingOrder, promotion: EnginePromotion): boolean {
  let applied = false;
  for (const action of promotion.actions) {
    applied = executeAction(action, order, promotion) || applied;
  }
  if (applied) {
    order.appliedPromotionCodes.push(promotion.code);
  }
  return applied;
}
