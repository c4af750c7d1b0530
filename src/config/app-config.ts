import { resolve } from 'node:path';
import { resolveLogFormat, type LogFormat } from '../common/logging/log-format';

/** Injection token for the resolved configuration (the app module provides it). */
export const APP_CONFIG = Symbol('APP_CONFIG');

export interface AppConfig {
  host: string;
  port: number;
  /** A PostgreSQL server; null selects the embedded database. */
  databaseUrl: string | null;
  /** Read replicas of databaseUrl (streaming standbys) that answer the list pages; empty: everything reads the primary. */
  databaseReplicaUrls: string[];
  /** A replica further behind the primary than this is not read from (DATABASE_REPLICA_MAX_LAG_MS). */
  databaseReplicaMaxLagMs: number;
  /** Where the embedded database persists. */
  dataDir: string;
  poolSize: number;
  logLevel: string;
  logFormat: LogFormat;
  /** Failed password grants allowed per client and username within the window. */
  authMaxFailures: number;
  authWindowSeconds: number;
  /** How long a request waits for another one with the same Idempotency-Key before answering 409. */
  idempotencyWaitMs: number;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** Browser origins allowed to call the API (CORS); empty sends no CORS headers. */
  corsOrigins: string[];
  /** How long a SIGTERM/SIGINT waits for in-flight requests before cutting them off. */
  shutdownTimeoutMs: number;
  /** Webhook URLs may use plain `http` (WEBHOOK_ALLOW_HTTP=1); otherwise only `https`. */
  webhookAllowHttp: boolean;
  /** Webhook URLs may point at loopback, private and other non-public addresses (WEBHOOK_ALLOW_PRIVATE_NETWORKS=1). */
  webhookAllowPrivateNetworks: boolean;
  /** Webhook delivery jobs this process has in hand at once; 0 delivers none here (another process does). */
  webhookConcurrency: number;
  /** Attempts in flight at once for one healthy subscription, per process (1 while it is failing or paused). */
  webhookSubscriptionConcurrency: number;
  /** Consecutive failed attempts that make a subscription `failing`, and that pause it. */
  webhookFailingAfter: number;
  webhookPauseAfter: number;
  /** The first pause of a paused subscription and the longest (each failed probe doubles it), in ms. */
  webhookPauseMs: { first: number; max: number };
  /** Seconds before each retry of a failed delivery (±20 % jitter); after the last, the delivery has failed. */
  webhookRetryDelays: number[];
  /** How long one delivery attempt may take before it counts as failed. */
  webhookAttemptTimeoutMs: number;
  /** Where `npm run worker` serves GET /metrics; 0 serves none. */
  workerMetricsPort: number;
  /** Events older than this many days are deleted from the feed. */
  eventsRetentionDays: number;
  /** How often the retention cleanup runs (0: never). */
  eventsCleanupIntervalMs: number;
}

/** A setting the service cannot start with; the message says which and why. */
export class ConfigError extends Error {}

function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new ConfigError(`Expected a whole number, got "${value}"`);
  return parsed;
}

/** About 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h, 24 h (events contract §3). */
const DEFAULT_RETRY_DELAYS = [5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200, 86400];

/** `first,max` in seconds: 5 s, doubling up to 10 min by default. */
function pauseRange(value: string | undefined): { first: number; max: number } {
  const [first, max] = seconds(value, [5, 600]);
  if (first === undefined || max === undefined || first <= 0 || max < first) throw new ConfigError(`WEBHOOK_PAUSE_SECONDS must be "first,max" with 0 < first <= max, got "${value}"`);
  return { first: first * 1000, max: max * 1000 };
}

function seconds(value: string | undefined, fallback: number[]): number[] {
  if (value === undefined || value === '') return fallback;
  return list(value).map((item) => {
    const parsed = Number(item);
    if (!Number.isFinite(parsed) || parsed < 0) throw new ConfigError(`Expected seconds, got "${item}"`);
    return parsed;
  });
}

