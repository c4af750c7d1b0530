import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Hot statements as server-side prepared statements (SQL `PREPARE` / `EXECUTE`), so PostgreSQL plans them
 * once per session instead of for every request. The big JSON-building reads and writes of carts cost
 * several times more to plan than to run, on the embedded database especially.
 *
 * How it stays correct on both databases:
 * - Everything goes over the simple query protocol with the parameters as escaped literals (as MikroORM's
 *   own `em.execute` does), one message per round trip, so the embedded server never interleaves parts of
 *   it with another connection's messages.
 * - The embedded database has one session shared by all connections: a statement prepared by one
 *   connection is visible to every other one. Names therefore carry a per-connection serial, so two
 *   connections never prepare the same name, and a connection's first use deallocates the statements of
 *   connections of this process that have closed since (found through `pg_prepared_statements`, i.e. only
 *   what this very session really holds; on a server, a new connection's session holds none).
 * - A connection prepares a statement the first time it runs it, in the same message as that first
 *   EXECUTE. When such a message fails we no longer know whether the PREPARE took, so the connection
 *   re-reads its prepared statements before its next use.
 * Every round trip is reported to the ORM's query logger like any other statement.
 */
export interface PreparedStatement {
  readonly name: string;
  /** PostgreSQL types of the parameters, in order. */
  readonly parameterTypes: readonly string[];
  /** The SQL with `$1`… placeholders. */
  readonly text: string;
}

const NAME_PREFIX = 'shop_';
const NAME_PATTERN = /^shop_[a-z0-9_]+_c(\d+)$/;
const defined = new Set<string>();

/**
 * Declares a prepared statement. `sql` uses `?` placeholders (like `em.execute`), one per parameter type;
 * it must not contain any other question mark.
 */
export function preparedStatement(name: string, parameterTypes: readonly string[], sql: string): PreparedStatement {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Invalid prepared statement name "${name}"`);
  if (defined.has(name)) throw new Error(`Prepared statement "${name}" is declared twice`);
  defined.add(name);
  let count = 0;
  const text = sql.replace(/\?/g, () => `$${++count}`);
  if (count !== parameterTypes.length) throw new Error(`Prepared statement "${name}" has ${count} placeholders for ${parameterTypes.length} types`);
  return { name, parameterTypes, text };
}

/** What the pg driver's connection offers that is used here. */
interface RawConnection {
  query(text: string): Promise<RawResult | RawResult[]>;
  once(event: 'end', listener: () => void): unknown;
}
interface RawResult {
  rows: unknown[];
}
interface KnexClientLike {
  acquireConnection(): Promise<RawConnection>;
  releaseConnection(connection: RawConnection): Promise<unknown> | unknown;
}

interface ConnectionState {
  serial: number;
  /** Names (without serial) prepared in this connection's session; null until read from the session. */
  prepared: Set<string> | null;
}

let nextSerial = 1;
const liveSerials = new Set<number>();
const states = new WeakMap<RawConnection, ConnectionState>();

function stateOf(connection: RawConnection): ConnectionState {
  let state = states.get(connection);
  if (state === undefined) {
    state = { serial: nextSerial++, prepared: null };
    const serial = state.serial;
    liveSerials.add(serial);
    connection.once('end', () => liveSerials.delete(serial));
    states.set(connection, state);
  }
  return state;
}

const sessionName = (statement: PreparedStatement, state: ConnectionState) => `${NAME_PREFIX}${statement.name}_c${state.serial}`;

/** Escapes one parameter as a literal; objects and arrays are sent as JSON text. */
function literal(em: EntityManager, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot send ${value} as a statement parameter`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return em.getPlatform().escape(value) as string;
  return em.getPlatform().escape(JSON.stringify(value)) as string;
}

/** Runs `sql` on `connection`, reporting it to the ORM's query log; database errors become ORM exceptions. */
async function run(em: EntityManager, connection: RawConnection, sql: string): Promise<RawResult> {
  const logger = em.config.getLogger();
  const started = Date.now();
  try {
    const result = await connection.query(sql);
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    logger.logQuery({ query: sql, took: Date.now() - started, results: last.rows.length, level: 'info' });
    return last;
  } catch (error) {
    logger.logQuery({ query: sql, took: Date.now() - started, level: 'error' });
    throw em.getDriver().convertException(error as Error);
  }
}

/** Reads which of this connection's statements its session holds, and drops those of closed connections. */
async function synchronise(em: EntityManager, connection: RawConnection, state: ConnectionState): Promise<Set<string>> {
  const { rows } = await run(em, connection, `select name from pg_prepared_statements where name like 'shop\\_%'`);
  const prepared = new Set<string>();
  const stale: string[] = [];
  for (const { name } of rows as Array<{ name: string }>) {
    const match = NAME_PATTERN.exec(name);
    if (match === null) continue;
    const serial = Number(match[1]);
    if (serial === state.serial) prepared.add(name.slice(NAME_PREFIX.length, name.lastIndexOf('_c')));
    else if (!liveSerials.has(serial) && serial < nextSerial) stale.push(name);
  }
  if (stale.length > 0) await run(em, connection, stale.map((name) => `deallocate "${name}"`).join('; '));
  return prepared;
}

/**
 * Runs a prepared statement on the EntityManager's connection (its transaction's when it is inside one)
 * and answers the rows.
 */
export async function executePrepared<T>(em: EntityManager, statement: PreparedStatement, parameters: readonly unknown[]): Promise<T[]> {
  if (parameters.length !== statement.parameterTypes.length) {
    throw new Error(`Prepared statement "${statement.name}" takes ${statement.parameterTypes.length} parameters, got ${parameters.length}`);
  }
  const transaction = em.getTransactionContext<{ client: KnexClientLike }>();
  const client: KnexClientLike = transaction ? transaction.client : (em.getKnex().client as KnexClientLike);
  const connection = await client.acquireConnection();
  try {
    const state = stateOf(connection);
    state.prepared ??= await synchronise(em, connection, state);
    const name = sessionName(statement, state);
    const execute = parameters.length === 0 ? `execute ${name}` : `execute ${name}(${parameters.map((value) => literal(em, value)).join(', ')})`;
    if (state.prepared.has(statement.name)) return (await run(em, connection, execute)).rows as T[];
    const types = statement.parameterTypes.length === 0 ? '' : ` (${statement.parameterTypes.join(', ')})`;
    const prepare = `prepare ${name}${types} as ${statement.text}`;
    try {
      const { rows } = await run(em, connection, `${prepare};\n${execute}`);
      state.prepared.add(statement.name);
      return rows as T[];
    } catch (error) {
      state.prepared = null;
      throw error;
    }
  } finally {
    await client.releaseConnection(connection);
  }
}
