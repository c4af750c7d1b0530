import { ADJUSTMENT } from '../adjustments';
import { negate, phpRound } from '../money';
import type { ChannelKeyed, EnginePromotion, UnitDiscountFilters } from '../types';
import { addUnitAdjustment, unitTotal, type WorkingOrder } from '../working-order';
import { configurationForChannel, isNumber } from './channel-configuration';
import { filterItems } from './filters';
import { promotionAdjustment } from './promotion-adjustment';

/**
 * `unit_fixed_discount`: the channel amount off every unit of the filtered items, capped by the unit's
 * total at that moment (a unit already at 0 still receives a 0 adjustment).
 */
export function applyUnitFixedDiscount(
  order: WorkingOrder,
  configuration: ChannelKeyed<{ amount: number; filters?: UnitDiscountFilters }>,
  promotion: EnginePromotion,
): boolean {
  const channelConfiguration = configurationForChannel(configuration, order.source.channel.code);
  if (channelConfiguration === undefined || !isNumber(channelConfiguration.amount) || channelConfiguration.amount === 0) {
    return false;
  }
  const items = filterItems(order.items, channelConfiguration.filters);
  if (items.length === 0) {
    return false;
  }
  const amount = channelConfiguration.amount;
  for (const item of items) {
    for (const unit of item.units) {
      const discount = negate(Math.min(unitTotal(item, unit), amount));
      addUnitAdjustment(unit, promotionAdjustment(ADJUSTMENT.ORDER_UNIT_PROMOTION, promotion, discount));
    }
  }
  return true;
}

/**
 * `unit_percentage_discount`: a share of the unit price (not of the discounted unit total) off every unit
 * of the filtered items, uncapped; the unit total itself still never drops below 0.
 */
export function applyUnitPercentageDiscount(
  order: WorkingOrder,
  configuration: ChannelKeyed<{ percentage: number; filters?: UnitDiscountFilters }>,
  promotion: EnginePromotion,
): boolean {
  const channelConfiguration = configurationForChannel(configuration, order.source.channel.code);
  if (channelConfiguration === undefined || !isNumber(channelConfiguration.percentage)) {
    return false;
  }
  const items = filterItems(order.items, channelConfiguration.filters);
  if (items.length === 0) {
    return false;
  }
  for (const item of items) {
    const discount = negate(phpRound(item.unitPrice * channelConfiguration.percentage));
    for (const unit of item.units) {
      addUnitAdjustment(unit, promotionAdjustment(ADJUSTMENT.ORDER_UNIT_PROMOTION, promotion, discount));
    }
  }
  return true;
}
