import { Pool, TypeOverrides } from 'pg';

/** A statement PostgreSQL parses and plans once per connection; `text` binds its values as $1, $2, …. */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** Date and time types stay text, as the ORM's connection hands them back (read models turn them into Dates). */
function timestampsAsText(): TypeOverrides {
  const types = new TypeOverrides();
  for (const oid of [1082, 1114, 1184, 1186]) types.setTypeParser(oid, (text: string) => text);
  return types;
}

/**
 * Named, protocol-level prepared statements for the few hot reads whose planning costs more than their
 * execution: the driver sends Parse once per connection, then only Bind and Execute. Measured on GET
 * cart (10 lines, shop_bench, `explain analyze`, 2026-11-26): planning 3.6 ms, execution 0.4 ms of
 * PostgreSQL time per request. PgBouncer 1.21 and later pass such statements through in transaction mode
 * (`max_prepared_statements` > 0).
 *
 * They run outside any transaction, on a small pool of their own (a read inside a write's transaction
 * goes through that transaction, see the read models). Not on the embedded database: its connections
 * share one session, where a name prepared through one connection would collide with the same name on
 * the next; there every read goes through the ORM's connection (`available` is false).
 */
export class PreparedReads {
  private constructor(
    private readonly pool: Pool | null,
    private readonly onQuery?: (sql: string) => void,
  ) {}

  /** Prepared reads against the PostgreSQL server at `url`, on at most `poolSize` connections. */
  static onServer(url: string, poolSize: number, onQuery?: (sql: string) => void): PreparedReads {
    const pool = new Pool({ connectionString: url, max: poolSize, types: timestampsAsText() });
    // An idle connection the server ended (a restart, a terminated backend): the pool replaces it on the
    // next read. Without a listener the pool's 'error' event would end the process.
    pool.on('error', () => undefined);
    return new PreparedReads(pool, onQuery);
  }

  /** None: every read goes through the ORM. */
  static none(): PreparedReads {
    return new PreparedReads(null);
  }

  get available(): boolean {
    return this.pool !== null;
  }

  async rows<T>(statement: PreparedStatement, values: unknown[]): Promise<T[]> {
    if (this.pool === null) throw new Error('Prepared reads are not available on this database');
    this.onQuery?.(`[query] ${statement.text} [prepared as ${statement.name}]`);
    const result = await this.pool.query<T & Record<string, unknown>>({ name: statement.name, text: statement.text, values });
    return result.rows;
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }
}
