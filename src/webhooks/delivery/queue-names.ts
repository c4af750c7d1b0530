/** The PostgreSQL schema pg-boss keeps its tables in (created by a migration, see Migration20261127040000). */
export const QUEUE_SCHEMA = 'pgboss';

/** One job per attempt of one event (or ping) to one subscription, singleton key `${subscriptionId}:${sequence}`. */
export const DELIVERY_QUEUE = 'webhook-delivery';

/** "Turn new events into delivery jobs": sent once a minute by the cron schedule of the processes that deliver (commits kick the dispatcher directly). */
export const DISPATCH_QUEUE = 'webhook-dispatch';
