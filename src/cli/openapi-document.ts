/**
 * Prints the OpenAPI document the app serves at `/api/doc.json`, without a database:
 *   node dist/cli/openapi-document.js > clients/typescript/openapi.json
 * Nest's preview mode resolves the modules and their controllers but instantiates no provider, so the
 * database is never opened; the document needs the controllers' decorators and the column lengths the
 * forms declare, read from the entity metadata of an ORM that does not connect.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../app/app.module';
import { loadColumnLimits } from '../common/forms/column-limits';
import { buildOpenApiDocument } from '../common/openapi/openapi-document';
import { loadConfig } from '../config/app-config';
import { buildOrmOptions } from '../database/orm-options';
import { exitWithError } from './with-orm';

async function main(): Promise<void> {
  // Never connected to: preview mode builds no provider, and the ORM only discovers the entities.
  const connection = { clientUrl: 'postgresql://127.0.0.1:1/unused', poolSize: 1 };
  const orm = await MikroORM.init(buildOrmOptions(connection));
  loadColumnLimits(orm.getMetadata(), orm.em.getPlatform());
  const module = AppModule.register(loadConfig({}), connection);
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  try {
    process.stdout.write(`${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  } finally {
    await app.close();
  }
}

main().catch(exitWithError);
