import { resolveShipmentMethodCode, type ShipmentSubject } from '../shipping';
import type { EngineVariant } from '../types';
import { totalQuantity, type ProcessingContext, type WorkingOrder } from '../working-order';

/** The shipment holds every unit of the order, including units of variants that need no shipping. */
export function shipmentSubject(order: WorkingOrder): ShipmentSubject {
  const variantsByCode = new Map<string, EngineVariant>();
  for (const item of order.items) {
    const variant = item.source.variant;
    if (!variantsByCode.has(variant.code)) {
      variantsByCode.set(variant.code, variant);
    }
  }
  return { variants: [...variantsByCode.values()], unitCount: totalQuantity(order) };
}

/** Decides whether the order has a shipment and with which method. */
export function processShipment(order: WorkingOrder, { shop, zones }: ProcessingContext): void {
  order.shipmentMethodCode = null;
  if (!order.items.some((item) => item.source.variant.shippingRequired)) {
    return;
  }
  order.shipmentMethodCode = resolveShipmentMethodCode(
    {
      methods: shop.shippingMethods,
      zones,
      channel: order.source.channel,
      address: order.source.shippingAddress,
      shipment: shipmentSubject(order),
    },
    order.source.currentShipmentMethodCode,
  );
}
