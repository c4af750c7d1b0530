import type { EntityManager } from '@mikro-orm/postgresql';
import { LIST_READ } from '../../../database/replicas/list-read';
import { withDates, type Stored } from '../../../database/stored-dates';
import type { WebhookDelivery } from '../entities/webhook-delivery.entity';

export type DeliveryRow = Pick<WebhookDelivery, 'eventId' | 'eventType' | 'attempt' | 'attemptedAt' | 'statusCode' | 'error' | 'durationMs' | 'outcome' | 'nextAttemptAt'> & {
  id: number;
};

const COUNT = `select count(*)::int as total from webhook_delivery where subscription_id = ?`;
const page = (order: 'asc' | 'desc'): string => `
  select d.id::int as id, d.event_id as "eventId", d.event_type as "eventType", d.attempt, d.attempted_at as "attemptedAt",
         d.status_code as "statusCode", d.error, d.duration_ms as "durationMs", d.outcome, d.next_attempt_at as "nextAttemptAt"
    from webhook_delivery d
   where d.subscription_id = ?
   order by d.id ${order}
   limit ? offset ?`;
/** Both orders written out, so the statement text never comes from the request. */
const PAGE = { asc: page('asc'), desc: page('desc') };

/** The subscription's attempts (the index on subscription_id, id serves the count and both orders). */
export async function countDeliveries(em: EntityManager, subscriptionId: number): Promise<number> {
  const [row] = await em.execute<Array<{ total: number }>>(COUNT, [subscriptionId], LIST_READ);
  return row.total;
}

export async function findDeliveries(em: EntityManager, subscriptionId: number, order: 'asc' | 'desc', window: { limit: number; offset: number }): Promise<DeliveryRow[]> {
  const rows = await em.execute<Array<Stored<DeliveryRow>>>(PAGE[order], [subscriptionId, window.limit, window.offset], LIST_READ);
  return rows.map((row) => withDates<DeliveryRow>(row, ['attemptedAt', 'nextAttemptAt']));
}