/** A switch: `1`/`true` on, unset, empty, `0`/`false` off; anything else stops the start. */
function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0, got "${value}"`);
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const isPostgresUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgresql:' || url.protocol === 'postgres:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/** The replicas' URLs; never echoed in an error, as they may hold a password. */
function replicaUrls(value: string | undefined, databaseUrl: string | null): string[] {
  const urls = list(value);
  urls.forEach((url, index) => {
    if (!isPostgresUrl(url)) throw new ConfigError(`DATABASE_REPLICA_URLS: entry ${index + 1} is not a PostgreSQL URL (postgresql://user:password@host:port/database)`);
  });
  if (urls.length > 0 && databaseUrl === null) {
    throw new ConfigError('DATABASE_REPLICA_URLS is set without DATABASE_URL: the embedded database has no read replicas. Set DATABASE_URL to their primary, or unset DATABASE_REPLICA_URLS.');
  }
  return urls;
}

function maxLagMs(value: string | undefined): number {
  if (value === undefined || value === '') return 2000;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 100) throw new ConfigError(`DATABASE_REPLICA_MAX_LAG_MS must be a whole number of milliseconds, at least 100; got "${value}"`);
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: integer(env.PORT, 8000),
    databaseUrl: env.DATABASE_URL || null,
    databaseReplicaUrls: replicaUrls(env.DATABASE_REPLICA_URLS, env.DATABASE_URL || null),
    databaseReplicaMaxLagMs: maxLagMs(env.DATABASE_REPLICA_MAX_LAG_MS),
    dataDir: resolve(env.DATA_DIR || './var/db'),
    poolSize: Math.max(1, integer(env.DB_POOL_SIZE, 10)),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: resolveLogFormat(env.LOG_FORMAT, process.stdout.isTTY === true),
    authMaxFailures: Math.max(1, integer(env.AUTH_MAX_FAILURES, 10)),
    authWindowSeconds: Math.max(1, integer(env.AUTH_WINDOW_SECONDS, 300)),
    idempotencyWaitMs: integer(env.IDEMPOTENCY_WAIT_MS, 10000),
    metricsToken: env.METRICS_TOKEN || null,
    corsOrigins: list(env.CORS_ORIGINS),
    shutdownTimeoutMs: integer(env.SHUTDOWN_TIMEOUT_MS, 10_000),
    // WEBHOOK_WORKERS is the setting's earlier name.
    webhookConcurrency: integer(env.WEBHOOK_CONCURRENCY ?? env.WEBHOOK_WORKERS, 64),
    webhookSubscriptionConcurrency: Math.max(1, integer(env.WEBHOOK_SUBSCRIPTION_CONCURRENCY, 4)),
    webhookFailingAfter: Math.max(1, integer(env.WEBHOOK_FAILING_AFTER, 5)),
    webhookPauseAfter: Math.max(1, integer(env.WEBHOOK_PAUSE_AFTER, 10)),
    webhookPauseMs: pauseRange(env.WEBHOOK_PAUSE_SECONDS),
    webhookRetryDelays: seconds(env.WEBHOOK_RETRY_DELAYS, DEFAULT_RETRY_DELAYS),
    webhookAttemptTimeoutMs: Math.max(1, integer(env.WEBHOOK_ATTEMPT_TIMEOUT_MS, 10_000)),
    workerMetricsPort: integer(env.WORKER_METRICS_PORT, 9464),
    webhookAllowHttp: flag('WEBHOOK_ALLOW_HTTP', env.WEBHOOK_ALLOW_HTTP),
    webhookAllowPrivateNetworks: flag('WEBHOOK_ALLOW_PRIVATE_NETWORKS', env.WEBHOOK_ALLOW_PRIVATE_NETWORKS),
    eventsRetentionDays: Math.max(1, integer(env.EVENTS_RETENTION_DAYS, 30)),
    eventsCleanupIntervalMs: integer(env.EVENTS_CLEANUP_INTERVAL_MS, 3_600_000),
  };
}
