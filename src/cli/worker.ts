/**
 * The webhook deliverer alone, without the API: `npm run worker`. Several can run beside the API
 * processes (set WEBHOOK_CONCURRENCY=0 there to leave the deliveries to them); they share the work through
 * the queue. Serves GET /metrics on WORKER_METRICS_PORT (0: none).
 */
import 'reflect-metadata';
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { MikroORM } from '@mikro-orm/postgresql';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { createLogger } from '../common/logging/logger';
import { loadConfig, type AppConfig } from '../config/app-config';
import { openDatabase } from '../database/open-database';
import { buildOrmOptions } from '../database/orm-options';
import { DeliveryEngine } from '../webhooks/delivery/delivery-engine';
import { deliverySettings } from '../webhooks/delivery/delivery-settings';
import { CliUsageError, exitWithError } from './with-orm';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** The API's rule for METRICS_TOKEN: `Authorization: Bearer <token>`, compared as digests. */
function authorized(header: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

function serveMetrics(registry: Registry, config: AppConfig): Server | null {
  if (config.workerMetricsPort === 0) return null;
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (!authorized(request.headers.authorization, config.metricsToken)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  server.listen(config.workerMetricsPort, config.host);
  return server;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.webhookConcurrency === 0) throw new CliUsageError('WEBHOOK_CONCURRENCY is 0: this worker would deliver nothing');
  const log = createLogger(config.logLevel, undefined, config.logFormat);
  const database = await openDatabase(config);
  // The API applies migrations too; a worker started first must not find an old schema.
  const orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 1 }));
  await orm.migrator.up();
  await orm.close();

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const engine = new DeliveryEngine(deliverySettings(config, database), registry, {
    warn: (message) => log.warn(message),
    debug: (message) => log.debug(message),
    error: (message, error) => (error === undefined ? log.error(message) : log.error({ err: error }, message)),
  });
  await engine.start();
  const metrics = serveMetrics(registry, config);
  log.info({ concurrency: config.webhookConcurrency, metricsPort: config.workerMetricsPort }, 'webhook worker started');

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'webhook worker stopping');
    metrics?.close();
    await engine.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(exitWithError);
