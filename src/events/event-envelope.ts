import { formatDateTime } from '../common/datetime';

/** An event as stored: `data` is the stored JSON as the driver parses it (a json column). */
export interface StoredEvent {
  sequence: number;
  type: string;
  occurredAt: Date;
  data: unknown;
}

export interface EventEnvelope {
  id: string;
  sequence: number;
  type: string;
  timestamp: string;
  data: unknown;
}

/** `evt_` + the sequence zero-padded to 12 digits (the webhook-id too). @public */
export const eventId = (sequence: number): string => `evt_${String(sequence).padStart(12, '0')}`;

/**
 * The envelope of an event, the same in the feed and in a webhook body. `data` is the parsed stored
 * JSON: it was stored as the JSON text of the resource's GET answer, and serializing the parsed value
 * again with JSON.stringify gives that text back byte for byte (the text came from JSON.stringify in
 * the first place, and a `json` column keeps it unchanged), so `JSON.stringify(eventEnvelope(row))`
 * embeds exactly what the GET answered.
 */
export function eventEnvelope(event: StoredEvent): EventEnvelope {
  return { id: eventId(event.sequence), sequence: event.sequence, type: event.type, timestamp: formatDateTime(event.occurredAt), data: event.data };
}

/** An event as read for sending: `dataText` is the stored JSON text of its data, used as it is. */
export interface StoredEventText {
  sequence: number;
  type: string;
  occurredAt: Date;
  dataText: string;
}

/** The envelope's exact bytes, in the contract's key order, with the stored data text embedded unparsed. */
export function envelopeJson(event: StoredEventText): string {
  return `{"id":${JSON.stringify(eventId(event.sequence))},"sequence":${event.sequence},"type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(formatDateTime(event.occurredAt))},"data":${event.dataText}}`;
}
