import { ADJUSTMENT } from '../adjustments';
import { integerDistribute, negate, phpRound, proportionalIntegerDistribute } from '../money';
import type { ChannelKeyed, EnginePromotion } from '../types';
import { addUnitAdjustment, itemTotal, itemsTotal, type WorkingOrder } from '../working-order';
import { configurationForChannel, isNumber } from './channel-configuration';
import { promotionAdjustment } from './promotion-adjustment';

/**
 * Spreads an order discount over the items in proportion to their current totals, then evenly over each
 * item's units (not in proportion to the unit totals), as `order_promotion` unit adjustments.
 */
function distributeOrderDiscount(order: WorkingOrder, promotion: EnginePromotion, discount: number): boolean {
  const weights = order.items.map(itemTotal);
  if (weights.every((weight) => weight === 0)) {
    return false;
  }
  const itemShares = proportionalIntegerDistribute(weights, discount);
  order.items.forEach((item, index) => {
    if (itemShares[index] === 0) {
      return;
    }
    const unitShares = integerDistribute(itemShares[index], item.units.length);
    item.units.forEach((unit, unitIndex) => {
      if (unitShares[unitIndex] !== 0) {
        addUnitAdjustment(unit, promotionAdjustment(ADJUSTMENT.ORDER_PROMOTION, promotion, unitShares[unitIndex]));
      }
    });
  });
  return true;
}

/** `order_fixed_discount`: a channel amount off the items total, never more than the items total. */
export function applyOrderFixedDiscount(
  order: WorkingOrder,
  configuration: ChannelKeyed<{ amount: number }>,
  promotion: EnginePromotion,
): boolean {
  if (order.items.length === 0) {
    return false;
  }
  const amount = configurationForChannel(configuration, order.source.channel.code)?.amount;
  if (!Number.isInteger(amount)) {
    return false;
  }
  const discount = negate(Math.min(itemsTotal(order), amount as number));
  if (discount === 0) {
    return false;
  }
  return distributeOrderDiscount(order, promotion, discount);
}

/** `order_percentage_discount`: a share in (0, 1] of the items total; the percentage is not per channel. */
export function applyOrderPercentageDiscount(
  order: WorkingOrder,
  configuration: { percentage: number },
  promotion: EnginePromotion,
): boolean {
  const percentage = configuration.percentage;
  if (order.items.length === 0 || !isNumber(percentage) || percentage <= 0 || percentage > 1) {
    return false;
  }
  const discount = negate(phpRound(itemsTotal(order) * percentage));
  if (discount === 0) {
    return false;
  }
  return distributeOrderDiscount(order, promotion, discount);
}
