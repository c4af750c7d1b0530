import { CompiledQuery, type Kysely } from 'kysely';
import type { ConnectionType } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { Client, type QueryConfig } from 'pg';
import type { Logger } from 'pino';
import { inlineParameters } from './inline-parameters';
import { namedStatementsLost } from './named-statements-lost';

/** A statement with its values bound as `$1`, `$2`, …, and the name it is prepared under. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** The text of every statement declared with namedStatement, and the name it is prepared under. */
const NAMES = new Map<string, string>();

/**
 * At most this many names, so statements whose text follows a request's criteria and sort cannot have
 * every connection prepare an unbounded number of plans: past it, a new text runs unnamed.
 */
const MAX_NAMES = 200;

/**
 * A hot statement that runs through the ORM's connections (inside a write's transaction too) with its
 * values bound (`$1`, `$2`, …) and, on a PostgreSQL server, as a named prepared statement: parsed once per
 * connection, and after a few executions run on a generic plan, which PostgreSQL no longer plans. The
 * ORM itself sends every statement as text with its values written in, so each one is planned again.
 * Measured on shop_bench (`explain analyze`, 2026-11-29): an add item's order facts planned in 3.8 ms and
 * ran in 1.3 ms; prepared, they run in 0.6 ms. Run it with `namedRows`.
 */
export function namedStatement(name: string, text: string): PreparedStatement {
  const known = NAMES.get(text);
  if (known !== undefined) return { name: known, text };
  // The text's digest in the name: two builds whose statements differ never share a name, so a server
  // connection a pooler hands from one to the other cannot run the other's.
  const statement = { name: `${name}_${createHash('sha256').update(text).digest('hex').slice(0, 8)}`, text };
  if (NAMES.size < MAX_NAMES) NAMES.set(text, statement.name);
  return statement;
}

/**
 * How this process sends the declared statements on its ORM connections:
 * - `named` on a PostgreSQL server (or a pooler that keeps names): prepared once per connection;
 * - `bound` once the first error said names do not survive from one statement to the next (a pooler
 *   such as PgBouncer in transaction mode without prepared-statement support), for good, with one
 *   warning: unnamed, values still bound, planned at every execution;
 * - `inlined` on the embedded database, and where nothing says which database it is (the CLI): one
 *   simple-protocol message with the values written in, as the ORM sends its own. The embedded
 *   database's connections share one session, where another connection's statement can replace an
 *   unnamed one between its Parse and its Execute (see inline-parameters.ts).
 */
export type StatementMode = 'named' | 'bound' | 'inlined';

/**
 * How this process should send the declared statements, told once at start:
 * - `inlined` on the embedded database, and on a URL that turns out to be one (tests hand a spawned service
 *   the embedded database's socket): PGlite names itself in `version()`;
 * - `bound` when the server answers on another port than the URL's: something sits in between (PgBouncer on
 *   6432 in front of 5432, a relay), and a transaction pooler would hand the next transaction a server
 *   connection that lacks the names, failing a statement inside a transaction (which only a write run by
 *   inWriteTransaction would survive);
 * - `named` otherwise, also when the probe gets no answer: the ORM's own start then tells what is wrong.
 */
