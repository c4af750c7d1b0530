import { VALUE_ID_SEQUENCES } from '../../src/orders/domain/order-values';
import { inTransaction, scalar, type Sql } from './sql';

/**
 * Bulk copies of engine-made orders. Clone k (0-based) copies template `templateIds[k % T]` with every row
 * it owns: addresses, items (with their units), shipments, payments, adjustments at all three levels (JSON
 * values of the order, its lines and their units) and applied promotions. New ids are computed, never taken
 * from sequences, so a run is reproducible; the sequences are moved past them afterwards (see `syncSequences`).
 */
export interface CloneSpec {
  templateIds: number[];
  count: number;
  /** Customers get clones round-robin: `customerFirstId + (k % customerCount)`. */
  customerFirstId: number;
  customerCount: number;
  /** The clone k gets order id `orderIdBase + k + 1`. */
  orderIdBase: number;
  /** Clone k's timestamp: `timeBase + k * stepSeconds`; it completes (templates with a completion) at that time. */
  timeBase: Date;
  stepSeconds: number;
  batchSize: number;
  /** Called after each batch with the number of clones written so far. */
  progress?: (done: number) => void;
}

/** The highest unit id and the highest adjustment id in the stored values (0 when there is none). */
const MAX_VALUE_IDS = `
  select (select coalesce(max((u->>'id')::int), 0) from order_item i cross join jsonb_array_elements(i.units) u) as unit,
         greatest((select coalesce(max((a->>'id')::int), 0) from orders o cross join jsonb_array_elements(o.adjustments) a),
                  (select coalesce(max((a->>'id')::int), 0) from order_item i cross join jsonb_array_elements(i.adjustments) a),
                  (select coalesce(max((a->>'id')::int), 0)
                     from order_item i cross join jsonb_array_elements(i.units) u cross join jsonb_array_elements(u->'adjustments') a)) as adjustment`;

async function maxValueIds(sql: Sql): Promise<{ unit: number; adjustment: number }> {
  const [row] = await sql.query<{ unit: number; adjustment: number }>(MAX_VALUE_IDS);
  return { unit: Number(row.unit), adjustment: Number(row.adjustment) };
}

/** A template's adjustment list (`list`) with each id replaced by its position among the template's adjustments. */
const relativeAdjustments = (list: string) =>
  `(select coalesce(jsonb_agg(a || jsonb_build_object('id', ta.idx) order by ta.idx), '[]'::jsonb)
      from jsonb_array_elements(${list}) a join bt_adjustment ta on ta.old_id = (a->>'id')::int)`;

/** A relative list (`list`, see above) with `base` added to every id, in the same order. */
const shiftedIds = (list: string, base: string) =>
  `(select coalesce(jsonb_agg(a || jsonb_build_object('id', ${base} + (a->>'id')::int) order by e.position), '[]'::jsonb)
      from jsonb_array_elements(${list}) with ordinality as e(a, position))`;

