import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { openDatabase } from '../../src/database/open-database';
import { buildOrmOptions } from '../../src/database/orm-options';
import { registerEventOutbox, type EventOutbox } from '../../src/events';
import { connectSql, type Sql } from './sql';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/shop_bench';

/** The same server URL with another database name. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** Creates the database named in the URL when the server does not have it yet. */
async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  const admin = new Client({ connectionString: withDatabaseName(url, 'postgres') });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
}

export interface Target {
  orm: MikroORM;
  /** The outbox registered on `orm`: the fixtures record their events in it. */
  outbox: EventOutbox;
  sql: Sql;
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/**
 * A migrated database for the generator: the server database (created when missing) or the embedded one in
 * `dataDir`. The ORM (fixtures) and the bulk session each get one connection.
 */
export async function openTarget(where: { databaseUrl: string | null; dataDir: string }): Promise<Target> {
  if (where.databaseUrl) await ensureDatabase(where.databaseUrl);
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir, poolSize: 2 });
  try {
    const orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 1 }));
    await orm.migrator.up();
    const outbox = await registerEventOutbox(orm);
    const sql = await connectSql(database.url);
    return {
      orm,
      outbox,
      sql,
      url: database.url,
      embedded: database.embedded,
      async close() {
        await sql.close();
        await orm.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
