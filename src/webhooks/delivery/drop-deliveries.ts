import type { EntityManager } from '@mikro-orm/postgresql';
import { DELIVERY_QUEUE, QUEUE_SCHEMA } from './queue-names';

/** Waiting jobs (pg-boss's table, in the schema our migration made); one being sent right now finishes, and is not retried. */
const DROP_WAITING = `delete from ${QUEUE_SCHEMA}.job where name = ? and state < 'active' and singleton_key like ?`;
const DROP_ATTEMPTS = `delete from webhook_delivery where subscription_id = ?`;

/** A deleted subscription's pending deliveries and its attempts log, in the deleting transaction. */
export async function dropDeliveries(tx: EntityManager, subscriptionId: number): Promise<void> {
  await tx.execute(DROP_WAITING, [DELIVERY_QUEUE, `${subscriptionId}:%`]);
  await tx.execute(DROP_ATTEMPTS, [subscriptionId]);
}
