import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { createApp, type RunningApp } from '../../src/app/create-app';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { EventOutbox } from '../../src/events';
import { OpenApiContract } from './openapi-contract';
import { waitForReplica } from './replica-state';
import { suiteResources, type SuiteResources } from './suite-resources';
import { startTestDatabase, TEST_POOL_SIZE, type TestDatabaseOptions } from './test-database';

export interface TestApp {
  running: RunningApp;
  config: AppConfig;
  /** A fresh EntityManager on the app's database. */
  em(): EntityManager;
  /** The app's event outbox, for changes a test makes through em() (fixtures). */
  outbox: EventOutbox;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface StartTestAppOptions extends TestDatabaseOptions {
  /** Over the harness's settings (a replica's DATABASE_REPLICA_URLS among them). */
  env?: Record<string, string>;
  /** With TEST_DATABASE_REPLICA_URL: reach the replica on this loopback port (a proxy in front of it) instead. */
  replicaPort?: number;
  onQuery?: (sql: string) => void;
  logDestination?: DestinationStream;
  /**
   * Check every response against the app's OpenAPI document (see openapi-contract.ts). On unless
   * OPENAPI_VALIDATION=off.
   */
  validateResponses?: boolean;
  /** The URL the app connects to, given the test database's (a test puts a relay in between). */
  routeDatabase?: (url: string) => Promise<string>;
}

/** The OpenAPI document as the running app serves it, fetched once. */
async function loadContract(running: RunningApp): Promise<OpenApiContract> {
  const response = await running.app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/doc.json' });
  if (response.statusCode !== 200) throw new Error(`GET /api/doc.json answered ${response.statusCode}: ${response.body}`);
  return new OpenApiContract(JSON.parse(response.body) as OpenAPIObject, running.routes);
}

function requestLine(request: InjectOptions): { method: string; url: string } {
  const url = typeof request.url === 'string' ? request.url : (request.path as string | undefined) ?? request.url?.pathname ?? '';
  return { method: request.method ?? 'GET', url };
}

/**
 * The real HTTP stack on a fresh copy of the migrated test database. A start that fails closes what it
 * opened; whatever is still open when the test file ends (its afterAll never ran, or its beforeAll timed
 * out while this went on) is closed then (suite-resources.ts).
 */
export function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const resources = suiteResources();
  return resources.track(openTestApp(resources, options));
}

async function openTestApp(resources: SuiteResources, options: StartTestAppOptions): Promise<TestApp> {
  const database = await startTestDatabase(options);
  let config: AppConfig;
  let running: RunningApp;
  try {
    // With TEST_DATABASE_REPLICA_URL the app reads its lists from the copy on the replica.
    const replica = database.replicaUrl === null ? {} : { DATABASE_URL: database.url, DATABASE_REPLICA_URLS: viaPort(database.replicaUrl, options.replicaPort) };
    config = loadConfig({ LOG_LEVEL: 'silent', LOG_FORMAT: 'json', DB_POOL_SIZE: String(TEST_POOL_SIZE), WEBHOOK_CONCURRENCY: '0', ...replica, ...options.env });
    resources.checkNotClosing();
    const url = options.routeDatabase ? await options.routeDatabase(database.url) : database.url;
    running = await createApp(config, {
      database: { url, embedded: !process.env.TEST_DATABASE_URL, close: () => database.close() },
      onQuery: options.onQuery,
      logDestination: options.logDestination,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const close = resources.add(() => running.close());
  resources.checkNotClosing();
  // Lists are then read from the replica from the first request on (its lag is known after a check or two).
  if (database.replicaUrl !== null && options.env?.DATABASE_REPLICA_URLS === undefined) await waitForReplica(running, (view) => view.state === 'up');
  const orm = running.app.get(MikroORM);
  const fastify = running.app.getHttpAdapter().getInstance();
  const validate = options.validateResponses ?? process.env.OPENAPI_VALIDATION !== 'off';
  let contract: Promise<OpenApiContract> | undefined;
  return {
    running,
    config,
    em: () => orm.em.fork(),
    outbox: running.app.get(EventOutbox),
    async inject(request) {
      const response = await fastify.inject(request);
      if (validate) {
        contract ??= loadContract(running);
        const { method, url } = requestLine(request);
        (await contract).verify(method, url, response);
      }
      return response;
    },
    close,
  };
}

function viaPort(url: string, port: number | undefined): string {
  if (port === undefined) return url;
  const via = new URL(url);
  via.hostname = '127.0.0.1';
  via.port = String(port);
  return via.toString();
}

export function json(response: LightMyRequestResponse): unknown {
  return JSON.parse(response.body);
}
