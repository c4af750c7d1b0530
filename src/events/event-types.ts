/** Every type of domain event the feed carries (docs/spec: events §1). */
export const EVENT_TYPES = [
  'cart.created',
  'cart.updated',
  'cart.deleted',
  'order.placed',
  'order.cancelled',
  'order.fulfilled',
  'payment.completed',
  'shipment.shipped',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'promotion.created',
  'promotion.updated',
  'promotion.deleted',
  'promotion_coupon.created',
  'promotion_coupon.updated',
  'promotion_coupon.deleted',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
