import type { EntityClass, FindOptions } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** An entity whose `position` is its index in one ordered list. */
export interface Positioned {
  position: number;
}

/**
 * A list kept this way: its table (named here in the code, never taken from a request) and its entity.
 * Product options and product attributes each form one.
 */
export interface OrderedList<T extends Positioned & { id: number }> {
  table: 'product_option' | 'product_attribute';
  entity: EntityClass<T>;
}

/**
 * The lock every create, change and delete of the list's items takes first (src/database/lock-order.ts).
 * SHARE ROW EXCLUSIVE conflicts with itself, so these writes take turns, and it covers rows not there yet,
 * which row locks cannot: a locking read misses a row another create commits while it waits, so two
 * creates would take the same position. It does not conflict with reads (ACCESS SHARE) nor with the
 * key-share locks of writes that name the items (ROW SHARE), and renumbering updates no key column, so
 * those key-share locks never hold it up either.
 */
export async function lockList(tx: EntityManager, list: OrderedList<Positioned & { id: number }>): Promise<void> {
  await tx.execute(`lock table "${list.table}" in share row exclusive mode`);
}

/** Every item of the list in its order (position, then creation); read under lockList. */
export function itemsInOrder<T extends Positioned & { id: number }>(tx: EntityManager, list: OrderedList<T>): Promise<T[]> {
  // OrderDefinition<T> cannot see `position` and `id` through a type parameter.
  const options = { orderBy: { position: 'asc', id: 'asc' } } as unknown as FindOptions<T>;
  return tx.find(list.entity, {}, options);
}

/** Sets each item's position to its index, touching only those that change. */
function renumber(items: readonly Positioned[]): void {
  items.forEach((item, index) => {
    if (item.position !== index) item.position = index;
  });
}

/**
 * Puts `item` at `position` among `others` (the list without it, in order); `null` or a position past the
 * end is the end. The others keep their order around it, and every position becomes an index again.
 */
export function placeAt<T extends Positioned>(others: readonly T[], item: T, position: number | null): void {
  const index = position === null ? others.length : Math.min(Math.max(position, 0), others.length);
  renumber([...others.slice(0, index), item, ...others.slice(index)]);
}

/** Renumbers the list once an item has left it (`remaining` in order). */
export function closeGap(remaining: readonly Positioned[]): void {
  renumber(remaining);
}
