/**
 * The event types of the events contract (§1) and the patterns a subscription lists: an exact type,
 * `prefix.*` (every type of one resource) or `*` (all). The events module defines the same types for
 * the outbox; this list is what a subscription may name.
 */
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
] as const;

export const ALL_EVENTS = '*';

/** `cart.*`, `order.*`, …: one per resource that has events. */
export const EVENT_PREFIX_PATTERNS: readonly string[] = [...new Set(EVENT_TYPES.map((type) => `${type.slice(0, type.indexOf('.'))}.*`))];

const VALID_PATTERNS: ReadonlySet<string> = new Set<string>([ALL_EVENTS, ...EVENT_PREFIX_PATTERNS, ...EVENT_TYPES]);

/** Whether a subscription may list this entry: a known type, a known resource's `prefix.*`, or `*`. */
export const isEventPattern = (pattern: string): boolean => VALID_PATTERNS.has(pattern);

/** Whether an event of `type` goes to a subscription listing `patterns`. */
export function matchesEventPatterns(patterns: readonly string[], type: string): boolean {
  return patterns.some((pattern) => {
    if (pattern === ALL_EVENTS) return true;
    if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
    return pattern === type;
  });
}
