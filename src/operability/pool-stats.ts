import type { MikroORM } from '@mikro-orm/postgresql';

export interface PoolStats {
  used: number;
  free: number;
  pendingAcquires: number;
  max: number;
}

/** The subset of knex's connection pool (tarn) that the gauges read. */
interface TarnPool {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

/** Reads the ORM's connection pool; null when it is not there (not connected yet, or closed). */
export function readPoolStats(orm: MikroORM): PoolStats | null {
  const pool = (orm.em.getConnection().getKnex().client as { pool?: TarnPool | null }).pool;
  if (!pool) return null;
  return { used: pool.numUsed(), free: pool.numFree(), pendingAcquires: pool.numPendingAcquires(), max: pool.max };
}
