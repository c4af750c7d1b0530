import { openOrm } from './support/cart-audit';
import { runCrashScenario } from './support/crash-scenario';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer } from './support/server-process';
import { report } from './support/stress-report';

describe('kill -9 during a write storm, PostgreSQL server', () => {
  let database: ScratchDatabase;

  beforeAll(async () => {
    database = await createDemoDatabase('crash');
  });
  afterAll(() => database?.drop());

  it('keeps every acknowledged write and consistent carts after a restart', async () => {
    const { violations, numbers } = await runCrashScenario({
      database: 'server',
      start: (name) => startServer(name, { DATABASE_URL: database.url }),
      afterKill: () => undefined,
      openOrm: () => openOrm(database.url),
    });
    report(numbers);
    expect(violations).toEqual([]);
    expect(numbers.serverErrors).toBe(0);
    expect(numbers.acknowledged).toBeGreaterThan(0);
  });
});
