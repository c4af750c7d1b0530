import { links } from '../common/links';
import type { ShipmentDetail, ShippingMethodDetail } from './queries/shipment.read-model';

/** The exposed fields of a shipping method (a read model's or a loaded entity with its zone): `id, code, enabled` and links to its zone and itself. */
export function serializeShippingMethod(row: ShippingMethodDetail) {
  return {
    id: row.id,
    code: row.code,
    enabled: row.enabled,
    _links: { zone: { href: links.zone(row.zone.code) }, self: { href: links.shippingMethod(row.code) } },
  };
}

/**
 * A shipment, with links to its order, itself and its method. The method link is there under both
 * names: `shipping-method` as the reference serializer writes it and `method` as our own contract does.
 */
export function serializeShipment(row: ShipmentDetail) {
  return {
    id: row.id,
    state: row.state,
    method: serializeShippingMethod(row.method),
    ...(row.tracking !== null && { tracking: row.tracking }),
    _links: {
      order: { href: links.order(row.order.id) },
      self: { href: links.shipment(row.id) },
      'shipping-method': { href: links.shippingMethod(row.method.code) },
      method: { href: links.shippingMethod(row.method.code) },
    },
  };
}
