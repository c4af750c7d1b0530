import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/app-config';
import { MAX_BODY_BYTES, registerBodyParsers } from '../common/http/body-parsers';
import { ApiExceptionFilter } from '../common/http/api-exception.filter';
import { answerFrameworkError } from '../common/http/framework-errors';
import { refuseNulInUrls } from '../common/http/nul-in-url';
import { requestIdFor } from '../common/http/request-id';
import { RouteRegistry } from '../common/http/route-registry';
import { createLogger, NestPinoLogger } from '../common/logging/logger';
import { openDatabase, type DatabaseHandle } from '../database/open-database';
import { AppModule } from './app.module';

export interface RunningApp {
  app: NestFastifyApplication;
  database: DatabaseHandle;
  /** The routes the HTTP stack answers to (the fuzz tests enumerate them). */
  routes: RouteRegistry;
  /** Stops the HTTP server, the ORM and (when embedded) the database. */
  close(): Promise<void>;
}

export interface CreateAppOptions {
  /** Use this database instead of the configured one (tests). */
  database?: DatabaseHandle;
  onQuery?: (sql: string) => void;
}

/** Builds the whole service: database, migrations, HTTP stack. Used by main, the CLI and the tests. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<RunningApp> {
  const database = options.database ?? (await openDatabase(config));
  try {
    const logger = createLogger(config.logLevel);
    const adapter = new FastifyAdapter({
      loggerInstance: logger,
      genReqId: requestIdFor,
      bodyLimit: MAX_BODY_BYTES,
      routerOptions: { ignoreTrailingSlash: true },
      return503OnClosing: true,
      frameworkErrors: answerFrameworkError,
    });
    const fastify = adapter.getInstance();
    const routes = new RouteRegistry();
    fastify.addHook('onRoute', (route) => routes.add(route.url, route.method));
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    registerBodyParsers(fastify);
    refuseNulInUrls(fastify);

    const module = AppModule.register(config, { clientUrl: database.url, poolSize: config.poolSize, onQuery: options.onQuery });
    const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
      bodyParser: false,
      logger: new NestPinoLogger(logger),
      abortOnError: false,
    });
    app.useGlobalFilters(new ApiExceptionFilter(routes));
    await app.get(MikroORM).getMigrator().up();
    await app.init();
    await fastify.ready();
    return {
      app,
      database,
      routes,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
}
