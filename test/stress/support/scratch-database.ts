import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { databaseUrl } from '../../support/database-url';
import { runNode } from './server-process';

/** The PostgreSQL server the stress suites run on (a scratch database is created on it per suite). */
const SERVER_URL = process.env.STRESS_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
/**
 * A pooler in front of that server (scripts/pgbouncer.sh): the servers, the fixtures CLI and the suites'
 * own checks connect through it; creating and dropping the database stay on the server (see test-database.ts).
 */
const POOLER_URL = process.env.STRESS_DATABASE_POOLER_URL || process.env.TEST_DATABASE_POOLER_URL;

export interface ScratchDatabase {
  /** Through the pooler when there is one. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, uniquely named database on the server, loaded with fixtures/demo.yaml through the fixtures CLI. */
export async function createDemoDatabase(label: string): Promise<ScratchDatabase> {
  const prefix = process.env.TEST_DATABASE_PREFIX || 'shop_stress';
  const name = `${prefix}_${label}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}"`));
  const database: ScratchDatabase = {
    url: databaseUrl(POOLER_URL || SERVER_URL, name),
    name,
    drop: () => admin((client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
  const loaded = await runNode(['dist/cli/fixtures.js', 'fixtures/demo.yaml'], { DATABASE_URL: database.url });
  if (loaded.code !== 0) {
    await database.drop();
    throw new Error(`loading the demo shop failed (${loaded.code}):\n${loaded.stderr}`);
  }
  return database;
}
