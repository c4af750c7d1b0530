import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../config/app-config';
import { MAX_BODY_BYTES, registerBodyParsers } from '../common/http/body-parsers';
import { ApiExceptionFilter } from '../common/http/api-exception.filter';
import { answerClientError } from '../common/http/client-errors';
import { keepPathIdsRaw } from '../common/http/canonical-path-ids';
import { answerFrameworkError } from '../common/http/framework-errors';
import { refuseNulInUrls } from '../common/http/nul-in-url';
import { requestIdFor } from '../common/http/request-id';
import { RouteRegistry } from '../common/http/route-registry';
import { closeConnectionsWhenClosing } from '../common/http/close-connections-when-closing';
import { registerCors } from '../common/http/cors';
import { registerSecurityHeaders } from '../common/http/security-headers';
import { setupOpenApi } from '../common/openapi/setup-openapi';
import { createLogger, NestPinoLogger } from '../common/logging/logger';
import { startEmbeddedVacuum } from '../database/embedded-vacuum';
import { openDatabase, type DatabaseHandle } from '../database/open-database';
import { statementModeFor, StatementNaming } from '../database/named-statements';
import { registerIdempotentReplies } from '../idempotency/idempotent-replies';
import { AppMetrics } from '../operability/app-metrics';
import { observeRequests } from '../operability/observe-requests';
import { AppModule } from './app.module';

export interface RunningApp {
  app: NestFastifyApplication;
  database: DatabaseHandle;
  /** Every route the HTTP server registered. */
  routes: RouteRegistry;
  /** Stops the HTTP server, the ORM and (when embedded) the database. */
  close(): Promise<void>;
}

export interface CreateAppOptions {
  /** Use this database instead of the configured one (tests). */
  database?: DatabaseHandle;
  onQuery?: (sql: string) => void;
  /** Write the JSON log here instead of stdout (tests). */
  logDestination?: DestinationStream;
}

/** Builds the whole service: database, migrations, HTTP stack. Used by main, the CLI and the tests. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<RunningApp> {
  const logger = createLogger(config.logLevel, options.logDestination, config.logFormat);
  const database = options.database ?? (await openDatabase(config));
  let app: NestFastifyApplication | undefined;
  try {
    const adapter = new FastifyAdapter({
      loggerInstance: logger,
      genReqId: requestIdFor,
      bodyLimit: MAX_BODY_BYTES,
      // A path segment can hold a whole code (up to 255 characters, each up to 12 bytes percent-encoded);
      // the router's default of 100 would make a longer code's resource an unknown route.
      routerOptions: { ignoreTrailingSlash: true, maxParamLength: 255 * 12 },
      return503OnClosing: true,
      // observeRequests writes one line per completed request instead of Fastify's two.
      logController: new LogController({ disableRequestLogging: true }),
      frameworkErrors: answerFrameworkError,
      clientErrorHandler: answerClientError,
    });
    const fastify = adapter.getInstance();
    const routes = new RouteRegistry();
    fastify.addHook('onRoute', (route) => routes.add(route.url, route.method));
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    registerBodyParsers(fastify);
    registerIdempotentReplies(fastify);
    registerSecurityHeaders(fastify);
    closeConnectionsWhenClosing(fastify);
    refuseNulInUrls(fastify);
    keepPathIdsRaw(fastify);

    const statementNaming = new StatementNaming(await statementModeFor(database), logger);
    const module = AppModule.register(config, { clientUrl: database.url, poolSize: config.poolSize, onQuery: options.onQuery, statementNaming }, database.embedded);
    app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
      bodyParser: false,
      logger: new NestPinoLogger(logger),
      abortOnError: false,
    });
    app.useGlobalFilters(new ApiExceptionFilter(routes));
    registerCors(app, config.corsOrigins);
    observeRequests(fastify, app.get(AppMetrics));
    setupOpenApi(app);
    await app.get(MikroORM).migrator.up();
    await app.init();
    await fastify.ready();
    // The embedded database has no autovacuum of its own.
    const vacuum = database.embedded ? startEmbeddedVacuum(app.get(MikroORM)) : null;
    const started = app;
    return {
      app: started,
      database,
      routes,
      async close() {
        await vacuum?.stop();
        await started.close();
        await database.close();
      },
    };
  } catch (error) {
    // A start that fails half-way (a migration, the HTTP stack) leaves nothing open: the ORM's pool too.
    await app?.close().catch(() => undefined);
    if (!options.database) await database.close();
    throw error;
  }
}
