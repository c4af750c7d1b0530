/**
 * Starts the baseline server: DATABASE_URL (required), PORT (default 8001), HOST (127.0.0.1), DB_POOL_SIZE (10).
 *   node dist-bench/bench/baseline/main.js
 */
import { Pool } from 'pg';
import { buildBaselineServer } from './server';

async function main(): Promise<void> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error('DATABASE_URL is required');
  const pool = new Pool({ connectionString, max: Number(process.env.DB_POOL_SIZE || 10) });
  const app = buildBaselineServer(pool);
  const stop = () => {
    void app.close().then(() => pool.end()).then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.listen({ host: process.env.HOST || '127.0.0.1', port: Number(process.env.PORT || 8001) });
  process.stderr.write(`baseline listening on port ${process.env.PORT || 8001}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`baseline: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
