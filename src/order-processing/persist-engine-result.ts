import type { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared, preparedStatement } from '../database/prepared-statements';
import type { EngineAdjustment, EngineResult } from './engine';
import type { LoadedOrder } from './load-order-input';

/** An adjustment as stored: its new id, its owner and what the engine made. */
export interface PersistedAdjustment {
  id: number;
  owner: 'order_id' | 'order_item_id' | 'order_item_unit_id';
  ownerId: number;
  adjustment: EngineAdjustment;
}

/** The engine result as the persist statement reads it (one JSON document). */
interface PersistDocument {
  adjustments: Array<{
    order_id: number | null;
    order_item_id: number | null;
    order_item_unit_id: number | null;
    type: string;
    label: string;
    amount: number;
    neutral: boolean;
    origin_code: string | null;
  }>;
  /** Units whose adjustments total or shipment changes. */
  units: Array<{ id: number; total: number }>;
  /** Items whose prices or totals change. */
  items: Array<{ id: number; unit_price: number; units_total: number; adjustments_total: number; total: number }>;
  promotion_codes: string[];
  /** update: keep shipment `shipment_id` with this method; insert: create one; delete: remove the order's; none: nothing. */
  shipment_mode: 'update' | 'insert' | 'delete' | 'none';
  shipment_id: number | null;
  shipment_method_code: string | null;
  /** update: the cart payment `payment_id`; insert: create the cart payment; delete: remove cart payments. */
  payment_mode: 'update' | 'insert' | 'delete';
  payment_id: number | null;
  payment_method_code: string | null;
  payment_amount: number | null;
  payment_currency_code: string | null;
  items_total: number;
  adjustments_total: number;
  total: number;
  set_coupon: boolean;
  coupon_id: number | null;
}

/**
 * Writes an engine result back in one statement whatever the size of the order: adjustments replaced
 * (deleted, then inserted with ids drawn in the engine's order, as a multi-row insert would; the ids are
 * returned in document order), unit and item totals where they change (the input says what is stored), order totals,
 * applied promotions synchronised, the shipment and the cart payment updated, created or removed, and
 * (when the input changed it) the order's coupon. Every row is written by exactly one part of it.
 * Parameters: order id, item ids, unit ids (for the index lookups of the old adjustments), the document.
 */
