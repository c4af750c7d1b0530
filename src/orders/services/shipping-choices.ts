import { calculateShippingCharge, supportedShippingMethods, type ShipmentSubject } from '../pricing/engine/shipping';
import { createZoneLookup, type EngineOrder, type EngineShippingMethod } from '../pricing/engine';
import type { OrderAggregate } from '../domain/order-aggregate';
import { engineInputOf, shopOf } from '../pricing/pricing';

/** The order's shipment as the engine sees it: it holds every unit of the order. */
function shipmentOf(input: EngineOrder): ShipmentSubject {
  const variants = [...new Map(input.items.map((item) => [item.variant.code, item.variant])).values()];
  return { variants, unitCount: input.items.reduce((sum, item) => sum + item.quantity, 0) };
}

/**
 * The methods the order's shipment may use, by the same rules as the totals engine: once addressed,
 * the channel's enabled methods for the address's zones, by position; before, every enabled method.
 */
export function shippingChoices(order: OrderAggregate): EngineShippingMethod[] {
  const input = engineInputOf(order);
  const shop = shopOf(order);
  return supportedShippingMethods({ methods: shop.shippingMethods, zones: createZoneLookup(shop.zones), channel: input.channel, address: input.shippingAddress, shipment: shipmentOf(input) });
}

/** What the method charges for the order's shipment (throws the engine's error when it has no amount for the channel). */
export function shippingPrice(order: OrderAggregate, method: EngineShippingMethod): number {
  const input = engineInputOf(order);
  return calculateShippingCharge(method, input.channel, shipmentOf(input));
}