async function createTemplateTables(sql: Sql, templateIds: number[]): Promise<void> {
  await sql.query('drop table if exists bt_order, bt_item, bt_unit, bt_shipment, bt_payment, bt_adjustment, bt_values, bt_counts');
  await sql.query(
    `create temp table bt_order as
       select t.id as template_id, (t.position - 1)::int as tidx from unnest($1::int[]) with ordinality as t(id, position)`,
    [templateIds],
  );
  await sql.query(
    `create temp table bt_item as
       select i.order_id as template_id, i.id as old_id, (row_number() over (partition by i.order_id order by i.id))::int as idx
         from order_item i where i.order_id in (select template_id from bt_order)`,
  );
  await sql.query(
    `create temp table bt_unit as
       select ti.template_id, (u->>'id')::int as old_id, (row_number() over (partition by ti.template_id order by (u->>'id')::int))::int as idx
         from bt_item ti join order_item i on i.id = ti.old_id cross join jsonb_array_elements(i.units) u`,
  );
  for (const table of ['shipment', 'payment']) {
    await sql.query(
      `create temp table bt_${table} as
         select s.order_id as template_id, s.id as old_id, (row_number() over (partition by s.order_id order by s.id))::int as idx
           from ${table} s where s.order_id in (select template_id from bt_order)`,
    );
  }
  // Every adjustment of a template (order, lines, units) numbered in id order: a clone's get its base plus that number.
  await sql.query(
    `create temp table bt_adjustment as
       select template_id, old_id, (row_number() over (partition by template_id order by old_id))::int as idx
         from (select o.template_id, (a->>'id')::int as old_id
                 from bt_order o join orders t on t.id = o.template_id cross join jsonb_array_elements(t.adjustments) a
               union all
               select ti.template_id, (a->>'id')::int
                 from bt_item ti join order_item i on i.id = ti.old_id cross join jsonb_array_elements(i.adjustments) a
               union all
               select ti.template_id, (a->>'id')::int
                 from bt_item ti join order_item i on i.id = ti.old_id
                cross join jsonb_array_elements(i.units) u cross join jsonb_array_elements(u->'adjustments') a) x`,
  );
  // The templates' values with relative ids (positions as above), so a clone only adds its bases.
  await sql.query(
    `create temp table bt_values as
       select o.template_id as order_id, null::int as item_id, ${relativeAdjustments('t.adjustments')} as adjustments, null::jsonb as units
         from bt_order o join orders t on t.id = o.template_id
       union all
       select ti.template_id, ti.old_id, ${relativeAdjustments('i.adjustments')},
              (select coalesce(jsonb_agg(u || jsonb_build_object('id', tu.idx, 'adjustments', ${relativeAdjustments("u->'adjustments'")}) order by tu.idx), '[]'::jsonb)
                 from jsonb_array_elements(i.units) u join bt_unit tu on tu.old_id = (u->>'id')::int)
         from bt_item ti join order_item i on i.id = ti.old_id`,
  );
  await sql.query(
    `create temp table bt_counts as
       select o.template_id, o.tidx,
              (select count(*) from bt_item x where x.template_id = o.template_id)::int as items,
              (select count(*) from bt_unit x where x.template_id = o.template_id)::int as units,
              (select count(*) from bt_shipment x where x.template_id = o.template_id)::int as shipments,
              (select count(*) from bt_payment x where x.template_id = o.template_id)::int as payments,
              (select count(*) from bt_adjustment x where x.template_id = o.template_id)::int as adjustments
         from bt_order o`,
  );
}

interface Bases {
  item: number;
  shipment: number;
  payment: number;
  address: number;
}

/** The highest id of each table a clone writes rows to. */
async function readBases(sql: Sql): Promise<Bases> {
  const [row] = await sql.query<Record<keyof Bases, string | number>>(
    `select (select coalesce(max(id), 0) from order_item) as item, (select coalesce(max(id), 0) from shipment) as shipment,
            (select coalesce(max(id), 0) from payment) as payment, (select coalesce(max(id), 0) from address) as address`,
  );
  return { item: Number(row.item), shipment: Number(row.shipment), payment: Number(row.payment), address: Number(row.address) };
}

/**
 * Writes clones `from` to `to - 1`, their units numbered after `valueBases.unit` and their adjustments after
 * `valueBases.adjustment` (values have no table whose highest id could be read cheaply, so the caller counts).
 */