const PERSIST_ENGINE_RESULT = preparedStatement(
  'persist_engine_result',
  ['int', 'int[]', 'int[]', 'jsonb'],
  `with params as (select ?::int as order_id, ?::int[] as item_ids, ?::int[] as unit_ids, ?::jsonb as doc),
   removed_adjustments as (
     delete from adjustment
      where order_id = (select order_id from params)
         or order_item_id = any ((select item_ids from params)::int[])
         or order_item_unit_id = any ((select unit_ids from params)::int[])
   ),
   new_adjustment_ids as (
     select nextval('adjustment_id_seq') as id, position
       from params, generate_series(1, jsonb_array_length(params.doc->'adjustments')) as position
   ),
   added_adjustments as (
     insert into adjustment (id, order_id, order_item_id, order_item_unit_id, type, label, amount, neutral, locked, origin_code)
     select new_adjustment_ids.id, a.order_id, a.order_item_id, a.order_item_unit_id, a.type, a.label, a.amount, a.neutral, false, a.origin_code
       from params,
            rows from (jsonb_to_recordset(params.doc->'adjustments')
                         as (order_id int, order_item_id int, order_item_unit_id int, type text, label text, amount int, neutral boolean, origin_code text))
              with ordinality as a(order_id, order_item_id, order_item_unit_id, type, label, amount, neutral, origin_code, position)
       join new_adjustment_ids on new_adjustment_ids.position = a.position
   ),
   updated_shipment as (
     update shipment
        set method_id = (select sm.id from shipping_method sm, params where sm.code = params.doc->>'shipment_method_code'), updated_at = now()
       from params
      where params.doc->>'shipment_mode' = 'update' and shipment.id = (params.doc->>'shipment_id')::int
   ),
   created_shipment as (
     insert into shipment (order_id, method_id, state, created_at, updated_at)
     select params.order_id, sm.id, 'cart', now(), now()
       from params join shipping_method sm on sm.code = params.doc->>'shipment_method_code'
      where params.doc->>'shipment_mode' = 'insert'
     returning id
   ),
   removed_shipments as (
     delete from shipment using params where params.doc->>'shipment_mode' = 'delete' and shipment.order_id = params.order_id
   ),
   updated_units as (
     update order_item_unit u
        set adjustments_total = x.total,
            shipment_id = case params.doc->>'shipment_mode'
                            when 'update' then (params.doc->>'shipment_id')::int
                            when 'insert' then (select id from created_shipment)
                            when 'delete' then null
                            else u.shipment_id
                          end
       from params, jsonb_to_recordset(params.doc->'units') as x(id int, total int)
      where u.id = x.id
   ),
   updated_items as (
     update order_item i
        set unit_price = x.unit_price, units_total = x.units_total, adjustments_total = x.adjustments_total, total = x.total
       from params, jsonb_to_recordset(params.doc->'items') as x(id int, unit_price int, units_total int, adjustments_total int, total int)
      where i.id = x.id
   ),
   applied_promotions as (
     select p.id from promotion p, params where p.code in (select jsonb_array_elements_text(params.doc->'promotion_codes'))
   ),
   removed_promotions as (
     delete from order_promotion op using params
      where op.order_id = params.order_id and op.promotion_id not in (select id from applied_promotions)
   ),
   added_promotions as (
     insert into order_promotion (order_id, promotion_id)
     select params.order_id, applied_promotions.id from params, applied_promotions
     on conflict do nothing
   ),
   updated_payment as (
     update payment
        set amount = (params.doc->>'payment_amount')::int, currency_code = params.doc->>'payment_currency_code',
            method_id = (select pm.id from payment_method pm where pm.code = params.doc->>'payment_method_code'), updated_at = now()
       from params
      where params.doc->>'payment_mode' = 'update' and payment.id = (params.doc->>'payment_id')::int
   ),
   created_payment as (
     insert into payment (order_id, method_id, currency_code, amount, state, created_at, updated_at)
     select params.order_id, (select pm.id from payment_method pm where pm.code = params.doc->>'payment_method_code'),
            params.doc->>'payment_currency_code', (params.doc->>'payment_amount')::int, 'cart', now(), now()
       from params
      where params.doc->>'payment_mode' = 'insert'
   ),
   removed_payments as (
     delete from payment using params
      where params.doc->>'payment_mode' = 'delete' and payment.order_id = params.order_id and payment.state = 'cart'
   ),
   updated_order as (
     update orders
        set items_total = (params.doc->>'items_total')::int, adjustments_total = (params.doc->>'adjustments_total')::int,
            total = (params.doc->>'total')::int, updated_at = now(),
            promotion_coupon_id = case when (params.doc->>'set_coupon')::boolean then (params.doc->>'coupon_id')::int else orders.promotion_coupon_id end
       from params
      where orders.id = params.order_id
   )
   select coalesce((select json_agg(id order by position) from new_adjustment_ids), '[]'::json) as adjustment_ids`,
);

function adjustmentRow(owner: 'order_id' | 'order_item_id' | 'order_item_unit_id', id: number, a: EngineAdjustment): PersistDocument['adjustments'][number] {
  return {
    order_id: owner === 'order_id' ? id : null,
    order_item_id: owner === 'order_item_id' ? id : null,
    order_item_unit_id: owner === 'order_item_unit_id' ? id : null,
    type: a.type,
    label: a.label,
    amount: a.amount,
    neutral: a.neutral,
    origin_code: a.originCode,
  };
}

const pgIntArray = (ids: number[]): string => `{${ids.join(',')}}`;

/**
 * Writes an engine result back in one statement (see PERSIST_ENGINE_RESULT): adjustments replaced, unit,
 * item and order totals updated, applied promotions, the shipment and the cart payment synchronised, and
 * the coupon stored when `loaded.couponChange` says so. Answers the stored adjustments with their ids.
 */
