/**
 * Prints the OpenAPI document the app serves at `/api/doc.json`, without a database:
 *   node dist/cli/openapi-document.js > clients/typescript/openapi.json
 * Nest's preview mode resolves the modules and their controllers but instantiates no provider, so
 * neither the ORM nor the database is opened; the document only needs the controllers' decorators.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../app/app.module';
import { buildOpenApiDocument } from '../common/openapi/openapi-document';
import { loadConfig } from '../config/app-config';
import { exitWithError } from './with-orm';

async function main(): Promise<void> {
  // Never connected to: preview mode builds no provider.
  const module = AppModule.register(loadConfig({}), { clientUrl: 'postgresql://127.0.0.1:1/unused', poolSize: 1 });
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  try {
    process.stdout.write(`${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`);
  } finally {
    await app.close();
  }
}

main().catch(exitWithError);
