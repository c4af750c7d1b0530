import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { QUEUE_POOL_SIZE } from '../../src/webhooks/delivery/queue-database';
import { databaseUrl } from './database-url';
import { suiteResources } from './suite-resources';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const location = require('./template-location') as { tarball: string; serverTemplateName: string };

export const TEST_POOL_SIZE = 4;

export interface TestDatabase {
  /** Where the app under test connects: through the pooler when TEST_DATABASE_POOLER_URL is set. */
  url: string;
  /** The same database on the server itself (the embedded one: `url`). */
  directUrl: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template, either in an embedded
 * PostgreSQL (default) or as a new database on the server named by TEST_DATABASE_URL. With
 * TEST_DATABASE_POOLER_URL too (a pooler in front of that server, e.g. scripts/pgbouncer.sh), the app
 * connects through the pooler to the same database name, while creating and dropping it stay on the
 * server: a pooler holds server connections to the databases it served, and copying or dropping a
 * database fails while others are connected to it. It is closed when the test file ends at the latest
 * (suite-resources.ts).
 */
export function startTestDatabase(): Promise<TestDatabase> {
  const resources = suiteResources();
  return resources.track(
    (async () => {
      resources.checkNotClosing();
      const database = await openTestDatabase();
      // Registered before the start settles, so a file that ends meanwhile still closes it.
      const close = resources.add(() => database.close());
      resources.checkNotClosing();
      return { url: database.url, directUrl: database.directUrl, close };
    })(),
  );
}

async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const tarball = readFileSync(location.tarball);
    const pg = await startEmbeddedPostgres({ loadDataDir: new Blob([tarball]), maxConnections: TEST_POOL_SIZE + QUEUE_POOL_SIZE });
    return { url: pg.url, directUrl: pg.url, close: () => pg.stop() };
  }
  const name = `${location.serverTemplateName.replace(/_template$/, '')}_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${location.serverTemplateName}"`);
  } finally {
    await admin.end();
  }
  const poolerUrl = process.env.TEST_DATABASE_POOLER_URL;
  return {
    url: databaseUrl(poolerUrl || serverUrl, name),
    directUrl: databaseUrl(serverUrl, name),
    // The pooler's server connections to it end with the drop; the name is never used again.
    async close() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`).finally(() => client.end());
    },
  };
}
