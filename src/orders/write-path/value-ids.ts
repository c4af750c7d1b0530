import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderItem } from '../domain/order-item.entity';
import type { Order } from '../domain/order.entity';
import { UNASSIGNED_ID, VALUE_ID_SEQUENCES, type LineUnit, type StoredAdjustment } from '../domain/order-values';

/** Both sequences in one round trip: as many ids of each as asked for. */
const NEXT_IDS = `
  select array(select nextval('${VALUE_ID_SEQUENCES.unit}')::int from generate_series(1, ?::int)) as units,
         array(select nextval('${VALUE_ID_SEQUENCES.adjustment}')::int from generate_series(1, ?::int)) as adjustments`;

const unassigned = (value: { id: number }): boolean => value.id === UNASSIGNED_ID;

/**
 * Gives the units and adjustments the command made (see UNASSIGNED_ID) their ids from the database's
 * sequences, before the flush writes them: one statement, none when the command made no value. Values
 * are replaced, not changed in place, so the flush sees every line and order whose values changed.
 */
export async function assignValueIds(tx: EntityManager, order: Order, items: readonly OrderItem[]): Promise<void> {
  const adjustmentLists = [order.adjustments, ...items.flatMap((item) => [item.adjustments, ...item.units.map((unit) => unit.adjustments)])];
  const newUnits = items.reduce((sum, item) => sum + item.units.filter(unassigned).length, 0);
  const newAdjustments = adjustmentLists.reduce((sum, list) => sum + list.filter(unassigned).length, 0);
  if (newUnits === 0 && newAdjustments === 0) return;

  const [ids] = await tx.execute<Array<{ units: number[]; adjustments: number[] }>>(NEXT_IDS, [newUnits, newAdjustments]);
  const unitIds = ids.units.values();
  const adjustmentIds = ids.adjustments.values();
  const withIds = (adjustments: StoredAdjustment[]): StoredAdjustment[] =>
    adjustments.some(unassigned) ? adjustments.map((adjustment) => (unassigned(adjustment) ? { ...adjustment, id: adjustmentIds.next().value as number } : adjustment)) : adjustments;
  const unitWithIds = (unit: LineUnit): LineUnit => {
    const adjustments = withIds(unit.adjustments);
    if (!unassigned(unit) && adjustments === unit.adjustments) return unit;
    return { id: unassigned(unit) ? (unitIds.next().value as number) : unit.id, adjustmentsTotal: unit.adjustmentsTotal, adjustments };
  };

  // In the order pricing makes them: each line's, then its units', then the order's.
  for (const item of items) {
    item.adjustments = withIds(item.adjustments);
    if (item.units.some((unit) => unassigned(unit) || unit.adjustments.some(unassigned))) item.units = item.units.map(unitWithIds);
  }
  order.adjustments = withIds(order.adjustments);
}
