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
  /** The same database on the read replica named by TEST_DATABASE_REPLICA_URL; null without one. */
  replicaUrl: string | null;
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * With a replica: commits wait until the replica has applied them (`synchronous_commit = remote_apply`
   * on this database, which needs `scripts/replica.sh start --synchronous`), so a list read on the
   * replica right after a write sees it. Default true; a test that pauses the replay turns it off.
   */
  waitForReplicaApply?: boolean;
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template, either in an embedded
 * PostgreSQL (default) or as a new database on the server named by TEST_DATABASE_URL. With
 * TEST_DATABASE_POOLER_URL too (a pooler in front of that server, e.g. scripts/pgbouncer.sh), the app
 * connects through the pooler to the same database name, while creating and dropping it stay on the
 * server: a pooler holds server connections to the databases it served, and copying or dropping a
 * database fails while others are connected to it. With TEST_DATABASE_REPLICA_URL (a streaming standby
 * of that server), the copy is read there too. It is closed when the test file ends at the latest
 * (suite-resources.ts).
 */
export function startTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const resources = suiteResources();
  return resources.track(
    (async () => {
      resources.checkNotClosing();
      const database = await openTestDatabase(options);
      // Registered before the start settles, so a file that ends meanwhile still closes it.
      const close = resources.add(() => database.close());
      resources.checkNotClosing();
      return { url: database.url, directUrl: database.directUrl, replicaUrl: database.replicaUrl, close };
    })(),
  );
}

async function openTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const tarball = readFileSync(location.tarball);
    const pg = await startEmbeddedPostgres({ loadDataDir: new Blob([tarball]), maxConnections: TEST_POOL_SIZE + QUEUE_POOL_SIZE });
    return { url: pg.url, directUrl: pg.url, replicaUrl: null, close: () => pg.stop() };
  }
  const name = `${location.serverTemplateName.replace(/_template$/, '')}_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const replicaServerUrl = process.env.TEST_DATABASE_REPLICA_URL || null;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (replicaServerUrl !== null && options.waitForReplicaApply !== false) await requireSynchronousStandby(admin);
    await admin.query(`create database "${name}" template "${location.serverTemplateName}"`);
    if (replicaServerUrl !== null && options.waitForReplicaApply !== false) await admin.query(`alter database "${name}" set synchronous_commit = 'remote_apply'`);
  } finally {
    await admin.end();
  }
  const poolerUrl = process.env.TEST_DATABASE_POOLER_URL;
  return {
    url: databaseUrl(poolerUrl || serverUrl, name),
    directUrl: databaseUrl(serverUrl, name),
    replicaUrl: replicaServerUrl === null ? null : databaseUrl(replicaServerUrl, name),
    // The pooler's server connections to it end with the drop; the name is never used again.
    async close() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`).finally(() => client.end());
    },
  };
}

/** remote_apply waits for nothing unless the primary names a synchronous standby: the reads after writes would race the replay. */
async function requireSynchronousStandby(admin: Client): Promise<void> {
  const { rows } = await admin.query<{ names: string }>('show synchronous_standby_names');
  if (rows[0].names === '') {
    throw new Error('TEST_DATABASE_REPLICA_URL is set, but the primary has no synchronous standby: start the replica with `scripts/replica.sh start --synchronous`');
  }
}
