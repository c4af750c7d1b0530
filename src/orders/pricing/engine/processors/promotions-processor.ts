import { applyPromotions } from '../promotions/apply-promotions';
import type { ProcessingContext, WorkingOrder } from '../working-order';

export function processPromotions(order: WorkingOrder, { shop, now }: ProcessingContext): void {
  applyPromotions(order, shop, now);
}
