import { calculateShippingCharge, supportedShippingMethods, type ShipmentSubject } from '../pricing/engine/shipping';
import { createZoneLookup, type EngineShippingMethod } from '../pricing/engine';
import type { OrderAggregate } from '../domain/order-aggregate';
import { engineInputOf, shopOf } from '../pricing/pricing';

export interface ShippingChoice {
  method: EngineShippingMethod;
  /** What the method charges for the order's shipment (throws the engine's error when it has no amount for the channel). */
  price(): number;
}

/**
 * The methods the order's shipment may use, by the same rules as the totals engine: once addressed,
 * the channel's enabled methods for the address's zones, by position; before, every enabled method.
 * The shipment holds every unit of the order.
 */
export function shippingChoices(order: OrderAggregate): ShippingChoice[] {
  const input = engineInputOf(order);
  const shop = shopOf(order);
  const variants = [...new Map(input.items.map((item) => [item.variant.code, item.variant])).values()];
  const shipment: ShipmentSubject = { variants, unitCount: input.items.reduce((sum, item) => sum + item.quantity, 0) };
  const methods = supportedShippingMethods({ methods: shop.shippingMethods, zones: createZoneLookup(shop.zones), channel: input.channel, address: input.shippingAddress, shipment });
  return methods.map((method) => ({ method, price: () => calculateShippingCharge(method, input.channel, shipment) }));
}
