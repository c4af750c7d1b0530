import { serializeChannelReference } from '../channels/channel.serializer';
import { formatDateTime } from '../common/datetime';
import { links, selfLink } from '../common/links';
import { toDate } from '../common/serialization/to-date';
import type { PromotionCouponRow, PromotionRow, PromotionSettingRow } from './queries/promotion-sql';

const serializeSetting = (row: PromotionSettingRow) => ({ id: row.id, type: row.type, configuration: row.configuration });

/** A promotion with its rules and actions (in the order they are checked and applied) and its channels. */
export function serializePromotion(row: PromotionRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ...(row.description !== null && { description: row.description }),
    priority: row.priority,
    exclusive: row.exclusive,
    ...(row.usage_limit !== null && { usageLimit: row.usage_limit }),
    used: row.used,
    ...(row.starts_at !== null && { startsAt: formatDateTime(toDate(row.starts_at)) }),
    ...(row.ends_at !== null && { endsAt: formatDateTime(toDate(row.ends_at)) }),
    couponBased: row.coupon_based,
    rules: row.rules.map(serializeSetting),
    actions: row.actions.map(serializeSetting),
    createdAt: formatDateTime(toDate(row.created_at)),
    updatedAt: formatDateTime(toDate(row.updated_at)),
    channels: row.channels.map(serializeChannelReference),
    _links: selfLink(links.promotion(row.code)),
  };
}

/** Every field of a coupon, linked to itself and to its promotion. */
export function serializePromotionCoupon(row: PromotionCouponRow) {
  return {
    id: row.id,
    code: row.code,
    used: row.used,
    ...(row.usage_limit !== null && { usageLimit: row.usage_limit }),
    ...(row.expires_at !== null && { expiresAt: formatDateTime(toDate(row.expires_at)) }),
    createdAt: formatDateTime(toDate(row.created_at)),
    updatedAt: formatDateTime(toDate(row.updated_at)),
    ...(row.per_customer_usage_limit !== null && { perCustomerUsageLimit: row.per_customer_usage_limit }),
    _links: {
      self: { href: links.promotionCoupon(row.promotion_code, row.code) },
      promotion: { href: links.promotion(row.promotion_code) },
    },
  };
}
