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
 * - A connection prepares a statement in the same message as its first EXECUTE of it; no extra round trip.
 * - The embedded database has one session shared by all connections: a statement prepared by one
 *   connection is visible to every other one. Names therefore carry a per-connection serial (never
 *   reused in this process), so two connections never prepare the same name and a new connection has none
 *   yet. Statements of connections that have closed stay in that shared session: the next message that
 *   prepares something on the same database first deallocates those that exist (on a server they died
 *   with their session, and the step finds nothing).
 * - When a message with a PREPARE fails we no longer know whether the PREPARE took, so the connection
 *   re-reads its prepared statements (one query) before its next use.
 * - A prepared statement is replaced after MAX_PLAN_AGE_MS. A cached plan is only re-made when the
 *   server invalidates it (e.g. after ANALYZE); the embedded database never analyzes on its own, so a
 *   plan made while a table was tiny could otherwise outlive the table's growth.
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
const MAX_PLAN_AGE_MS = 5 * 60_000;
const defined = new Set<string>();
let serverSidePreparation = true;

/**
 * Turns server-side preparation on or off for the process (`DB_PREPARED_STATEMENTS`). Off, each
 * statement is sent as one plain query with its parameters inlined: needed behind a pooler in
 * transaction mode (PgBouncer), which does not keep a SQL-level PREPARE's session for the next request.
 */
export function usePreparedStatements(enabled: boolean): void {
  serverSidePreparation = enabled;
}

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
  host?: string;
  port?: number;
  database?: string;
}
interface RawResult {
  rows: unknown[];
}
interface KnexClientLike {
  acquireConnection(): Promise<RawConnection>;
  releaseConnection(connection: RawConnection): unknown;
}

interface ConnectionState {
  serial: number;
  /** Where the connection goes: connections to one embedded database share its session. */
  target: string;
  /** Names (without serial) prepared by this connection, with when; null when unknown (re-read first). */
  prepared: Map<string, number> | null;
}

let nextSerial = 1;
const states = new WeakMap<RawConnection, ConnectionState>();
/** Serials of closed connections, per target, whose statements may still need deallocating. */
const closedSerials = new Map<string, Set<number>>();

function stateOf(connection: RawConnection): ConnectionState {
  let state = states.get(connection);
  if (state === undefined) {
    const created: ConnectionState = { serial: nextSerial++, target: `${connection.host}:${connection.port}/${connection.database}`, prepared: new Map() };
    connection.once('end', () => {
      const closed = closedSerials.get(created.target) ?? new Set<number>();
      closed.add(created.serial);
      closedSerials.set(created.target, closed);
    });
    states.set(connection, created);
    state = created;
  }
  return state;
}

/** A statement deallocating whatever the session still holds of the given (closed) connections' statements. */
function deallocateClosed(serials: Iterable<number>): string {
  const list = [...serials].join(',');
  return `do $$ declare stale record; begin
  for stale in select name from pg_prepared_statements
                where name like 'shop\\_%\\_p${process.pid}\\_c%' and substring(name from '_c([0-9]+)$')::int = any ('{${list}}'::int[]) loop
    execute format('deallocate %I', stale.name);
  end loop;
end $$`;
}

// Another process may share the embedded database's session (a CLI run against the same socket), so names carry the pid too.
const connectionSuffix = (state: ConnectionState) => `_p${process.pid}_c${state.serial}`;
const sessionName = (statement: PreparedStatement, state: ConnectionState) => `${NAME_PREFIX}${statement.name}${connectionSuffix(state)}`;

/** Escapes one parameter as a literal; objects and arrays are sent as JSON text. */
function literal(em: EntityManager, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot send ${value} as a statement parameter`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return em.getPlatform().escape(value);
  return em.getPlatform().escape(JSON.stringify(value));
}

/** The statement's text with each `$n` replaced by its parameter as a typed literal (one pass, so values are never rescanned). */
function inlined(em: EntityManager, statement: PreparedStatement, parameters: readonly unknown[]): string {
  return statement.text.replace(/\$(\d+)/g, (_, position: string) => {
    const index = Number(position) - 1;
    return `${literal(em, parameters[index])}::${statement.parameterTypes[index]}`;
  });
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

/** Reads which statements of this connection its session holds. */
async function synchronise(em: EntityManager, connection: RawConnection, state: ConnectionState): Promise<Map<string, number>> {
  const suffix = connectionSuffix(state);
  const { rows } = await run(
    em,
    connection,
    `select name, (extract(epoch from prepare_time) * 1000)::float8 as prepared_at from pg_prepared_statements where name like 'shop\\_%\\${suffix}'`,
  );
  const prepared = new Map<string, number>();
  for (const { name, prepared_at: preparedAt } of rows as Array<{ name: string; prepared_at: number }>) {
    if (name.endsWith(suffix)) prepared.set(name.slice(NAME_PREFIX.length, -suffix.length), preparedAt);
  }
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
    if (!serverSidePreparation) return (await run(em, connection, inlined(em, statement, parameters))).rows as T[];
    const state = stateOf(connection);
    state.prepared ??= await synchronise(em, connection, state);
    const name = sessionName(statement, state);
    const execute = parameters.length === 0 ? `execute ${name}` : `execute ${name}(${parameters.map((value) => literal(em, value)).join(', ')})`;
    const preparedAt = state.prepared.get(statement.name);
    const now = Date.now();
    if (preparedAt !== undefined && now - preparedAt < MAX_PLAN_AGE_MS) return (await run(em, connection, execute)).rows as T[];
    const types = statement.parameterTypes.length === 0 ? '' : ` (${statement.parameterTypes.join(', ')})`;
    const closed = [...(closedSerials.get(state.target) ?? [])];
    const message = [
      ...(closed.length > 0 ? [deallocateClosed(closed)] : []),
      ...(preparedAt !== undefined ? [`deallocate ${name}`] : []),
      `prepare ${name}${types} as ${statement.text}`,
      execute,
    ];
    try {
      const { rows } = await run(em, connection, message.join(';\n'));
      state.prepared.set(statement.name, now);
      for (const serial of closed) closedSerials.get(state.target)?.delete(serial);
      return rows as T[];
    } catch (error) {
      state.prepared = null;
      throw error;
    }
  } finally {
    await client.releaseConnection(connection);
  }
}
