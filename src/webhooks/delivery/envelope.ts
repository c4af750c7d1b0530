import { formatDateTime } from '../../common/datetime';

/** The event as the feed shows it and a webhook body carries it (events contract §1). */
export interface EventEnvelope {
  id: string;
  sequence: number;
  type: string;
  timestamp: string;
  data: unknown;
}

export const eventId = (sequence: number): string => `evt_${String(sequence).padStart(12, '0')}`;

export function eventEnvelope(event: { sequence: number; type: string; occurredAt: Date; data: unknown }): EventEnvelope {
  return { id: eventId(event.sequence), sequence: event.sequence, type: event.type, timestamp: formatDateTime(event.occurredAt), data: event.data };
}
