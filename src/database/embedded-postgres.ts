import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { acquireDataDirLock } from './data-dir-lock';

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** A directory to persist to; omitted means in memory. */
  dataDir?: string;
  /** A data-directory tarball to start from (tests restore a migrated template this way). */
  loadDataDir?: Blob;
  /** Must be at least the ORM pool size, or extra connections are reset by the socket server. */
  maxConnections: number;
}

/**
 * Runs PostgreSQL (PGlite, in this process) behind a wire-protocol socket on a free loopback port,
 * so the ORM talks to it exactly as to a PostgreSQL server.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  let releaseLock = (): void => undefined;
  if (options.dataDir) {
    mkdirSync(dirname(options.dataDir), { recursive: true });
    releaseLock = acquireDataDirLock(options.dataDir);
  }
  try {
    const db = await PGlite.create({
      dataDir: options.dataDir ?? 'memory://',
      loadDataDir: options.loadDataDir,
      // The trigram indexes of the catalogue lists' text filters (the server has pg_trgm from its contrib).
      extensions: { pg_trgm },
    });
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: options.maxConnections });
    await server.start();
    return {
      url: `postgresql://postgres:postgres@${server.getServerConn()}/postgres`,
      async stop() {
        await server.stop();
        await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
