import { ADJUSTMENT, createAdjustment } from '../adjustments';
import { calculateShippingCharge } from '../shipping';
import type { EngineShippingMethod, EngineShop } from '../types';
import type { ProcessingContext, WorkingOrder } from '../working-order';
import { shipmentSubject } from './shipment-processor';

export function findShippingMethod(shop: EngineShop, code: string | null): EngineShippingMethod | null {
  return code === null ? null : (shop.shippingMethods.find((method) => method.code === code) ?? null);
}

/**
 * Charges the shipment as an order-level `shipping` adjustment labelled with the method name, even when
 * the charge is 0. A shipment whose method is not in the shop configuration is not charged.
 */
export function processShippingCharges(order: WorkingOrder, { shop }: ProcessingContext): void {
  const method = findShippingMethod(shop, order.shipmentMethodCode);
  if (method === null) {
    return;
  }
  const charge = calculateShippingCharge(method, order.source.channel, shipmentSubject(order));
  order.adjustments.push(createAdjustment(ADJUSTMENT.SHIPPING, method.name, charge));
}
