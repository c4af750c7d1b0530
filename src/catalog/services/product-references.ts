import type { Collection } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** Tables a product names rows of by code; fixed names, never from a request. */
type ReferencedTable = 'channel' | 'taxon' | 'product_option' | 'product_association_type' | 'product';

/**
 * The ids of the rows of `table` that have these codes, by code, each row locked FOR KEY SHARE in id order:
 * a delete of one waits for this write (and then sees the product pointing at it) instead of leaving the
 * write a foreign key to a row that is gone.
 */
export async function lockedIdsByCode(tx: EntityManager, table: ReferencedTable, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await tx.execute<Array<{ id: number; code: string }>>(
    `select id, code from ${table} where code in (select value from json_array_elements_text(?::json)) order by id for key share`,
    [JSON.stringify([...new Set(codes)])],
  );
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** The ids of `codes` in the order sent (repeats once), or null when one of them names nothing. */
export function idsOf(codes: readonly string[], found: ReadonlyMap<string, number>): number[] | null {
  const ids: number[] = [];
  for (const code of codes) {
    const id = found.get(code);
    if (id === undefined) return null;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Makes the collection hold the rows with these ids (loading it first); one that holds them already is left untouched. */
export async function replaceItems<T extends object>(collection: Collection<T>, ids: readonly number[], reference: (id: number) => T, idOf: (item: T) => number): Promise<void> {
  if (!collection.isInitialized()) await collection.init();
  const current = collection.getItems().map(idOf);
  if (current.length === ids.length && ids.every((id) => current.includes(id))) return;
  collection.set(ids.map(reference));
}
