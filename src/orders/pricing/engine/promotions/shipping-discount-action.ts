import { ADJUSTMENT, sumCountedAdjustments } from '../adjustments';
import { negate, phpRound } from '../money';
import type { EnginePromotion } from '../types';
import type { WorkingOrder } from '../working-order';
import { isNumber } from './channel-configuration';
import { promotionAdjustment } from './promotion-adjustment';

/**
 * `shipping_percentage_discount`: a share of the gross shipping charge, capped by what earlier shipping
 * promotions left. When nothing is left a 0 adjustment is still added and the promotion counts as applied.
 */
export function applyShippingPercentageDiscount(
  order: WorkingOrder,
  configuration: { percentage: number },
  promotion: EnginePromotion,
): boolean {
  if (!isNumber(configuration.percentage)) {
    return false;
  }
  const shipping = sumCountedAdjustments(order.adjustments, [ADJUSTMENT.SHIPPING]);
  const remaining = shipping + sumCountedAdjustments(order.adjustments, [ADJUSTMENT.ORDER_SHIPPING_PROMOTION]);
  if (remaining < 0) {
    return false;
  }
  const discount = phpRound(shipping * configuration.percentage);
  if (discount === 0) {
    return false;
  }
  order.adjustments.push(
    promotionAdjustment(ADJUSTMENT.ORDER_SHIPPING_PROMOTION, promotion, negate(Math.min(discount, remaining))),
  );
  return true;
}
