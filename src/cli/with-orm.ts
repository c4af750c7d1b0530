import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ConfigError, loadConfig, type AppConfig } from '../config/app-config';
import { DataDirInUseError } from '../database/data-dir-lock';
import { openDatabase, type DatabaseHandle } from '../database/open-database';
import { buildOrmOptions } from '../database/orm-options';
import { registerEventOutbox, type EventOutbox } from '../events';

/** What a command works with besides the ORM: its outbox is the one every change it makes records its events in. */
interface OrmContext {
  config: AppConfig;
  database: DatabaseHandle;
  outbox: EventOutbox;
}

/** Opens the configured database (embedded by default), applies migrations, registers the event outbox, runs `work`, and closes everything. */
export async function withOrm<T>(work: (orm: MikroORM, context: OrmContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase({ ...config, poolSize: 1 });
  try {
    const orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 1 }));
    try {
      await orm.migrator.up();
      const outbox = await registerEventOutbox(orm);
      return await work(orm, { config, database, outbox });
    } finally {
      await orm.close();
    }
  } finally {
    await database.close();
  }
}

/** Prints a failure for a person (no stack for expected errors) and exits 1. */
export function exitWithError(error: unknown): never {
  const message = error instanceof DataDirInUseError || error instanceof CliUsageError || error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export class CliUsageError extends Error {}
