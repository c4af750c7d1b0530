import type { Pool, PoolClient } from 'pg';

/** How long the holder of a connection that died has to give it back before the pool takes it. */
const RECLAIM_AFTER_MS = 2000;

/**
 * Gives the pool back the connections that died while checked out and that their holder never released.
 * Kysely, which MikroORM 7 runs its transactions through, releases a transaction's connection only when
 * its BEGIN, COMMIT or ROLLBACK succeeds; on a connection lost mid-transaction all three fail, so
 * without this every transaction cut by an outage keeps its pool slot for good: after DB_POOL_SIZE of
 * them every request waits for a connection forever, and closing the pool never ends.
 *
 * A holder that is not stuck (a single query, run and released) gives its client back as soon as the
 * query fails, well within the wait; a dead connection can run nothing, so the stuck holder never
 * tries to release it later. The client is released with an error, so the pool drops it and opens a
 * new connection in its place when one is needed. Only pg's public pool and client events are used.
 */
export function reclaimDeadConnections(pool: Pool, reclaimAfterMs = RECLAIM_AFTER_MS): void {
  const checkedOut = new Set<PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('remove', (client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    let dead = false;
    const died = (): void => {
      if (dead) return;
      dead = true;
      const timer = setTimeout(() => {
        if (!checkedOut.delete(client)) return;
        client.release(new Error('The connection died while checked out and was never released'));
      }, reclaimAfterMs);
      timer.unref();
    };
    client.on('error', died);
    client.on('end', died);
  });
}
