import type { EntityManager } from '@mikro-orm/postgresql';
import { DELIVERY_QUEUE, QUEUE_SCHEMA } from './queue-names';

/** Waiting jobs (pg-boss's table, in the schema our migration made). */
const DROP_WAITING = `delete from ${QUEUE_SCHEMA}.job where name = ? and state < 'active' and singleton_key like ?`;

/**
 * A deleted subscription's waiting deliveries, in the deleting transaction (its attempts log goes by the
 * foreign key's cascade). One being sent meanwhile cannot record its attempt (the foreign key), fails,
 * and is dropped when tried again without its subscription.
 */
export async function dropDeliveries(tx: EntityManager, subscriptionId: number): Promise<void> {
  await tx.execute(DROP_WAITING, [DELIVERY_QUEUE, `${subscriptionId}:%`]);
}
