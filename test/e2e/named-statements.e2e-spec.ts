import { Writable } from 'node:stream';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { namedRows, namedStatement, StatementNaming } from '../../src/database/named-statements';
import { buildOrmOptions } from '../../src/database/orm-options';
import { inWriteTransaction } from '../../src/database/write-transaction';
import { AUTH, CART_WITH_ITEMS_YAML, loadShop } from '../support/cart-fixtures';
import { TcpProxy } from '../support/tcp-proxy';
import { startTestApp, type TestApp } from '../support/test-app';
import { startTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Hot statements go as named prepared statements where the connections keep them (the server itself) and
 * fall back to unnamed ones, without an error or a restart, where they do not: behind PgBouncer in
 * transaction mode without prepared-statement support (1.18, as scripts/pgbouncer.sh starts it). The
 * pooler's part runs when TEST_DATABASE_POOLER_URL names such a pooler in front of TEST_DATABASE_URL.
 */
const behindPooler = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_DATABASE_POOLER_URL);
const onServer = Boolean(process.env.TEST_DATABASE_URL);

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

function logCapture(): { destination: Writable; warnings(): LogLine[] } {
  let output = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      output += chunk.toString();
      callback();
    },
  });
  const lines = (): LogLine[] =>
    output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogLine);
  return { destination, warnings: () => lines().filter((line) => line.level === 40) };
}


const sample = (metrics: string, series: string): number | undefined => {
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET cart at 16 in parallel', () => {
  let t: TestApp;
  let log: ReturnType<typeof logCapture>;
  let cartId: number;

  beforeAll(async () => {
    log = logCapture();
    t = await startTestApp({ env: { LOG_LEVEL: 'warn' }, logDestination: log.destination });
    cartId = (await loadShop(t, CART_WITH_ITEMS_YAML)).orders.cart_with_items;
  });
  afterAll(() => t?.close());

  const how = behindPooler
    ? 'behind the pooler, unnamed from the start (the server answers on another port than the URL\'s)'
    : onServer
      ? 'with its named statement kept'
      : 'unnamed (the embedded database has no named statements)';
  it(`answers every request with the cart ${how}`, async () => {
    const get = () => t.inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH });
    const first = await get();
    expect(first.statusCode).toBe(200);
    for (let round = 0; round < 10; round += 1) {
      const responses = await Promise.all(Array.from({ length: 16 }, get));
      expect(responses.map((response) => [response.statusCode, response.body])).toEqual(responses.map(() => [200, first.body]));
    }
    const metrics = (await t.inject({ method: 'GET', url: '/metrics' })).body;
    if (behindPooler) {
      expect(log.warnings()).toEqual([]);
      expect(sample(metrics, 'db_named_statements')).toBe(0);
    } else {
      expect(log.warnings()).toEqual([]);
      expect(sample(metrics, 'db_named_statements')).toBe(onServer ? 1 : 0);
    }
  });
});

const CART_COUNT = namedStatement('cart_count', `select count(*)::int as carts from orders where checkout_state = $1`);

/**
 * The ORM's connections to `url` (2 at most) with statement naming on, its warnings, and how the statement
 * went out each time it was sent.
 */
async function ormOn(url: string, statement = CART_COUNT) {
  const warnings: unknown[] = [];
  const sent: string[] = [];
  const naming = new StatementNaming('named', { warn: (details: unknown) => void warnings.push(details) });
  const onQuery = (line: string) => {
    if (line.includes(' as carts ')) sent.push(line.endsWith('[bound]') ? 'unnamed' : 'named');
  };
  const orm = await MikroORM.init(buildOrmOptions({ clientUrl: url, poolSize: 2, statementNaming: naming, onQuery }));
  const count = async () => (await namedRows<{ carts: number }>(orm.em.fork(), statement, ['cart']))[0].carts;
  return { orm, naming, warnings, sent, count };
}

