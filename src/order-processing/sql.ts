import type { EntityManager } from '@mikro-orm/postgresql';

/** Runs SQL on the given EntityManager's connection, inside its transaction when it has one. */
export function query<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.execute<T[]>(sql, params);
}

/** `in (...)` needs at least one value; this one never matches an id. */
export function idList(ids: number[]): number[] {
  return ids.length > 0 ? ids : [-1];
}
