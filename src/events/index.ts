/** The events module's public API: recording an event of a change, and the envelope that carries it. */
export { recordEvent, registerEventOutbox } from './event-outbox';
export type { EventType } from './event-types';
export { EVENT_PATTERNS, isEventPattern, matchesEventPatterns } from './event-patterns';
/** @public The webhook deliverer renders its bodies and `webhook-id` with these. */
export { envelopeJson, eventId, type EventEnvelope, type StoredEvent } from './event-envelope';
