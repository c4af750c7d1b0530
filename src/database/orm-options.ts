import { ReflectMetadataProvider } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { ALL_ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { QUEUE_SCHEMA } from '../webhooks/delivery/queue-names';

export interface OrmConnectionSettings {
  clientUrl: string;
  poolSize: number;
  /** Log every SQL statement through this function (used by query-count tests and benchmarks). */
  onQuery?: (sql: string) => void;
}

export function buildOrmOptions(settings: OrmConnectionSettings) {
  return defineConfig({
    driver: PostgreSqlDriver,
    clientUrl: settings.clientUrl,
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    metadataProvider: ReflectMetadataProvider,
    discovery: { disableDynamicFileAccess: true, requireEntitiesArray: true },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    pool: { min: 0, max: settings.poolSize },
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      path: 'src/database/migrations',
      emit: 'ts',
    },
    // Maintained by hand-written migrations (triggers), not by an entity: schema diffs must leave it alone.
    // pg-boss's schema is its own (created by a migration from its construction plan, see queue-names.ts).
    schemaGenerator: { skipTables: ['shop_configuration_version'], ignoreSchema: [QUEUE_SCHEMA] },
    colors: false,
    debug: settings.onQuery ? ['query'] : false,
    logger: settings.onQuery ?? (() => undefined),
  });
}