async function cloneBatch(sql: Sql, spec: CloneSpec, from: number, to: number, numberBase: number, valueBases: { unit: number; adjustment: number }): Promise<void> {
  const b = await readBases(sql);
  // The batch plan: one row per clone with its template, customer, order id, timestamp and id offsets.
  await sql.query(
    `create temp table bp on commit drop as
       select k, c.template_id, $3::int + (k % $4::int) as customer_id, $5::int + k + 1 as order_id,
              $6::timestamptz + k * $7::int * interval '1 second' as ts,
              (sum(c.items) over w - c.items)::int as item_off,
              (sum(c.units) over w - c.units)::int as unit_off,
              (sum(c.shipments) over w - c.shipments)::int as ship_off,
              (sum(c.payments) over w - c.payments)::int as pay_off,
              (sum(c.adjustments) over w - c.adjustments)::int as adj_off,
              2 * (k - $1::int) as addr_off
         from generate_series($1::int, $2::int - 1) as k
         join bt_counts c on c.tidx = k % $8::int
       window w as (order by k rows between unbounded preceding and current row)`,
    [from, to, spec.customerFirstId, spec.customerCount, spec.orderIdBase, spec.timeBase.toISOString(), spec.stepSeconds, spec.templateIds.length],
  );
  // An order's addresses carry its customer's name, as a checkout would.
  await sql.query(
    `insert into address (id, customer_id, first_name, last_name, phone_number, company, country_code, province_code, province_name,
                          street, city, postcode, created_at, updated_at)
     select $1::int + p.addr_off + x.slot, null, coalesce(cu.first_name, a.first_name), coalesce(cu.last_name, a.last_name), a.phone_number,
            a.company, a.country_code, a.province_code, a.province_name, a.street, a.city, a.postcode, p.ts, p.ts
       from bp p
       join orders t on t.id = p.template_id
       cross join lateral (values (1, t.shipping_address_id), (2, t.billing_address_id)) as x(slot, address_id)
       join address a on a.id = x.address_id
       join customer cu on cu.id = p.customer_id
      order by p.k, x.slot`,
    [b.address],
  );
  await sql.query(
    `insert into orders (id, number, state, checkout_state, payment_state, shipping_state, currency_code, locale_code, customer_id, channel_id,
                         shipping_address_id, billing_address_id, promotion_coupon_id, items_total, adjustments_total, total,
                         checkout_completed_at, token_value, created_at, updated_at, adjustments)
     select p.order_id,
            case when t.number is null then null else lpad(($2::int + p.k + 1)::text, 9, '0') end,
            t.state, t.checkout_state, t.payment_state, t.shipping_state, t.currency_code, t.locale_code, p.customer_id, t.channel_id,
            case when t.shipping_address_id is null then null else $1::int + p.addr_off + 1 end,
            case when t.billing_address_id is null then null else $1::int + p.addr_off + 2 end,
            t.promotion_coupon_id, t.items_total, t.adjustments_total, t.total,
            case when t.checkout_completed_at is null then null else p.ts end,
            case when t.token_value is null then null else substr(md5('bench-order-' || p.order_id), 1, 10) end,
            case when t.checkout_completed_at is null then p.ts else p.ts - interval '1 hour' end,
            p.ts,
            ${shiftedIds('v.adjustments', '$3::int + p.adj_off')}
       from bp p join orders t on t.id = p.template_id join bt_values v on v.order_id = p.template_id and v.item_id is null
      order by p.k`,
    [b.address, numberBase, valueBases.adjustment],
  );
  await sql.query(
    `insert into order_item (id, order_id, variant_id, quantity, unit_price, units_total, adjustments_total, total, product_name, variant_name, immutable,
                             units, adjustments)
     select $1::int + p.item_off + ti.idx, p.order_id, i.variant_id, i.quantity, i.unit_price, i.units_total, i.adjustments_total, i.total,
            i.product_name, i.variant_name, i.immutable,
            (select coalesce(jsonb_agg(u || jsonb_build_object('id', $2::int + p.unit_off + (u->>'id')::int,
                                                               'adjustments', ${shiftedIds("u->'adjustments'", '$3::int + p.adj_off')}) order by e.position), '[]'::jsonb)
               from jsonb_array_elements(v.units) with ordinality as e(u, position)),
            ${shiftedIds('v.adjustments', '$3::int + p.adj_off')}
       from bp p join bt_item ti on ti.template_id = p.template_id join order_item i on i.id = ti.old_id join bt_values v on v.item_id = ti.old_id
      order by 1`,
    [b.item, valueBases.unit, valueBases.adjustment],
  );
  await sql.query(
    `insert into shipment (id, order_id, method_id, state, tracking, created_at, updated_at)
     select $1::int + p.ship_off + ts.idx, p.order_id, s.method_id, s.state, s.tracking, p.ts, p.ts
       from bp p join bt_shipment ts on ts.template_id = p.template_id join shipment s on s.id = ts.old_id
      order by 1`,
    [b.shipment],
  );
  await sql.query(
    `insert into payment (id, order_id, method_id, currency_code, amount, state, created_at, updated_at)
     select $1::int + p.pay_off + tp.idx, p.order_id, s.method_id, s.currency_code, s.amount, s.state, p.ts, p.ts
       from bp p join bt_payment tp on tp.template_id = p.template_id join payment s on s.id = tp.old_id
      order by 1`,
    [b.payment],
  );
  await sql.query(
    `insert into order_promotion (order_id, promotion_id)
     select p.order_id, op.promotion_id from bp p join order_promotion op on op.order_id = p.template_id order by 1, 2`,
  );
  // A placed order counts towards its promotions' usage, as the checkout's completion does.
  await sql.query(
    `update promotion pr set used = pr.used + x.n
       from (select op.promotion_id, count(*)::int as n
               from bp p join order_promotion op on op.order_id = p.template_id join orders t on t.id = p.template_id
              where t.checkout_state = 'completed' group by op.promotion_id) as x
      where pr.id = x.promotion_id`,
  );
}

