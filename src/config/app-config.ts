import { resolve } from 'node:path';
import { resolveLogFormat, type LogFormat } from '../common/logging/log-format';

/** Injection token for the resolved configuration (the app module provides it). */
export const APP_CONFIG = Symbol('APP_CONFIG');

export interface AppConfig {
  host: string;
  port: number;
  /** A PostgreSQL server; null selects the embedded database. */
  databaseUrl: string | null;
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
  /** Events older than this many days are deleted from the feed. */
  eventsRetentionDays: number;
  /** How often the retention cleanup runs (0: never). */
  eventsCleanupIntervalMs: number;
}

function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return parsed;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: integer(env.PORT, 8000),
    databaseUrl: env.DATABASE_URL || null,
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
    eventsRetentionDays: Math.max(1, integer(env.EVENTS_RETENTION_DAYS, 30)),
    eventsCleanupIntervalMs: integer(env.EVENTS_CLEANUP_INTERVAL_MS, 3_600_000),
  };
}
