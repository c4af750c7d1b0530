import { calculateShippingCharge, supportedShippingMethods, type ShipmentSubject } from '../pricing/engine/shipping';
import { createZoneLookup, type EngineShippingMethod } from '../pricing/engine';
import type { OrderForProcessing } from '../pricing/order-processor';

/** The order's shipment as the engine sees it: it holds every unit of the order. */
function shipmentOf(order: OrderForProcessing): ShipmentSubject {
  const variants = [...new Map(order.input.items.map((item) => [item.variant.code, item.variant])).values()];
  return { variants, unitCount: order.input.items.reduce((sum, item) => sum + item.quantity, 0) };
}

/**
 * The methods the order's shipment may use, by the same rules as the totals engine: once addressed,
 * the channel's enabled methods for the address's zones, by position; before, every enabled method.
 */
export function shippingChoices(order: OrderForProcessing): EngineShippingMethod[] {
  const { input, shop } = order;
  return supportedShippingMethods({ methods: shop.shippingMethods, zones: createZoneLookup(shop.zones), channel: input.channel, address: input.shippingAddress, shipment: shipmentOf(order) });
}

/** What the method charges for the order's shipment (throws the engine's error when it has no amount for the channel). */
export const shippingPrice = (order: OrderForProcessing, method: EngineShippingMethod): number => calculateShippingCharge(method, order.input.channel, shipmentOf(order));
