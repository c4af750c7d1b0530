import type { AppConfig } from '../config/app-config';
import { QUEUE_POOL_SIZE } from '../webhooks/delivery/queue-database';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseHandle {
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** The configured PostgreSQL server, or the embedded one persisting to DATA_DIR. */
export async function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'poolSize'>): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, close: () => Promise.resolve() };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, maxConnections: config.poolSize + QUEUE_POOL_SIZE });
  return { url: embedded.url, embedded: true, close: () => embedded.stop() };
}
