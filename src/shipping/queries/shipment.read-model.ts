import type { ConnectionType, EntityManager } from '@mikro-orm/postgresql';
import { namedRows, namedStatement } from '../../database/named-statements';
import { intArray } from '../../database/int-array';

/**
 * The shipment read model, shaped as the entities are (a shipment loaded with its method and the
 * method's zone fits it too), so one serializer shows both.
 */

export interface ShippingMethodDetail {
  id: number;
  code: string;
  enabled: boolean;
  zone: { code: string };
}

export interface ShipmentDetail {
  id: number;
  order: { id: number };
  state: string;
  tracking: string | null;
  method: ShippingMethodDetail;
}

const SHIPMENTS = namedStatement(
  'shipments_of_orders',
  `
  select sh.id, sh.order_id as "orderId", sh.state, sh.tracking,
         sm.id as "methodId", sm.code as "methodCode", sm.enabled as "methodEnabled", z.code as "zoneCode"
    from shipment sh
    join shipping_method sm on sm.id = sh.method_id
    join zone z on z.id = sm.zone_id
   where sh.order_id = any($1::int[])
   order by sh.id`,
);

interface ShipmentRow {
  id: number;
  orderId: number;
  state: string;
  tracking: string | null;
  methodId: number;
  methodCode: string;
  methodEnabled: boolean;
  zoneCode: string;
}

/** The shipments of these orders, each order's by id, in one statement whatever their number. */
export async function findShipmentsOfOrders(em: EntityManager, orderIds: readonly number[], connectionType: ConnectionType = 'write'): Promise<Map<number, ShipmentDetail[]>> {
  const byOrder = new Map<number, ShipmentDetail[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await namedRows<ShipmentRow>(em, SHIPMENTS, [intArray(orderIds)], connectionType);
  for (const row of rows) {
    const shipment: ShipmentDetail = {
      id: row.id,
      order: { id: row.orderId },
      state: row.state,
      tracking: row.tracking,
      method: { id: row.methodId, code: row.methodCode, enabled: row.methodEnabled, zone: { code: row.zoneCode } },
    };
    byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), shipment]);
  }
  return byOrder;
}
