import type { Pool } from 'pg';

/**
 * The ORM's pg pool, once MikroORM has opened it (lazily, at the first query): the pool gauges and the
 * embedded database's vacuum job use it. Handed to buildOrmOptions, which fills it in.
 */
export class OrmPool {
  current: Pool | null = null;
}
