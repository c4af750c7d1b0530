import type { OrmPool } from '../database/orm-pool';

export interface PoolStats {
  used: number;
  free: number;
  pendingAcquires: number;
  max: number;
}

/** Reads the ORM's connection pool; null when it is not there (not opened yet, or closed). */
export function readPoolStats(ormPool: OrmPool): PoolStats | null {
  const pool = ormPool.current;
  if (pool === null || pool.ended) return null;
  return {
    used: pool.totalCount - pool.idleCount,
    free: pool.idleCount,
    pendingAcquires: pool.waitingCount,
    max: pool.options.max,
  };
}
