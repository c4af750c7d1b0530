import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/database/orm-options';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The entities are the one description of the schema: a database built by running every migration
 * (the test template) must be exactly what the entity metadata describes. When this fails, either an
 * entity changed without a migration (`npm run migration:create`) or a migration without the entity;
 * the failure lists the SQL MikroORM would run to bring the database to the entities.
 */
describe('schema: migrations vs entities', () => {
  let database: TestDatabase;
  let orm: MikroORM;

  beforeAll(async () => {
    database = await startTestDatabase();
    orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 1 }));
  });

  afterAll(async () => {
    await orm?.close();
    await database?.close();
  });

  it('has run every migration', async () => {
    const pending = await orm.migrator.getPending();
    expect(pending).toEqual([]);
  });

  it('leaves nothing for the schema generator to change', async () => {
    const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
    expect(diff.trim()).toBe('');
  });

  it('leaves nothing for a new migration (what `npm run migration:create` would write)', async () => {
    expect(await orm.migrator.checkSchema()).toBe(false);
  });
});
