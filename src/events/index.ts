/** The events module's public API: the outbox every change records its events in, and the envelope that carries them. */
export { EventOutbox, registerEventOutbox } from './event-outbox';
export type { EventType } from './event-types';
export { EVENT_PATTERNS, isEventPattern, matchesEventPatterns } from './event-patterns';
export { SEQUENCE_RANGE } from './sequence-range';
/** @public The webhook deliverer renders its bodies and `webhook-id` with these. */
export { envelopeJson, eventId, type EventEnvelope, type StoredEvent } from './event-envelope';
