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
  'product.created',
  'product.updated',
  'product.deleted',
  'product_variant.created',
  'product_variant.updated',
  'product_variant.deleted',
  'channel.created',
  'channel.updated',
  'channel.deleted',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
