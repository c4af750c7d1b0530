/**
 * Writes a new migration with the difference between the entities and the migrated schema.
 * Runs against a throw-away in-memory PostgreSQL, so it never touches real data.
 *   npm run migration:create [-- --initial]
 */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { startEmbeddedPostgres } from '../database/embedded-postgres';
import { buildOrmOptions } from '../database/orm-options';

async function main(): Promise<void> {
  const initial = process.argv.includes('--initial');
  const pg = await startEmbeddedPostgres({ maxConnections: 1 });
  const orm = await MikroORM.init(buildOrmOptions({ clientUrl: pg.url, poolSize: 1 }));
  try {
    const migrator = orm.migrator;
    await migrator.up();
    const result = await migrator.create(undefined, false, initial);
    if (!result.fileName) {
      process.stderr.write('No changes: the schema matches the entities.\n');
    } else {
      process.stderr.write(`Wrote src/database/migrations/${result.fileName}; add it to src/database/migrations/index.ts.\n`);
    }
  } finally {
    await orm.close();
    await pg.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
