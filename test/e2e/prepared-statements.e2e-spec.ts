import { DriverException, MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { buildOrmOptions } from '../../src/database/orm-options';
import { executePrepared, preparedStatement } from '../../src/database/prepared-statements';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

const ECHO = preparedStatement('test_echo', ['int', 'text', 'boolean', 'jsonb'], 'select ? as number, ? as text, ? as flag, ? as doc');
const DIVIDE = preparedStatement('test_divide', ['int', 'int'], 'select ? / ? as quotient');

/** Names of this suite's statements the database session(s) of `em`'s connection hold. */
async function preparedNames(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<Array<{ name: string }>>(`select name from pg_prepared_statements where name like 'shop\\_test\\_%' order by name`);
  return rows.map((row) => row.name);
}

describe('prepared statements', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  let log: string[] = [];

  const open = () => MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 2, onQuery: (message) => log.push(message) }));

  beforeAll(async () => {
    database = await startTestDatabase();
    orm = await open();
  });
  afterAll(async () => {
    await orm.close();
    await database.close();
  });
  beforeEach(() => {
    log = [];
  });

  it('prepares on first use in the same round trip, then only executes; parameters arrive exactly', async () => {
    const em = orm.em.fork();
    const text = `it's a "quote" \\ with a backslash, ünïcödé and ?`;
    const doc = { a: [1, 'two', null], nested: { quote: "'" } };
    const first = await executePrepared(em, ECHO, [-42, text, true, doc]);
    const second = await executePrepared(em, ECHO, [7, null, false, null]);
    expect([first, second]).toEqual([
      [{ number: -42, text, flag: true, doc }],
      [{ number: 7, text: null, flag: false, doc: null }],
    ]);
    expect(log).toHaveLength(2);
    expect([/prepare shop_test_echo_p\d+_c\d+ \(int, text, boolean, jsonb\) as select/.test(log[0]), /^\[query\] execute shop_test_echo_p\d+_c\d+\(7, null, false, null\)/.test(log[1])]).toEqual([true, true]);
  });

  it('gives every connection its own names, so connections sharing one session never collide', async () => {
    // With two idle connections in the pool, two statements started together run on both (the embedded
    // database serves them one after the other from its one session).
    const { client } = (orm.em.fork()).getKnex();
    const held = [await client.acquireConnection(), await client.acquireConnection()];
    for (const connection of held) await client.releaseConnection(connection);
    const [first, second] = await Promise.all([
      executePrepared(orm.em.fork(), ECHO, [1, 'a', true, {}]),
      executePrepared(orm.em.fork(), ECHO, [2, 'b', false, {}]),
    ]);
    expect([first, second]).toEqual([[{ number: 1, text: 'a', flag: true, doc: {} }], [{ number: 2, text: 'b', flag: false, doc: {} }]]);
    const names = new Set(log.map((message) => /(shop_test_echo_p\d+_c\d+)/.exec(message)?.[1]).filter(Boolean));
    expect(names.size).toBe(2);
  });

  it('turns database errors into ORM exceptions and recovers the connection, inside a transaction too', async () => {
    const em = orm.em.fork();
    const failure = await em
      .transactional((tx) => executePrepared(tx, DIVIDE, [1, 0]))
      .then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(DriverException);
    expect((failure as Error).message).toContain('division by zero');
    expect(await em.transactional((tx) => executePrepared(tx, DIVIDE, [9, 3]))).toEqual([{ quotient: 3 }]);
    expect(await executePrepared(em, DIVIDE, [8, 2])).toEqual([{ quotient: 4 }]);
  });

  it('prepares a statement again once its plan is five minutes old', async () => {
    const em = orm.em.fork();
    await executePrepared(em, DIVIDE, [6, 3]);
    const later = Date.now() + 5 * 60_000 + 1;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      log = [];
      expect(await executePrepared(em, DIVIDE, [6, 2])).toEqual([{ quotient: 3 }]);
      expect(await executePrepared(em, DIVIDE, [6, 1])).toEqual([{ quotient: 6 }]);
    } finally {
      clock.mockRestore();
    }
    expect(log).toHaveLength(2);
    expect([/deallocate shop_test_divide_p\d+_c\d+;\s*prepare shop_test_divide_p\d+_c\d+ /.test(log[0]), /^\[query\] execute shop_test_divide_p\d+_c\d+\(6, 1\)/.test(log[1])]).toEqual([
      true,
      true,
    ]);
  });

  it('drops the statements of closed connections from a session that outlives them', async () => {
    await executePrepared(orm.em.fork(), ECHO, [1, 'a', true, {}]);
    await orm.close();
    orm = await open();
    const names = await (orm.em.fork()).transactional(async (tx) => {
      await executePrepared(tx, ECHO, [1, 'a', true, {}]);
      return preparedNames(tx);
    });
    // Only the new connection's statement is left (on a server the old session is gone anyway).
    expect(names).toHaveLength(1);
    expect(log.some((message) => message.includes(names[0]))).toBe(true);
  });
});
