import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { createApp, type RunningApp } from '../../src/app/create-app';
import { loadConfig, type AppConfig } from '../../src/config/app-config';
import { startTestDatabase, TEST_POOL_SIZE } from './test-database';

export interface TestApp {
  running: RunningApp;
  config: AppConfig;
  /** A fresh EntityManager on the app's database. */
  em(): EntityManager;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface StartTestAppOptions {
  env?: Record<string, string>;
  onQuery?: (sql: string) => void;
  logDestination?: DestinationStream;
}

/** The real HTTP stack on a fresh copy of the migrated test database. */
export async function startTestApp(options: StartTestAppOptions = {}): Promise<TestApp> {
  const database = await startTestDatabase();
  const config = loadConfig({ LOG_LEVEL: 'silent', DB_POOL_SIZE: String(TEST_POOL_SIZE), ...options.env });
  const running = await createApp(config, {
    database: { url: database.url, embedded: !process.env.TEST_DATABASE_URL, close: () => database.close() },
    onQuery: options.onQuery,
    logDestination: options.logDestination,
  });
  const orm = running.app.get(MikroORM);
  return {
    running,
    config,
    em: () => orm.em.fork() as EntityManager,
    inject: (request) => running.app.getHttpAdapter().getInstance().inject(request),
    close: () => running.close(),
  };
}

export function json(response: LightMyRequestResponse): unknown {
  return JSON.parse(response.body);
}