export async function statementModeFor(database: { url: string; embedded: boolean }): Promise<StatementMode> {
  if (database.embedded) return 'inlined';
  const client = new Client({ connectionString: database.url, connectionTimeoutMillis: 3000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string; port: number | null }>('select version(), inet_server_port() as port');
    if (rows[0].version.includes('PGlite')) return 'inlined';
    const port = rows[0].port;
    return port === null || port === urlPort(database.url) ? 'named' : 'bound';
  } catch {
    return 'named';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The port a PostgreSQL URL connects to (5432 when it names none). */
function urlPort(url: string): number {
  const port = new URL(url).port;
  return port === '' ? 5432 : Number(port);
}

export class StatementNaming {
  constructor(
    private mode: StatementMode,
    private readonly log?: Pick<Logger, 'warn'>,
  ) {}

  get usesNamedStatements(): boolean {
    return this.mode === 'named';
  }

  get sending(): StatementMode {
    return this.mode;
  }

  noteFailure(error: unknown, name: string): void {
    if (this.mode !== 'named' || !namedStatementsLost(error)) return;
    this.mode = 'bound';
    this.log?.warn(
      { statement: name, code: (error as { code: string }).code, reason: (error as Error).message },
      'Named prepared statements do not survive on these database connections (a pooler such as PgBouncer in ' +
        'transaction mode without prepared-statement support): the hot statements (order facts, cart and order ' +
        'reads, token lookups) now go unnamed for the rest of this process, planned again at every execution, ' +
        'which costs PostgreSQL a few ms of CPU per request. A direct connection, or PgBouncer 1.21+ with ' +
        'max_prepared_statements > 0, keeps them named.',
    );
  }
}

/**
 * The `pg` client class of the ORM's pools: a statement declared with namedStatement goes out as
 * `naming` says (and is logged through `onQuery`, which the ORM's own logger does not see); anything else
 * as the ORM sent it.
 */
export function namingClient(naming: StatementNaming, onQuery?: (sql: string) => void): typeof Client {
  return class NamingClient extends Client {
    // pg's query() is overloaded; the ORM's Kysely connection calls query(text, values) and awaits it.
    override query(...args: unknown[]): never {
      const [text, values] = args;
      // The ORM sends its own statements with their values written in and none bound: those are not looked
      // up (hashing a flush's text of a few hundred kB would cost more than the lookup saves).
      const name = typeof text === 'string' && Array.isArray(values) && values.length > 0 ? NAMES.get(text) : undefined;
      if (name === undefined) return (super.query as (...rest: unknown[]) => never)(...args);
      const mode = naming.sending;
      onQuery?.(`[query] ${(text as string).replace(/\s+/g, ' ').trim()} ${mode === 'named' ? `[prepared as ${name}]` : `[${mode}]`}`);
      if (mode === 'inlined') return super.query(inlineParameters(text as string, values as unknown[])) as never;
      if (mode === 'bound') return super.query(text as string, values as unknown[]) as never;
      const config: QueryConfig = { name, text: text as string, values: values as unknown[] };
      return super.query(config).catch((error: unknown) => {
        naming.noteFailure(error, name);
        throw error;
      }) as never;
    }
  };
}

/**
 * Runs a statement declared with namedStatement through `em`'s connection (its transaction's, inside
 * one; or through `transaction`, as MikroORM hands it to a transaction's event subscribers) and answers
 * its rows. A declared statement has at least one value. Failures come out as the ORM's own exceptions (a deadlock is the ORM's
 * DeadlockException, as from `em.execute`). Outside a transaction, a statement whose name turned out not
 * to survive runs again unnamed; inside one the transaction is lost, and inWriteTransaction runs it again.
 */
export async function namedRows<T>(
  em: EntityManager,
  statement: PreparedStatement,
  values: unknown[],
  connectionType?: ConnectionType,
  transaction?: Pick<Kysely<unknown>, 'executeQuery'>,
): Promise<T[]> {
  const run = async (type?: ConnectionType) =>
    (await (transaction ?? em.getKysely({ type })).executeQuery<T>(CompiledQuery.raw(statement.text, values))).rows;
  const asOrmException = (error: unknown) => (error instanceof Error ? em.getDriver().convertException(error) : error);
  // A read a replica could not answer goes to the primary, as the ORM's own reads do (replicas/replica-connection.ts).
  const fromReplica = connectionType === 'read' && transaction === undefined && em.getConnection('read') !== em.getConnection('write');
  const runAgain = async (type?: ConnectionType) => {
    try {
      return await run(type);
    } catch (error) {
      throw asOrmException(error);
    }
  };
  try {
    return await run(connectionType);
  } catch (error) {
    if (namedStatementsLost(error) && !em.isInTransaction()) return runAgain(connectionType);
    if (fromReplica && !namedStatementsLost(error)) return runAgain('write');
    throw asOrmException(error);
  }
}
