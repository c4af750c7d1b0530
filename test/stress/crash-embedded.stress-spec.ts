import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { buildOrmOptions } from '../../src/database/orm-options';
import { runCrashScenario } from './support/crash-scenario';
import { startServer } from './support/server-process';
import { report } from './support/stress-report';

/**
 * The same crash on the embedded database (PGlite persisting to DATA_DIR). The killed process leaves
 * its lock file behind; the restart must take it over, and PGlite must recover what it acknowledged.
 */
describe('kill -9 during a write storm, embedded database', () => {
  let work: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'shop-crash-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('keeps every acknowledged write and consistent carts after a restart over a stale lock', async () => {
    const dataDir = join(work, 'db');
    const { violations, numbers } = await runCrashScenario({
      database: 'embedded',
      // The first start finds an empty directory and loads the demo shop, as `npm start` does.
      start: (name) => startServer(name, { DATA_DIR: dataDir }),
      afterKill: (killed, log) => {
        const lock = `${dataDir}.lock`;
        log.equal(existsSync(lock) ? readFileSync(lock, 'utf8') : null, String(killed.pid), 'the killed server left its lock file');
      },
      openOrm: async () => {
        const database = await startEmbeddedPostgres({ dataDir, maxConnections: 2 });
        const orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 2 }));
        return {
          em: () => orm.em.fork(),
          close: async () => {
            await orm.close();
            await database.stop();
          },
        };
      },
    });
    report(numbers);
    expect(violations).toEqual([]);
    expect(numbers.serverErrors).toBe(0);
    expect(numbers.acknowledged).toBeGreaterThan(0);
  });
});
