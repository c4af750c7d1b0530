import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { DeliveryOutcome } from './entities/webhook-delivery.entity';
import { DELIVERY_QUEUE, QUEUE_SCHEMA } from './queue-names';
import type { SqlExecutor } from './queue-database';

/** Seconds; receivers answer in milliseconds to the 10 s timeout. */
const ATTEMPT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Jobs waiting (now or for a later retry) or running. */
const QUEUE_DEPTH = `select count(*)::int as depth from ${QUEUE_SCHEMA}.job where name = $1 and state < 'completed'`;

/**
 * The oldest event not yet delivered everywhere: still before the dispatch cursor, or with a delivery
 * job waiting or running. Seconds; 0 when nothing is waiting.
 */
const OLDEST_UNDELIVERED = `
  select coalesce(extract(epoch from now() - least(
    (select min(e.occurred_at) from event e where e.sequence > (select last_sequence from webhook_dispatch_cursor where id = 1)),
    (select min(e.occurred_at) from ${QUEUE_SCHEMA}.job j join event e on e.sequence = (j.data->>'sequence')::bigint
      where j.name = $1 and j.state < 'completed')
  )), 0)::float8 as age`;

/** How long a scrape waits for a gauge's statement (as the readiness probe waits for `select 1`). */
const GAUGE_TIMEOUT_MS = 1000;

/**
 * The first row of a gauge's statement, or none when the database does not answer in time: the gauge
 * keeps its last value rather than failing or holding up the whole scrape.
 */
async function gaugeRow<T>(db: SqlExecutor, text: string): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), GAUGE_TIMEOUT_MS)));
  const read = db.executeSql(text, [DELIVERY_QUEUE]).then((result) => result.rows[0] as T | undefined, () => undefined);
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Delivery metrics, in the process's registry: counted as attempts finish, the gauges read from the database on scrape. */
export class DeliveryMetrics {
  private readonly deliveries: Counter<'outcome'>;
  private readonly latency: Histogram;

  constructor(registry: Registry, db: SqlExecutor) {
    const registers = [registry];
    this.deliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (succeeded, retrying, failed)',
      labelNames: ['outcome'],
      registers,
    });
    this.latency = new Histogram({ name: 'webhook_attempt_duration_seconds', help: 'Time from sending a webhook to its answer', buckets: ATTEMPT_BUCKETS, registers });
    new Gauge({
      name: 'webhook_queue_depth',
      help: 'Webhook delivery jobs waiting, scheduled for a retry or running',
      registers,
      async collect() {
        const row = await gaugeRow<{ depth: number }>(db, QUEUE_DEPTH);
        if (row) this.set(row.depth);
      },
    });
    new Gauge({
      name: 'webhook_oldest_undelivered_event_age_seconds',
      help: 'Age of the oldest event that has not reached every subscription yet',
      registers,
      async collect() {
        const row = await gaugeRow<{ age: number }>(db, OLDEST_UNDELIVERED);
        if (row) this.set(row.age);
      },
    });
  }

  observe(outcome: DeliveryOutcome, seconds: number): void {
    this.deliveries.inc({ outcome });
    this.latency.observe(seconds);
  }
}
