import { Pool, type PoolClient, type QueryResult } from 'pg';
import { inlineParameters } from '../../database/inline-parameters';

/** Connections the delivery engine opens besides the ORM's pool (the embedded database must allow them too). */
export const QUEUE_POOL_SIZE = 3;

/** What pg-boss calls to run its SQL (its `db` option), and what the engine's own statements use. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

type Run = (client: Pool | PoolClient, text: string, values: readonly unknown[]) => Promise<QueryResult>;

/** Bound parameters: the extended protocol (Parse/Bind/Execute), as pg-boss sends them by default. */
const bound: Run = (client, text, values) => client.query(text, values.length === 0 ? undefined : [...values]);

/**
 * The embedded database (pglite-socket) runs every connection on ONE PostgreSQL session and relays
 * their messages as they come. MikroORM sends each query as one simple-protocol message with its
 * values inlined; pg with parameters sends an unnamed Parse/Bind/Describe/Execute/Sync group, and a
 * simple query of another connection arriving between two messages of that group replaces the
 * session's unnamed statement and portal under it ("unnamed prepared statement does not exist", or the
 * wrong rows). So there every statement of the engine and of pg-boss goes as one simple-protocol
 * message with its values inlined, the way the ORM's own do.
 */
const inlined: Run = (client, text, values) => client.query(values.length === 0 ? text : inlineParameters(text, values));

/**
 * The engine's own small pool: pg-boss runs on it (through the `db` option), and `transaction` gives a
 * statement runner bound to one connection inside BEGIN…COMMIT, so the engine's rows and pg-boss's jobs
 * change together.
 */
export class QueueDatabase implements SqlExecutor {
  private readonly pool: Pool;
  private readonly run: Run;

  constructor(url: string, embedded: boolean) {
    this.pool = new Pool({ connectionString: url, max: QUEUE_POOL_SIZE, application_name: 'shop-admin-api webhooks' });
    // An idle connection the server dropped: the pool replaces it; nothing to do here.
    this.pool.on('error', () => undefined);
    this.run = embedded ? inlined : bound;
  }

  executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
    return this.run(this.pool, text, values);
  }

  async query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.run(this.pool, text, values)).rows as T[];
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A connection lost between two statements is reported by the next one; without a listener the
    // client's 'error' event would end the process.
    const ignore = (): void => undefined;
    client.on('error', ignore);
    let broken = false;
    try {
      await client.query('begin');
      const tx = new Transaction(client, this.run);
      const result = await work(tx);
      await client.query('commit');
      return result;
    } catch (error) {
      try {
        await client.query('rollback');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      client.off('error', ignore);
      client.release(broken);
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

/** Statements on the one connection of an open transaction; also pg-boss's `db` for its calls inside it. */
export class Transaction implements SqlExecutor {
  constructor(
    private readonly client: PoolClient,
    private readonly run: Run,
  ) {}

  executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
    return this.run(this.client, text, values);
  }

  async query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.run(this.client, text, values)).rows as T[];
  }
}
