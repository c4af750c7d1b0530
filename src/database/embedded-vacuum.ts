import { Logger } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * The embedded database runs PostgreSQL as a single backend with no background workers, so autovacuum
 * never runs. Every cart change deletes and re-inserts the cart's adjustments and rewrites its units,
 * lines and order row; without VACUUM the dead rows are never reclaimed, the tables grow without bound
 * and each scan (the adjustment replacement in particular) gets slower with every change.
 *
 * This job vacuums (and analyzes, which the embedded database never does either) the tables cart changes
 * churn, every `intervalMs`, on a pool connection of its own. Often, because a run is cheap when little
 * changed, and a 10-line cart rewritten a few hundred times already makes its reads several times slower. It is maintenance, not work of any request:
 * it bypasses the query log. A run never overlaps the previous one; on the embedded database it waits
 * while another connection's transaction is open.
 */
export const CHURNED_TABLES = ['order_item', 'orders', 'payment', 'shipment', 'order_promotion'];

export interface EmbeddedVacuum {
  /** Runs one vacuum now (waiting for a run in progress first). */
  runNow(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function startEmbeddedVacuum(orm: MikroORM, intervalMs = 10_000): EmbeddedVacuum {
  const logger = new Logger('EmbeddedVacuum');
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;

  const vacuum = async (): Promise<void> => {
    const pool = await orm.em.getConnection().getNativeClient();
    const connection = await pool.connect();
    try {
      await connection.query(`vacuum (analyze) ${CHURNED_TABLES.map((table) => `"${table}"`).join(', ')}`);
    } finally {
      connection.release();
    }
  };
  const runNow = (): Promise<void> => {
    running = running
      .then(() => {
        busy = true;
        return vacuum();
      })
      .catch((error: unknown) => logger.warn(`Vacuum failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        busy = false;
      });
    return running;
  };

  // A tick that finds a run still going skips: runs never pile up.
  const timer = setInterval(() => {
    if (!stopped && !busy) void runNow();
  }, intervalMs);
  timer.unref();

  return {
    runNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