/** Writes `spec.count` clones in batches of one transaction each. */
export async function cloneOrders(sql: Sql, spec: CloneSpec): Promise<void> {
  if (spec.count <= 0) return;
  await createTemplateTables(sql, spec.templateIds);
  const numbered = await scalar(sql, 'select count(*) as value from orders where id = any($1::int[]) and number is not null', [spec.templateIds]);
  const numberBase = await scalar(sql, 'select idx as value from order_sequence where id = 1');
  // Rows are copied from consistent templates, so a superuser skips the per-row foreign-key triggers (2-3x faster).
  const [role] = await sql.query<{ superuser: boolean }>('select rolsuper as superuser from pg_roles where rolname = current_user');
  const counts = await sql.query<{ tidx: number; units: number; adjustments: number }>('select tidx, units, adjustments from bt_counts order by tidx');
  const valueBases = await maxValueIds(sql);
  for (let from = 0; from < spec.count; from += spec.batchSize) {
    const to = Math.min(spec.count, from + spec.batchSize);
    await inTransaction(sql, async () => {
      if (role?.superuser) await sql.query("set local session_replication_role = 'replica'");
      await cloneBatch(sql, spec, from, to, numberBase, valueBases);
    });
    for (let k = from; k < to; k++) {
      const template = counts[k % counts.length];
      valueBases.unit += template.units;
      valueBases.adjustment += template.adjustments;
    }
    spec.progress?.(to);
  }
  // Numbers were handed out to every clone of a numbered template; the shared sequence moves past them.
  if (numbered > 0) {
    await sql.query(
      `update order_sequence set idx = greatest(idx, (select coalesce(max(number::int), 0) from orders where number ~ '^[0-9]{1,9}$')) where id = 1`,
    );
  }
  await sql.query('drop table if exists bt_order, bt_item, bt_unit, bt_shipment, bt_payment, bt_adjustment, bt_values, bt_counts');
}

const SEQUENCED_TABLES = ['customer', 'shop_user', 'address', 'orders', 'order_item', 'shipment', 'payment'];

/** Moves each id sequence past the ids written explicitly (rows' and values'), so the product's own ids never collide. */
export async function syncSequences(sql: Sql): Promise<void> {
  for (const table of SEQUENCED_TABLES) {
    await sql.query(
      `select setval(pg_get_serial_sequence('"${table}"', 'id'), greatest((select coalesce(max(id), 0) from "${table}"), 1), (select count(*) > 0 from "${table}"))`,
    );
  }
  await sql.query(
    `select setval('${VALUE_ID_SEQUENCES.unit}', greatest(m.unit, 1), m.unit > 0), setval('${VALUE_ID_SEQUENCES.adjustment}', greatest(m.adjustment, 1), m.adjustment > 0)
       from (${MAX_VALUE_IDS}) m`,
  );
}

/** Restarts the sequences the values' ids come from: no table owns them, so `truncate … restart identity` leaves them. */
export async function restartValueSequences(sql: Sql): Promise<void> {
  await sql.query(`select setval('${VALUE_ID_SEQUENCES.unit}', 1, false), setval('${VALUE_ID_SEQUENCES.adjustment}', 1, false)`);
}
