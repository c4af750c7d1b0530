/** The PostgreSQL schema pg-boss keeps its tables in (created by a migration, see Migration20261127040000). */
export const QUEUE_SCHEMA = 'pgboss';

/** One job per attempt of one event (or ping) to one subscription, singleton key `${subscriptionId}:${sequence}`. */
export const DELIVERY_QUEUE = 'webhook-delivery';

/** "Turn new events into delivery jobs": sent once a minute by the cron schedule of the processes that deliver (commits kick the dispatcher directly). */
export const DISPATCH_QUEUE = 'webhook-dispatch';

/**
 * Where pg-boss puts a copy of each delivery job it gives up on (its retries after crashes or failed
 * records used up): the delivering processes count and log each one (delivery-engine.ts). The given-up
 * job itself stays in the delivery queue in state `failed` until pg-boss's retention deletes it.
 */
export const DEAD_LETTER_QUEUE = 'webhook-delivery-dead-letter';
