import { createHash } from 'node:crypto';
import { Pool, TypeOverrides, type PoolClient } from 'pg';
import type { Logger } from 'pino';
import { namedStatementsLost } from './named-statements-lost';

/** A statement PostgreSQL parses and plans once per connection; `text` binds its values as $1, $2, …. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/**
 * A prepared statement named `name` and its text's digest: two builds whose statements differ never
 * share a name, so a server connection that a pooler hands from one to the other cannot run the other's.
 */
export function preparedStatement(name: string, text: string): PreparedStatement {
  return { name: `${name}_${createHash('sha256').update(text).digest('hex').slice(0, 8)}`, text };
}

/** Date and time types stay text, as the ORM's connection hands them back (read models turn them into Dates). */
function timestampsAsText(): TypeOverrides {
  const types = new TypeOverrides();
  for (const oid of [1082, 1114, 1184, 1186]) types.setTypeParser(oid, (text: string) => text);
  return types;
}

export interface PreparedReadsOptions {
  /** Told once, when named statements turn out not to survive on this database's connections. */
  log: Pick<Logger, 'warn'>;
  onQuery?: (sql: string) => void;
}

/**
 * Named, protocol-level prepared statements for the few hot reads whose planning costs more than their
 * execution: the driver sends Parse once per connection, then only Bind and Execute. Measured on GET
 * cart (10 lines, shop_bench, `explain analyze`, 2026-11-26): planning 3.6 ms, execution 0.4 ms of
 * PostgreSQL time per request.
 *
 * Behind a pooler that gives each transaction whichever server connection is free and does not carry
 * prepared statements along (PgBouncer in transaction mode before 1.21, or with max_prepared_statements
 * = 0), a name prepared on one server connection is missing on the next or already taken there. The
 * first such error switches this process to unnamed statements (parsed and planned at every execution)
 * for good, with one warning, and the read that met it runs again unnamed. From then on no name is sent
 * on any connection, so what a connection's driver remembers having prepared no longer matters. A direct
 * connection, or a pooler that keeps named statements working, never raises those errors.
 *
 * They run outside any transaction, on a small pool of their own (a read inside a write's transaction
 * goes through that transaction, see the read models). Not on the embedded database: its connections
 * share one session, where a name prepared through one connection would collide with the same name on
 * the next; there every read goes through the ORM's connection (`available` is false).
 */
export class PreparedReads {
  private named = true;

  private constructor(
    private readonly pool: Pool | null,
    private readonly options?: PreparedReadsOptions,
  ) {}

  /** Prepared reads against the PostgreSQL server (or pooler) at `url`, on at most `poolSize` connections. */
  static onServer(url: string, poolSize: number, options: PreparedReadsOptions): PreparedReads {
    const pool = new Pool({ connectionString: url, max: poolSize, types: timestampsAsText() });
    // An idle connection the server ended (a restart, a terminated backend): the pool replaces it on the
    // next read. Without a listener the pool's 'error' event would end the process.
    pool.on('error', () => undefined);
    return new PreparedReads(pool, options);
  }

  /** None: every read goes through the ORM. */
  static none(): PreparedReads {
    return new PreparedReads(null);
  }

  get available(): boolean {
    return this.pool !== null;
  }

  /** Whether reads still go as named statements; null where there are no prepared reads. */
  get usesNamedStatements(): boolean | null {
    return this.pool === null ? null : this.named;
  }

  async rows<T>(statement: PreparedStatement, values: unknown[]): Promise<T[]> {
    if (this.pool === null) throw new Error('Prepared reads are not available on this database');
    const client = await this.pool.connect();
    // A connection lost during the read fails its query, and pg also emits 'error' on the checked-out
    // client, which the pool does not listen to then; unheard, that event would end the process.
    const lost = (): void => undefined;
    client.on('error', lost);
    let failure: Error | undefined;
    try {
      if (this.named) {
        try {
          return await this.run<T>(client, statement, values, true);
        } catch (error) {
          if (!namedStatementsLost(error)) throw error;
          this.stopNaming(statement, error);
        }
      }
      return await this.run<T>(client, statement, values, false);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      // A connection whose statement failed is not lent out again (as pg's pool.query does).
      client.off('error', lost);
      client.release(failure);
    }
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }

  /** The name is decided here, with the connection in hand: nothing named goes out after the switch. */
  private async run<T>(client: PoolClient, statement: PreparedStatement, values: unknown[], named: boolean): Promise<T[]> {
    this.options?.onQuery?.(`[query] ${statement.text} ${named ? `[prepared as ${statement.name}]` : '[unnamed]'}`);
    const query = named ? { name: statement.name, text: statement.text, values } : { text: statement.text, values };
    const result = await client.query<T & Record<string, unknown>>(query);
    return result.rows;
  }

  private stopNaming(statement: PreparedStatement, error: unknown): void {
    if (!this.named) return;
    this.named = false;
    this.options?.log.warn(
      { statement: statement.name, code: (error as { code: string }).code, reason: (error as Error).message },
      'Named prepared statements do not survive on these database connections (a pooler such as PgBouncer in ' +
        'transaction mode without prepared-statement support): hot reads (GET cart) now go as unnamed statements ' +
        'for the rest of this process, planned again at every execution, which costs PostgreSQL a few ms of CPU ' +
        'per read. A direct connection, or PgBouncer 1.21+ with max_prepared_statements > 0, keeps them named.',
    );
  }
}
