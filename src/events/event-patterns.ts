import { EVENT_TYPES } from './event-types';

/**
 * Patterns of event types, as the feed's `type` filter and a webhook subscription's `events` name them:
 * an exact type (events contract §1), `prefix.*` (every type of one resource) or `*` (all).
 */
const ALL_EVENTS = '*';

/** `cart.*`, `order.*`, …: one per resource that has events. */
export const EVENT_PREFIX_PATTERNS: readonly string[] = [...new Set(EVENT_TYPES.map((type) => `${type.slice(0, type.indexOf('.'))}.*`))];

/** Every valid pattern: `*`, the resources' `prefix.*`, the types. */
export const EVENT_PATTERNS: readonly string[] = [ALL_EVENTS, ...EVENT_PREFIX_PATTERNS, ...EVENT_TYPES];

const VALID_PATTERNS: ReadonlySet<string> = new Set<string>(EVENT_PATTERNS);

/** Whether this entry names types: a known type, a known resource's `prefix.*`, or `*`. */
export const isEventPattern = (pattern: string): boolean => VALID_PATTERNS.has(pattern);

/** Whether an event of `type` goes to a subscription listing `patterns`. */
export function matchesEventPatterns(patterns: readonly string[], type: string): boolean {
  return patterns.some((pattern) => {
    if (pattern === ALL_EVENTS) return true;
    if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
    return pattern === type;
  });
}
