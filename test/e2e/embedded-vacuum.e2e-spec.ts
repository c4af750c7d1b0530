import { MikroORM } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/database/orm-options';
import { CHURNED_TABLES, startEmbeddedVacuum } from '../../src/database/embedded-vacuum';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

describe('embedded database vacuum', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const log: string[] = [];

  beforeAll(async () => {
    database = await startTestDatabase();
    orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 2, onQuery: (message) => log.push(message) }));
  });
  afterAll(async () => {
    await orm?.close();
    await database?.close();
  });

  /** Tables of the list that VACUUM / ANALYZE has never processed (their row estimate is still unknown). */
  const neverProcessed = async (): Promise<string[]> => {
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute<Array<{ relname: string }>>(`select relname from pg_class where relname in (${CHURNED_TABLES.map((t) => `'${t}'`).join(', ')}) and reltuples < 0 order by relname`);
    return rows.map((row) => row.relname);
  };

  it('vacuums and analyzes the churned tables on its timer, outside the query log, and stops cleanly', async () => {
    expect(await neverProcessed()).toEqual([...CHURNED_TABLES].sort());
    log.length = 0;
    const vacuum = startEmbeddedVacuum(orm, 20);
    const deadline = Date.now() + 10_000;
    while ((await neverProcessed()).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await vacuum.stop();
    expect(await neverProcessed()).toEqual([]);
    expect(log.filter((message) => /vacuum/i.test(message))).toEqual([]);
  });
});
