import type { Pool } from 'pg';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { reclaimDeadConnections } from './dead-connections';
import { ALL_ENTITIES } from './entities';
import { namingClient, StatementNaming } from './named-statements';
import type { OrmPool } from './orm-pool';
import type { ReadReplicas } from './replicas/read-replicas';
import { replicaRoutingDriver } from './replicas/replica-routing-driver';
import { MIGRATIONS } from './migrations';
import { QUEUE_SCHEMA } from '../webhooks/delivery/queue-names';

export interface OrmConnectionSettings {
  clientUrl: string;
  poolSize: number;
  /** Log every SQL statement through this function (used by query-count tests and benchmarks). */
  onQuery?: (sql: string) => void;
  /** Filled in with the pool when MikroORM opens it. */
  pool?: OrmPool;
  /** Read replicas for the list reads (src/database/replicas); none by default. */
  readReplicas?: ReadReplicas;
  /** How the hot statements go out (named-statements.ts); by default with their values written in, as the ORM's own. */
  statementNaming?: StatementNaming;
}

export function buildOrmOptions(settings: OrmConnectionSettings) {
  const replicaUrls = settings.readReplicas?.urls ?? [];
  const Client = namingClient(settings.statementNaming ?? new StatementNaming('inlined'), settings.onQuery);
  return defineConfig({
    driver: settings.readReplicas && replicaUrls.length > 0 ? replicaRoutingDriver(settings.readReplicas) : PostgreSqlDriver,
    clientUrl: settings.clientUrl,
    // Each replica gets the primary's pool settings and driverOptions of its own: only the primary's pool is
    // reported in the metrics, and every pool gets its dead connections back.
    replicas: replicaUrls.map((clientUrl, index) => ({
      name: `replica-${index + 1}`,
      clientUrl,
      driverOptions: { Client, onPoolCreated: (pool: Pool) => reclaimDeadConnections(pool) },
    })),
    // Only the reads asked for on the `read` connection (LIST_READ) may go to a replica.
    preferReadReplicas: false,
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    metadataProvider: ReflectMetadataProvider,
    forceUtcTimezone: true,
    allowGlobalContext: false,
    pool: { min: 0, max: settings.poolSize },
    driverOptions: {
      Client,
      onPoolCreated: (pool: Pool) => {
        reclaimDeadConnections(pool);
        if (settings.pool) settings.pool.current = pool;
      },
    },
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      path: 'src/database/migrations',
      emit: 'ts',
    },
    // Maintained by hand-written migrations (triggers), not by an entity: schema diffs must leave them alone.
    // pg-boss's schema is its own (created by a migration from its construction plan, see queue-names.ts).
    // The migrations made every foreign key ON UPDATE CASCADE (MikroORM 6 derived it from the relations' cascade
    // option), and the configuration-change triggers and their functions are hand-written (Migration20261121150000).
    schemaGenerator: {
      skipTables: ['shop_configuration_version', 'product_list_count'],
      ignoreSchema: [QUEUE_SCHEMA],
      defaultUpdateRule: 'cascade',
      ignoreTriggers: true,
      ignoreRoutines: true,
    },
    colors: false,
    debug: settings.onQuery ? ['query'] : false,
    logger: settings.onQuery ?? (() => undefined),
  });
}
