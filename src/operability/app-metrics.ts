import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { lockConflicts } from '../database/write-transaction';
import type { PoolStats } from './pool-stats';

const LABELS = ['method', 'route', 'status'] as const;
type Label = (typeof LABELS)[number];

/** Seconds; fine at the low end, where most API requests land. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The service's Prometheus metrics, in a registry of their own (several apps can live in one process,
 * as in the tests): request counts and durations, connection pool gauges and Node's process metrics.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<Label>;
  private readonly durations: Histogram<Label>;

  /** `namedStatements`: whether hot reads still go as named prepared statements (null: there are none). */
  constructor(readPool: () => PoolStats | null, namedStatements: () => boolean | null) {
    const registers = [this.registry];
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests completed', labelNames: LABELS, registers });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to sending its response',
      labelNames: LABELS,
      buckets: DURATION_BUCKETS,
      registers,
    });
    const poolGauge = (name: string, help: string, pick: (stats: PoolStats) => number): void => {
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const stats = readPool();
          if (stats) this.set(pick(stats));
        },
      });
    };
    poolGauge('db_pool_connections_used', 'Database connections lent out by the pool', (s) => s.used);
    poolGauge('db_pool_connections_free', 'Idle database connections in the pool', (s) => s.free);
    poolGauge('db_pool_acquires_pending', 'Requests waiting for a database connection', (s) => s.pendingAcquires);
    poolGauge('db_pool_connections_max', 'Largest number of database connections the pool opens', (s) => s.max);
    new Gauge({
      name: 'db_named_statements',
      help: 'Hot statements (order facts, cart and order reads, token lookups) go as named prepared statements (1), or not (0): on the embedded database, or since named statements did not survive on the connections (a pooler without prepared-statement support)',
      registers,
      collect() {
        this.set(namedStatements() === true ? 1 : 0);
      },
    });
    new Counter({
      name: 'db_write_lock_conflicts_total',
      help: 'Write transactions of this process that hit a deadlock or serialization failure: run again (retried) or answered 409 (refused)',
      labelNames: ['outcome'],
      registers,
      collect() {
        this.reset();
        this.inc({ outcome: 'retried' }, lockConflicts.retried);
        this.inc({ outcome: 'refused' }, lockConflicts.refused);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
