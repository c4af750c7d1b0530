import { formatDateTime } from '../../common/datetime';
import type { DeliveryRow } from './queries/delivery.read-model';

/** One attempt as the deliveries list shows it; what did not happen (no answer, no next attempt) is left out. */
export function serializeDelivery(row: DeliveryRow) {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    attempt: row.attempt,
    attemptedAt: formatDateTime(row.attemptedAt),
    ...(row.statusCode !== null && { statusCode: row.statusCode }),
    ...(row.error !== null && { error: row.error }),
    durationMs: row.durationMs,
    outcome: row.outcome,
    ...(row.nextAttemptAt !== null && { nextAttemptAt: formatDateTime(row.nextAttemptAt) }),
  };
}
