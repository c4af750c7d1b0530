import { formatDateTime } from '../common/datetime';

/** An event as read for sending: `dataText` is the stored JSON text of its data (`data::text` of the json column). */
export interface StoredEvent {
  sequence: number;
  type: string;
  occurredAt: Date;
  dataText: string;
}

/** The envelope's wire shape, the same in the feed and in a webhook body (keys in this order). */
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
 * The envelope's exact bytes, as `JSON.stringify` of an {@link EventEnvelope} would write them, with the
 * stored data text embedded as it is: that text is what `JSON.stringify` wrote for the resource's GET
 * answer, and a `json` column keeps it unchanged, so parsing and serializing it again would only give
 * it back (at the cost of the whole object graph in memory).
 */
export function envelopeJson(event: StoredEvent): string {
  return (
    `{"id":"${eventId(event.sequence)}","sequence":${event.sequence},"type":${JSON.stringify(event.type)},` +
    `"timestamp":"${formatDateTime(event.occurredAt)}","data":${event.dataText}}`
  );
}
