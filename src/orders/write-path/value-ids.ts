import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderItem } from '../domain/order-item.entity';
import type { Order } from '../domain/order.entity';
import { VALUE_ID_SEQUENCES, type ValueIds } from '../domain/order-values';

/** Both sequences in one round trip: as many ids of each as asked for. */
const NEXT_IDS = `
  select array(select nextval('${VALUE_ID_SEQUENCES.unit}')::int from generate_series(1, ?::int)) as units,
         array(select nextval('${VALUE_ID_SEQUENCES.adjustment}')::int from generate_series(1, ?::int)) as adjustments`;

/**
 * Gives the units and adjustments the command made (see UNASSIGNED_ID) their ids from the database's
 * sequences, before the flush writes them: one statement, none when the command made no value. The ids
 * go in the order pricing makes the values: each line's adjustments, then its units' (new units numbered
 * in line order), then the order's.
 */
export async function assignValueIds(tx: EntityManager, order: Order, items: readonly OrderItem[]): Promise<void> {
  const wanted = items.map((item) => item.countUnassignedValues());
  const newUnits = wanted.reduce((sum, line) => sum + line.units, 0);
  const newAdjustments = wanted.reduce((sum, line) => sum + line.adjustments, order.countUnassignedAdjustments());
  if (newUnits === 0 && newAdjustments === 0) return;

  const [taken] = await tx.execute<Array<{ units: number[]; adjustments: number[] }>>(NEXT_IDS, [newUnits, newAdjustments]);
  const ids = fromSequences(taken.units, taken.adjustments);
  for (const item of items) item.giveValueIds(ids);
  order.giveAdjustmentIds(ids);
}

function fromSequences(unitIds: number[], adjustmentIds: number[]): ValueIds {
  const units = unitIds.values();
  const adjustments = adjustmentIds.values();
  const next = (from: Iterator<number>, what: string): number => {
    const step = from.next();
    if (step.done === true) throw new Error(`More new ${what} than ids taken for them`);
    return step.value;
  };
  return { nextUnitId: () => next(units, 'units'), nextAdjustmentId: () => next(adjustments, 'adjustments') };
}
