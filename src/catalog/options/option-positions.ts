import type { EntityManager } from '@mikro-orm/postgresql';

interface PositionRow {
  id: number;
  code: string;
  position: number;
}

/**
 * The options as one ordered list, every row locked FOR NO KEY UPDATE in id order (positions change;
 * products may still name the options meanwhile): by position, then id.
 */
export async function lockOptionOrder(tx: EntityManager): Promise<PositionRow[]> {
  const rows = await tx.execute<PositionRow[]>('select id, code, position from product_option order by id for no key update');
  return rows.sort((a, b) => a.position - b.position || a.id - b.id);
}

/** Where an option goes when asked for `wanted` among `count` places: that index, at most the last. */
export const clampedPosition = (wanted: number, count: number): number => Math.max(0, Math.min(wanted, count - 1));

/**
 * Writes positions 0, 1, 2… following `order` (the list after the move, insert or delete), touching only
 * the rows whose position changes; `null` is the place of the option being written, whose entity takes
 * its own position.
 */
export async function renumber(tx: EntityManager, rows: readonly PositionRow[], order: ReadonlyArray<number | null>): Promise<void> {
  const before = new Map(rows.map((row) => [row.id, row.position]));
  for (const [index, id] of order.entries()) {
    if (id !== null && before.get(id) !== index) await tx.execute('update product_option set position = ? where id = ?', [index, id]);
  }
}
