import type { EntityManager } from '@mikro-orm/postgresql';

/** One `order_item_unit` row per piece: adds `count` new units to the line. */
export async function addUnits(tx: EntityManager, itemId: number, count: number): Promise<void> {
  if (count <= 0) return;
  await tx.execute('insert into order_item_unit (order_item_id, adjustments_total) select ?, 0 from generate_series(1, ?)', [itemId, count]);
}

/** Removes the line's `count` oldest units (their adjustments go with them). */
export async function removeOldestUnits(tx: EntityManager, itemId: number, count: number): Promise<void> {
  if (count <= 0) return;
  await tx.execute(
    'delete from order_item_unit where id in (select id from order_item_unit where order_item_id = ? order by id limit ?)',
    [itemId, count],
  );
}