(onServer ? describe : describe.skip)('named statements on the server itself', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(() => database?.close());

  it('stay named on every connection', async () => {
    const { orm, naming, warnings, sent, count } = await ormOn(database.directUrl);
    try {
      for (let round = 0; round < 5; round += 1) expect(await Promise.all([count(), count(), count()])).toEqual([0, 0, 0]);
      expect(naming.usesNamedStatements).toBe(true);
      expect(warnings).toEqual([]);
      expect(new Set(sent)).toEqual(new Set(['named']));
    } finally {
      await orm.close();
    }
  });

  it('reject a read whose connection is lost while it runs, and serve the next one on a new connection', async () => {
    const proxy = await TcpProxy.start(database.directUrl);
    const { orm } = await ormOn(proxy.url(database.directUrl));
    const SLOW = namedStatement('slow_read', 'select pg_sleep($1::float) is null as slept');
    try {
      // The checked-out client's 'error' event must be listened to: jest fails the test on an unhandled one.
      const slow = namedRows(orm.em.fork(), SLOW, [5]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await proxy.cut();
      await expect(slow).rejects.toThrow('Connection terminated unexpectedly');
      await proxy.restore();
      expect(await namedRows(orm.em.fork(), SLOW, [0])).toEqual([{ slept: false }]);
    } finally {
      await orm.close();
      await proxy.close();
    }
  });
});

(behindPooler ? describe : describe.skip)('named statements behind a pooler that does not keep them (TEST_DATABASE_POOLER_URL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await startTestDatabase();
  });
  afterAll(() => database?.close());

  /** A transaction through the pooler: it holds the server connection the pooler would hand out next. */
  async function holdingAServerConnection<T>(work: () => Promise<T>): Promise<T> {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1');
      return await work();
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
  }

  it('a connection that prepared its statement is handed another server connection (26000): the read runs unnamed, one warning, nothing named after', async () => {
    const { orm, naming, warnings, sent, count } = await ormOn(database.url);
    try {
      expect(await count()).toBe(0);
      // The only idle server connection (the one that has the statement) is taken: the next read gets a new one.
      expect(await holdingAServerConnection(count)).toBe(0);
      expect(warnings).toEqual([expect.objectContaining({ code: '26000', statement: CART_COUNT.name })]);
      expect(naming.usesNamedStatements).toBe(false);
      for (let round = 0; round < 5; round += 1) expect(await Promise.all([count(), count()])).toEqual([0, 0]);
      expect(warnings).toHaveLength(1);
      expect(sent).toEqual(['named', 'named', 'unnamed', ...Array<string>(10).fill('unnamed')]);
    } finally {
      await orm.close();
    }
  });

  it('the same inside a write transaction: the transaction is lost with the statement, and runs again unnamed', async () => {
    // A text of its own: no server connection the earlier cases left in the pooler has prepared it.
    const statement = namedStatement('cart_count_in_transaction', `${CART_COUNT.text} and true`);
    const { orm, warnings, sent, count } = await ormOn(database.url, statement);
    try {
      expect(await count()).toBe(0);
      const inTransaction = () => inWriteTransaction(orm.em, async (tx) => (await namedRows<{ carts: number }>(tx, statement, ['cart']))[0].carts);
      expect(await holdingAServerConnection(inTransaction)).toBe(0);
      expect(warnings).toEqual([expect.objectContaining({ code: '26000', statement: statement.name })]);
      expect(sent).toEqual(['named', 'named', 'unnamed']);
    } finally {
      await orm.close();
    }
  });

  it('a new connection is handed a server connection where another one prepared the name (42P05): the same', async () => {
    const before = await ormOn(database.url);
    try {
      expect(await before.count()).toBe(0);
    } finally {
      await before.orm.close();
    }
    const { orm, warnings, sent, count } = await ormOn(database.url);
    try {
      expect(await count()).toBe(0);
      expect(warnings).toEqual([expect.objectContaining({ code: '42P05', statement: CART_COUNT.name })]);
      expect(await Promise.all([count(), count()])).toEqual([0, 0]);
      expect(sent).toEqual(['named', 'unnamed', 'unnamed', 'unnamed']);
    } finally {
      await orm.close();
    }
  });
});
