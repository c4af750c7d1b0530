import type { PgBoss } from 'pg-boss';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { withinMs } from '../../common/time-limit';
import type { DeliveryState } from './delivery-health';
import type { DeliveryOutcome } from './entities/webhook-delivery.entity';
import { DROP_REASONS, type DropReason } from './dropped-jobs';
import { DELIVERY_QUEUE } from './queue-names';
import type { SqlExecutor } from './queue-database';
import { OLDEST_UNDELIVERED } from './queue-tables';

/** Seconds; receivers answer in milliseconds to the 10 s timeout. */
const ATTEMPT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const SUBSCRIPTIONS_BY_STATE = `select delivery_state as state, count(*)::int as count from webhook_subscription where enabled group by delivery_state`;
const STATES: readonly DeliveryState[] = ['healthy', 'failing', 'paused'];

/** How long a scrape waits for a gauge's statement (as the readiness probe waits for `select 1`). */
const GAUGE_TIMEOUT_MS = 1000;

/**
 * A gauge's reading, or none when the database does not answer in time: the gauge keeps its last
 * value rather than failing or holding up the whole scrape.
 */
function readInTime<T>(read: Promise<T>): Promise<T | undefined> {
  return withinMs(read, GAUGE_TIMEOUT_MS, () => new Error('late')).catch(() => undefined);
}

export interface MetricSources {
  db: SqlExecutor;
  boss: PgBoss;
  /** Attempts this process has in flight (0 where it delivers nothing). */
  attemptsInFlight: () => number;
}

/** Delivery metrics, in the process's registry: counted as attempts finish, the gauges read on scrape. */
export class DeliveryMetrics {
  private readonly deliveries: Counter<'outcome'>;
  private readonly latency: Histogram;
  private readonly deferrals: Counter;
  private readonly drops: Counter<'reason'>;

  constructor(registry: Registry, sources: MetricSources) {
    const registers = [registry];
    this.deliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (succeeded, retrying, failed)',
      labelNames: ['outcome'],
      registers,
    });
    this.latency = new Histogram({ name: 'webhook_attempt_duration_seconds', help: 'Time from sending a webhook to its answer', buckets: ATTEMPT_BUCKETS, registers });
    this.deferrals = new Counter({
      name: 'webhook_deferred_jobs_total',
      help: 'Delivery jobs put off because their subscription was paused or had its cap of attempts in flight',
      registers,
    });
    this.drops = new Counter({
      name: 'webhook_jobs_dropped_total',
      help: `Delivery jobs ended unsent with no attempt recorded, by reason (${DROP_REASONS.join(', ')})`,
      labelNames: ['reason'],
      registers,
    });
    // Every reason shows from the start, so a rate over it works before its first drop.
    for (const reason of DROP_REASONS) this.drops.inc({ reason }, 0);
    new Gauge({ name: 'webhook_attempts_in_flight', help: 'Webhook attempts this process has in flight', registers, collect() {
      this.set(sources.attemptsInFlight());
    } });
    new Gauge({
      name: 'webhook_queue_depth',
      help: 'Webhook delivery jobs waiting, scheduled for a retry or running, as pg-boss counted them at most a minute ago',
      registers,
      async collect() {
        // pg-boss 12 keeps the counts on its queue row (its monitor refreshes them); `force` recounts one older than a minute.
        const stats = await readInTime(sources.boss.getQueueStats(DELIVERY_QUEUE, { force: true }));
        if (stats !== undefined) this.set(stats.reduce((depth, queue) => depth + queue.queuedCount + queue.activeCount, 0));
      },
    });
    new Gauge({
      name: 'webhook_oldest_undelivered_event_age_seconds',
      help: 'Age of the oldest event that has not reached every subscription yet',
      registers,
      async collect() {
        const result = await readInTime(sources.db.executeSql(OLDEST_UNDELIVERED, [DELIVERY_QUEUE]));
        const row = result?.rows[0] as { age: number } | undefined;
        if (row) this.set(row.age);
      },
    });
    new Gauge({
      name: 'webhook_subscriptions',
      help: 'Enabled webhook subscriptions by delivery state (healthy, failing, paused)',
      labelNames: ['state'],
      registers,
      async collect() {
        const result = await readInTime(sources.db.executeSql(SUBSCRIPTIONS_BY_STATE));
        if (result === undefined) return;
        const counts = new Map((result.rows as Array<{ state: DeliveryState; count: number }>).map((row) => [row.state, row.count]));
        for (const state of STATES) this.set({ state }, counts.get(state) ?? 0);
      },
    });
  }

  observe(outcome: DeliveryOutcome, seconds: number): void {
    this.deliveries.inc({ outcome });
    this.latency.observe(seconds);
  }

  deferred(): void {
    this.deferrals.inc();
  }

  dropped(reason: DropReason): void {
    this.drops.inc({ reason });
  }
}
