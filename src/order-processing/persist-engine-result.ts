import type { EntityManager } from '@mikro-orm/postgresql';
import type { EngineAdjustment, EngineResult } from './engine';
import type { LoadedOrder } from './load-order-input';
import { idList, query } from './sql';

type Owner = { column: 'order_id' | 'order_item_id' | 'order_item_unit_id'; id: number };

/** `(?, ?, ...), (...)` placeholders for a multi-row VALUES list. */
function rows(count: number, width: number): string {
  const row = `(${new Array(width).fill('?').join(', ')})`;
  return new Array(count).fill(row).join(', ');
}

/**
 * Writes an engine result back in a fixed number of statements: adjustments replaced, unit, item and
 * order totals updated, applied promotions, the shipment and the cart payment synchronised.
 */
export async function persistEngineResult(em: EntityManager, loaded: LoadedOrder, result: EngineResult): Promise<void> {
  const { orderId } = loaded;
  const itemIds = [...loaded.unitIds.keys()];
  const allUnitIds = [...loaded.unitIds.values()].flat();

  await query(
    em,
    `delete from adjustment where order_id = ? or order_item_id in (?) or order_item_unit_id in (?)`,
    [orderId, idList(itemIds), idList(allUnitIds)],
  );

  const adjustments: Array<{ owner: Owner; adjustment: EngineAdjustment }> = [];
  const unitTotals: Array<[number, number]> = [];
  for (const item of result.items) {
    const itemId = item.key as number;
    const unitIds = loaded.unitIds.get(itemId) ?? [];
    if (unitIds.length !== item.units.length) throw new Error(`Item ${itemId} has ${unitIds.length} units, the engine made ${item.units.length}`);
    for (const adjustment of item.adjustments) adjustments.push({ owner: { column: 'order_item_id', id: itemId }, adjustment });
    item.units.forEach((unit, index) => {
      unitTotals.push([unitIds[index], unit.adjustmentsTotal]);
      for (const adjustment of unit.adjustments) adjustments.push({ owner: { column: 'order_item_unit_id', id: unitIds[index] }, adjustment });
    });
  }
  for (const adjustment of result.adjustments) adjustments.push({ owner: { column: 'order_id', id: orderId }, adjustment });

  if (adjustments.length > 0) {
    await query(
      em,
      `insert into adjustment (order_id, order_item_id, order_item_unit_id, type, label, amount, neutral, locked, origin_code) values ${rows(adjustments.length, 9)}`,
      adjustments.flatMap(({ owner, adjustment: a }) => [
        owner.column === 'order_id' ? owner.id : null,
        owner.column === 'order_item_id' ? owner.id : null,
        owner.column === 'order_item_unit_id' ? owner.id : null,
        a.type, a.label, a.amount, a.neutral, false, a.originCode,
      ]),
    );
  }
  if (unitTotals.length > 0) {
    await query(
      em,
      `update order_item_unit u set adjustments_total = v.total::int from (values ${rows(unitTotals.length, 2)}) as v(id, total) where u.id = v.id::int`,
      unitTotals.flat(),
    );
  }
  if (result.items.length > 0) {
    await query(
      em,
      `update order_item i set unit_price = v.unit_price::int, units_total = v.units_total::int, adjustments_total = v.adjustments_total::int, total = v.total::int
         from (values ${rows(result.items.length, 5)}) as v(id, unit_price, units_total, adjustments_total, total) where i.id = v.id::int`,
      result.items.flatMap((i) => [i.key, i.unitPrice, i.unitsTotal, i.adjustmentsTotal, i.total]),
    );
  }

  await syncPromotions(em, orderId, result.appliedPromotionCodes);
  await syncShipment(em, loaded, result, allUnitIds);
  await syncCartPayment(em, loaded, result);

  await query(em, `update orders set items_total = ?, adjustments_total = ?, total = ?, updated_at = now() where id = ?`, [
    result.itemsTotal, result.adjustmentsTotal, result.total, orderId,
  ]);
}

async function syncPromotions(em: EntityManager, orderId: number, codes: string[]): Promise<void> {
  await query(em, 'delete from order_promotion where order_id = ?', [orderId]);
  if (codes.length > 0) {
    await query(em, `insert into order_promotion (order_id, promotion_id) select ?, id from promotion where code in (?)`, [orderId, codes]);
  }
}

async function syncShipment(em: EntityManager, loaded: LoadedOrder, result: EngineResult, unitIds: number[]): Promise<void> {
  if (!result.shipment) {
    if (loaded.shipmentId !== null) await query(em, 'delete from shipment where order_id = ?', [loaded.orderId]);
    return;
  }
  let shipmentId = loaded.shipmentId;
  if (shipmentId === null) {
    const [created] = await query<{ id: number }>(
      em,
      `insert into shipment (order_id, method_id, state, created_at, updated_at)
       select ?, id, 'cart', now(), now() from shipping_method where code = ? returning id`,
      [loaded.orderId, result.shipment.methodCode],
    );
    shipmentId = created.id;
  } else {
    await query(em, `update shipment set method_id = (select id from shipping_method where code = ?), updated_at = now() where id = ?`, [
      result.shipment.methodCode, shipmentId,
    ]);
  }
  // The shipment holds every unit of the order.
  if (unitIds.length > 0) await query(em, 'update order_item_unit set shipment_id = ? where id in (?)', [shipmentId, unitIds]);
}

async function syncCartPayment(em: EntityManager, loaded: LoadedOrder, result: EngineResult): Promise<void> {
  if (!result.payment) {
    await query(em, `delete from payment where order_id = ? and state = 'cart'`, [loaded.orderId]);
    return;
  }
  const { methodCode, amount, currencyCode } = result.payment;
  if (loaded.cartPaymentId !== null) {
    await query(em, `update payment set amount = ?, currency_code = ?, method_id = (select id from payment_method where code = ?), updated_at = now() where id = ?`, [
      amount, currencyCode, methodCode, loaded.cartPaymentId,
    ]);
  } else {
    await query(
      em,
      `insert into payment (order_id, method_id, currency_code, amount, state, created_at, updated_at)
       values (?, (select id from payment_method where code = ?), ?, ?, 'cart', now(), now())`,
      [loaded.orderId, methodCode, currencyCode, amount],
    );
  }
}
