/**
 * MikroORM configuration for tools that look for it at the project root. The service itself builds the
 * same options in src/database/orm-options.ts; DATABASE_URL must point at a PostgreSQL server here.
 */
import { buildOrmOptions } from './src/database/orm-options';

export default buildOrmOptions({
  clientUrl: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/shop',
  poolSize: Number(process.env.DB_POOL_SIZE ?? 10),
});
