import { links } from '../common/links';
import type { Shipment } from './entities/shipment.entity';
import type { ShippingMethod } from './entities/shipping-method.entity';
import type { ShipmentJson, ShippingMethodJson } from './queries/shipment-sql';

/** The exposed fields of a shipping method: `id, code, enabled` and links to its zone and itself. */
export function serializeShippingMethod(row: ShippingMethodJson) {
  return {
    id: row.id,
    code: row.code,
    enabled: row.enabled,
    _links: { zone: { href: links.zone(row.zone_code) }, self: { href: links.shippingMethod(row.code) } },
  };
}

/**
 * A shipment, with links to its order, itself and its method. The method link is there under both
 * names: `shipping-method` as the reference serializer writes it and `method` as our own contract does.
 */
export function serializeShipment(row: ShipmentJson) {
  return {
    id: row.id,
    state: row.state,
    method: serializeShippingMethod(row.method),
    ...(row.tracking !== null && { tracking: row.tracking }),
    _links: {
      order: { href: links.order(row.order_id) },
      self: { href: links.shipment(row.id) },
      'shipping-method': { href: links.shippingMethod(row.method.code) },
      method: { href: links.shippingMethod(row.method.code) },
    },
  };
}

/** A shipping method loaded with its zone, in the form the serializer reads. */
export const shippingMethodRow = (method: ShippingMethod): ShippingMethodJson => ({
  id: method.id,
  code: method.code,
  enabled: method.enabled,
  zone_code: method.zone.code,
});

/** A shipment loaded with its method and the method's zone, in the form the serializer reads. */
export const shipmentRow = (shipment: Shipment): ShipmentJson => ({
  id: shipment.id,
  order_id: shipment.order.id,
  state: shipment.state,
  tracking: shipment.tracking,
  method: shippingMethodRow(shipment.method),
});
