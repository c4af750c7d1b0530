import type { EntityManager } from '@mikro-orm/postgresql';

const NOW = `select clock_timestamp() as now`;

/**
 * The database's time. Times that are compared with the events' (which the database stamps at commit)
 * come from here, not from this process's clock: several processes' clocks never quite agree.
 */
export async function databaseNow(em: EntityManager): Promise<Date> {
  const [row] = await em.execute<Array<{ now: string }>>(NOW);
  return new Date(row.now);
}
