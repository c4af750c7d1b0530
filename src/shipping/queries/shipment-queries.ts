import type { EntityManager } from '@mikro-orm/postgresql';
import { shipmentJson, shippingMethodJson, type ShipmentJson, type ShippingMethodJson } from './shipment-sql';

/** A shipment with its method, in one statement. */
export async function findShipment(em: EntityManager, id: number): Promise<ShipmentJson | null> {
  const [row] = await em.execute<Array<{ shipment: ShipmentJson }>>(`select ${shipmentJson('s')} as shipment from shipment s where s.id = ?`, [id]);
  return row?.shipment ?? null;
}

/** A shipping method by code, in one statement. */
export async function findShippingMethod(em: EntityManager, code: string): Promise<ShippingMethodJson | null> {
  const [row] = await em.execute<Array<{ method: ShippingMethodJson }>>(
    `select ${shippingMethodJson('m')} as method from shipping_method m where m.code = ?`,
    [code],
  );
  return row?.method ?? null;
}
