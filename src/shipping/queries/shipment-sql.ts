/** A shipping method with the code of its zone, as one JSON object (see ShippingMethodJson). */
const shippingMethodJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'enabled', ${alias}.enabled,
     'zone_code', (select smz.code from zone smz where smz.id = ${alias}.zone_id))`;

/** A shipment with its method, as one JSON object (see ShipmentJson). */
export const shipmentJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'order_id', ${alias}.order_id, 'state', ${alias}.state, 'tracking', ${alias}.tracking,
     'method', (select ${shippingMethodJson('sm')} from shipping_method sm where sm.id = ${alias}.method_id))`;

/** A shipping method in the form the serializer reads: built in SQL (shippingMethodJson) or from a loaded entity. */
export interface ShippingMethodJson {
  id: number;
  code: string;
  enabled: boolean;
  zone_code: string;
}

/** A shipment in the form the serializer reads: built in SQL (shipmentJson) or from a loaded entity. */
export interface ShipmentJson {
  id: number;
  order_id: number;
  state: string;
  tracking: string | null;
  method: ShippingMethodJson;
}
