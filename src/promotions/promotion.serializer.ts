import { serializeChannelReference } from '../channels/channel.serializer';
import { formatDateTime } from '../common/datetime';
import { links, selfLink } from '../common/links';
import type { PromotionAction } from './entities/promotion-action.entity';
import type { PromotionCoupon } from './entities/promotion-coupon.entity';
import type { Promotion } from './entities/promotion.entity';
import type { PromotionRule } from './entities/promotion-rule.entity';
import type { PromotionListItem } from './queries/promotion-list.read-model';

/** A promotion links to itself and, when it is coupon-based, to its coupons. */
const promotionLinks = (promotion: Pick<Promotion, 'code' | 'couponBased'>) => ({
  ...selfLink(links.promotion(promotion.code)),
  ...(promotion.couponBased && { coupons: { href: links.promotionCoupons(promotion.code) } }),
});

const serializeSetting = (setting: PromotionRule | PromotionAction) => ({ id: setting.id, type: setting.type, configuration: setting.configuration });

/** A promotion with its rules and actions (in the order they are checked and applied) and its channels. */
export function serializePromotion(promotion: Promotion) {
  return {
    id: promotion.id,
    code: promotion.code,
    name: promotion.name,
    ...(promotion.description !== null && { description: promotion.description }),
    priority: promotion.priority,
    exclusive: promotion.exclusive,
    ...(promotion.usageLimit !== null && { usageLimit: promotion.usageLimit }),
    used: promotion.used,
    ...(promotion.startsAt !== null && { startsAt: formatDateTime(promotion.startsAt) }),
    ...(promotion.endsAt !== null && { endsAt: formatDateTime(promotion.endsAt) }),
    couponBased: promotion.couponBased,
    rules: promotion.rules.getItems().map(serializeSetting),
    actions: promotion.actions.getItems().map(serializeSetting),
    createdAt: formatDateTime(promotion.createdAt),
    updatedAt: formatDateTime(promotion.updatedAt),
    channels: promotion.channels.getItems().map(serializeChannelReference),
    _links: promotionLinks(promotion),
  };
}

/** Every field of a coupon, linked to itself and to its promotion (whose code must be loaded). */
export function serializePromotionCoupon(coupon: Omit<PromotionCoupon, 'promotion'> & { promotion: Pick<Promotion, 'code'> }) {
  const promotionCode = coupon.promotion.code;
  return {
    id: coupon.id,
    code: coupon.code,
    used: coupon.used,
    ...(coupon.usageLimit !== null && { usageLimit: coupon.usageLimit }),
    ...(coupon.expiresAt !== null && { expiresAt: formatDateTime(coupon.expiresAt) }),
    createdAt: formatDateTime(coupon.createdAt),
    updatedAt: formatDateTime(coupon.updatedAt),
    ...(coupon.perCustomerUsageLimit !== null && { perCustomerUsageLimit: coupon.perCustomerUsageLimit }),
    _links: {
      self: { href: links.promotionCoupon(promotionCode, coupon.code) },
      promotion: { href: links.promotion(promotionCode) },
    },
  };
}

/** A promotion in the promotion list. */
export function serializePromotionListItem(row: PromotionListItem) {
  return { id: row.id, code: row.code, name: row.name, priority: row.priority, _links: promotionLinks(row) };
}

/** A coupon in its promotion's coupon list. */
export function serializePromotionCouponListItem(coupon: PromotionCoupon, promotionCode: string) {
  return {
    id: coupon.id,
    code: coupon.code,
    used: coupon.used,
    ...(coupon.usageLimit !== null && { usageLimit: coupon.usageLimit }),
    ...(coupon.expiresAt !== null && { expiresAt: formatDateTime(coupon.expiresAt) }),
    _links: selfLink(links.promotionCoupon(promotionCode, coupon.code)),
  };
}
