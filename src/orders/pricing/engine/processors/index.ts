import type { ProcessingContext, WorkingOrder } from '../working-order';
import { processPayment } from './payment-processor';
import { processPrices } from './prices-processor';
import { processPromotions } from './promotions-processor';
import { processShipment } from './shipment-processor';
import { processShippingCharges } from './shipping-charges-processor';
import { processTaxes } from './taxes-processor';

export type OrderProcessor = (order: WorkingOrder, context: ProcessingContext) => void;

/**
 * The chain, in running order. Clearing is implicit: every run starts from a fresh working order with
 * no adjustments, which is what makes processing idempotent.
 */
export const ORDER_PROCESSORS: readonly OrderProcessor[] = [
  processShipment,
  processPrices,
  processShippingCharges,
  processPromotions,
  processTaxes,
  processPayment,
];

export {
  processPayment,
  processPrices,
  processShipment,
  processShippingCharges,
  processTaxes,
};
