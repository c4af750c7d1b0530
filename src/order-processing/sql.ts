import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs SQL on the given EntityManager's connection, inside its transaction when it has one. */
export function query<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.execute<T[]>(sql, params);
}

/** `in (...)` needs at least one value; this one never matches an id. */
export function idList(ids: number[]): number[] {
  return ids.length > 0 ? ids : [-1];
}

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs queries one after another. A transaction has a single connection, and the driver does not
 * allow overlapping queries on one connection, so Promise.all must not be used for them.
 */
export async function inSequence<T extends readonly (() => Promise<unknown>)[]>(queries: readonly [...T]): Promise<Results<T>> {
  const results: unknown[] = [];
  for (const run of queries) results.push(await run());
  return results as Results<T>;
}