export async function persistEngineResult(em: EntityManager, loaded: LoadedOrder, result: EngineResult): Promise<PersistedAdjustment[]> {
  const { orderId } = loaded;
  const itemIds = [...loaded.unitIds.keys()];
  const allUnitIds = [...loaded.unitIds.values()].flat();

  const shipmentMode: PersistDocument['shipment_mode'] = result.shipment
    ? loaded.shipmentId !== null
      ? 'update'
      : 'insert'
    : loaded.shipmentId !== null
      ? 'delete'
      : 'none';
  // The unit's shipment after this write; undefined: a shipment created by it (every unit changes).
  const shipmentOfUnits = (current: number | null): number | null | undefined =>
    shipmentMode === 'update' ? loaded.shipmentId : shipmentMode === 'insert' ? undefined : shipmentMode === 'delete' ? null : current;

  const stored: Array<Omit<PersistedAdjustment, 'id'>> = [];
  const units: PersistDocument['units'] = [];
  const items: PersistDocument['items'] = [];
  for (const item of result.items) {
    const itemId = item.key as number;
    const unitIds = loaded.unitIds.get(itemId) ?? [];
    if (unitIds.length !== item.units.length) throw new Error(`Item ${itemId} has ${unitIds.length} units, the engine made ${item.units.length}`);
    for (const adjustment of item.adjustments) stored.push({ owner: 'order_item_id', ownerId: itemId, adjustment });
    item.units.forEach((unit, index) => {
      const id = unitIds[index];
      const before = loaded.storedUnits.get(id);
      if (before === undefined || before.adjustmentsTotal !== unit.adjustmentsTotal || before.shipmentId !== shipmentOfUnits(before.shipmentId)) {
        units.push({ id, total: unit.adjustmentsTotal });
      }
      for (const adjustment of unit.adjustments) stored.push({ owner: 'order_item_unit_id', ownerId: id, adjustment });
    });
    const before = loaded.storedItems.get(itemId);
    if (
      before === undefined ||
      before.unitPrice !== item.unitPrice ||
      before.unitsTotal !== item.unitsTotal ||
      before.adjustmentsTotal !== item.adjustmentsTotal ||
      before.total !== item.total
    ) {
      items.push({ id: itemId, unit_price: item.unitPrice, units_total: item.unitsTotal, adjustments_total: item.adjustmentsTotal, total: item.total });
    }
  }
  for (const adjustment of result.adjustments) stored.push({ owner: 'order_id', ownerId: orderId, adjustment });
  const adjustments = stored.map(({ owner, ownerId, adjustment }) => adjustmentRow(owner, ownerId, adjustment));

  const document: PersistDocument = {
    adjustments,
    units,
    items,
    promotion_codes: result.appliedPromotionCodes,
    shipment_mode: shipmentMode,
    shipment_id: loaded.shipmentId,
    shipment_method_code: result.shipment?.methodCode ?? null,
    payment_mode: result.payment ? (loaded.cartPaymentId !== null ? 'update' : 'insert') : 'delete',
    payment_id: loaded.cartPaymentId,
    payment_method_code: result.payment?.methodCode ?? null,
    payment_amount: result.payment?.amount ?? null,
    payment_currency_code: result.payment?.currencyCode ?? null,
    items_total: result.itemsTotal,
    adjustments_total: result.adjustmentsTotal,
    total: result.total,
    set_coupon: loaded.couponChange !== null,
    coupon_id: loaded.couponChange?.couponId ?? null,
  };
  const [{ adjustment_ids: ids }] = await executePrepared<{ adjustment_ids: number[] }>(em, PERSIST_ENGINE_RESULT, [
    orderId, pgIntArray(itemIds), pgIntArray(allUnitIds), document,
  ]);
  if (ids.length !== stored.length) throw new Error(`Stored ${ids.length} adjustments of ${stored.length}`);
  return stored.map((entry, index) => ({ id: ids[index], ...entry }));
}
