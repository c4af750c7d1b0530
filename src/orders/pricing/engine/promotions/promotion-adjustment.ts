import { createAdjustment } from '../adjustments';
import type { AdjustmentType, EngineAdjustment, EnginePromotion } from '../types';

/** Every promotion adjustment is labelled with the promotion's name and points back at its code. */
export function promotionAdjustment(type: AdjustmentType, promotion: EnginePromotion, amount: number): EngineAdjustment {
  return createAdjustment(type, promotion.name, amount, { originCode: promotion.code });
}
