import type { EnginePromotion, EngineShop } from '../types';
import type { WorkingOrder } from '../working-order';
import { applyPromotion } from './actions';
import { isPromotionEligible, type EligibilitySubject } from './eligibility';

/**
 * Promotions of the channel whose window strictly contains `now`, highest priority first; equal
 * priorities keep the given (database) order.
 */
export function activePromotionsForChannel(
  promotions: readonly EnginePromotion[],
  channelCode: string,
  now: Date,
): EnginePromotion[] {
  const time = now.getTime();
  return promotions
    .filter(
      (promotion) =>
        promotion.channelCodes.includes(channelCode) &&
        (promotion.startsAt === null || promotion.startsAt.getTime() < time) &&
        (promotion.endsAt === null || promotion.endsAt.getTime() > time),
    )
    .sort((a, b) => b.priority - a.priority);
}

/**
 * The first eligible exclusive promotion is applied alone. Otherwise every eligible non-exclusive
 * promotion is applied in turn, each one judged against the order as the previous ones left it.
 */
export function applyPromotions(order: WorkingOrder, shop: EngineShop, now: Date): void {
  const subject: EligibilitySubject = { order, shop, now };
  const candidates = activePromotionsForChannel(shop.promotions, order.source.channel.code, now);

  const exclusive = candidates.find((promotion) => promotion.exclusive && isPromotionEligible(promotion, subject));
  if (exclusive !== undefined) {
    applyPromotion(order, exclusive);
    return;
  }
  for (const promotion of candidates) {
    if (!promotion.exclusive && isPromotionEligible(promotion, subject)) {
      applyPromotion(order, promotion);
    }
  }
}
