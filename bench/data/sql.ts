import { Client } from 'pg';

/** One database session for the bulk phase (temporary tables live in it). */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function connectSql(url: string): Promise<Sql> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return {
    async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
      const result = await client.query(text, params);
      return result.rows as T[];
    },
    close: () => client.end(),
  };
}

/** Runs `work` in one transaction of the session. */
export async function inTransaction<T>(sql: Sql, work: () => Promise<T>): Promise<T> {
  await sql.query('begin');
  try {
    const result = await work();
    await sql.query('commit');
    return result;
  } catch (error) {
    await sql.query('rollback').catch(() => undefined);
    throw error;
  }
}

export async function scalar(sql: Sql, text: string, params: unknown[] = []): Promise<number> {
  const [row] = await sql.query<{ value: string | number | null }>(text, params);
  return Number(row?.value ?? 0);
}
