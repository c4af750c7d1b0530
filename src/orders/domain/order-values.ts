/**
 * The values an order keeps as JSON on its own rows: adjustments (on the order, a line or a unit) and a
 * line's units. The totals engine recomputes them as a whole on every change of a cart, so they are
 * written with their owner rather than as rows of their own. Ids come from the database sequences named
 * here (see ValueIds); a value keeps its id as long as pricing leaves it unchanged.
 */

/** A signed amount on an order, a line or a unit. */
export interface StoredAdjustment {
  id: number;
  type: string;
  label: string;
  amount: number;
  /** Taxes included in the price: shown, never counted toward a total. */
  neutral: boolean;
  locked: boolean;
  /** The promotion (or other source) that made it. */
  originCode: string | null;
}

/** One piece of a line: a line of quantity n has n units, oldest first. */
export interface LineUnit {
  id: number;
  adjustmentsTotal: number;
  adjustments: StoredAdjustment[];
}

/** The id of a value made by this command, until the command takes one from its sequence before the flush. */
export const UNASSIGNED_ID = 0;

/** The sequences new ids of these values are taken from. */
export const VALUE_ID_SEQUENCES = { unit: 'order_item_unit_id_seq', adjustment: 'adjustment_id_seq' } as const;

/** Fresh ids from the sequences, handed out in the order they are asked for. */
export interface ValueIds {
  nextUnitId(): number;
  nextAdjustmentId(): number;
}

export const isUnassigned = (value: { id: number }): boolean => value.id === UNASSIGNED_ID;

/**
 * The adjustments with ids for those made by this change, in order; the array itself when none is new,
 * so an owner whose values did not change is left alone by the flush.
 */
export function adjustmentsWithIds(adjustments: StoredAdjustment[], ids: ValueIds): StoredAdjustment[] {
  if (!adjustments.some(isUnassigned)) return adjustments;
  return adjustments.map((adjustment) => (isUnassigned(adjustment) ? { ...adjustment, id: ids.nextAdjustmentId() } : adjustment));
}
