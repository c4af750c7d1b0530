import type { AdjustmentType, EngineAdjustment } from './types';

export const ADJUSTMENT = {
  ORDER_PROMOTION: 'order_promotion',
  ORDER_UNIT_PROMOTION: 'order_unit_promotion',
  ORDER_ITEM_PROMOTION: 'order_item_promotion',
  ORDER_SHIPPING_PROMOTION: 'order_shipping_promotion',
  SHIPPING: 'shipping',
  TAX: 'tax',
} as const satisfies Record<string, AdjustmentType>;

export function createAdjustment(
  type: AdjustmentType,
  label: string,
  amount: number,
  options: { neutral?: boolean; originCode?: string | null } = {},
): EngineAdjustment {
  return { type, label, amount, neutral: options.neutral ?? false, originCode: options.originCode ?? null };
}

/** Sum of the non-neutral adjustments, optionally restricted to some types. */
export function sumCountedAdjustments(
  adjustments: readonly EngineAdjustment[],
  types?: readonly AdjustmentType[],
): number {
  let sum = 0;
  for (const adjustment of adjustments) {
    if (!adjustment.neutral && (types === undefined || types.includes(adjustment.type))) {
      sum += adjustment.amount;
    }
  }
  return sum;
}

/** Sum of every adjustment of the given type, neutral ones included. */
export function sumAllAdjustmentsOfType(adjustments: readonly EngineAdjustment[], type: AdjustmentType): number {
  let sum = 0;
  for (const adjustment of adjustments) {
    if (adjustment.type === type) {
      sum += adjustment.amount;
    }
  }
  return sum;
}
