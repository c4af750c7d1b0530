import { inTransaction, scalar, type Sql } from './sql';

/**
 * Bulk copies of engine-made orders. Clone k (0-based) copies template `templateIds[k % T]` with every row
 * it owns: addresses, items, units, shipments, payments, adjustments at all three levels and applied
 * promotions. New ids are computed, never taken from sequences, so a run is reproducible; the sequences are
 * moved past them afterwards (see `syncSequences`).
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

async function createTemplateTables(sql: Sql, templateIds: number[]): Promise<void> {
  await sql.query('drop table if exists bt_order, bt_item, bt_unit, bt_shipment, bt_payment, bt_adjustment, bt_counts');
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
       select ti.template_id, u.id as old_id, (row_number() over (partition by ti.template_id order by u.id))::int as idx
         from order_item_unit u join bt_item ti on ti.old_id = u.order_item_id`,
  );
  for (const table of ['shipment', 'payment']) {
    await sql.query(
      `create temp table bt_${table} as
         select s.order_id as template_id, s.id as old_id, (row_number() over (partition by s.order_id order by s.id))::int as idx
           from ${table} s where s.order_id in (select template_id from bt_order)`,
    );
  }
  await sql.query(
    `create temp table bt_adjustment as
       select a.order_id as template_id, a.id as old_id from adjustment a where a.order_id in (select template_id from bt_order)
       union all
       select ti.template_id, a.id from adjustment a join bt_item ti on ti.old_id = a.order_item_id
       union all
       select tu.template_id, a.id from adjustment a join bt_unit tu on tu.old_id = a.order_item_unit_id`,
  );
  await sql.query(
    `create temp table bt_counts as
       select o.template_id, o.tidx,
              (select count(*) from bt_item x where x.template_id = o.template_id)::int as items,
              (select count(*) from bt_unit x where x.template_id = o.template_id)::int as units,
              (select count(*) from bt_shipment x where x.template_id = o.template_id)::int as shipments,
              (select count(*) from bt_payment x where x.template_id = o.template_id)::int as payments
         from bt_order o`,
  );
}

interface Bases {
  item: number;
  unit: number;
  shipment: number;
  payment: number;
  address: number;
  adjustment: number;
}

async function readBases(sql: Sql): Promise<Bases> {
  const [row] = await sql.query<Record<keyof Bases, string | number>>(
    `select (select coalesce(max(id), 0) from order_item) as item, (select coalesce(max(id), 0) from order_item_unit) as unit,
            (select coalesce(max(id), 0) from shipment) as shipment, (select coalesce(max(id), 0) from payment) as payment,
            (select coalesce(max(id), 0) from address) as address, (select coalesce(max(id), 0) from adjustment) as adjustment`,
  );
  return {
    item: Number(row.item),
    unit: Number(row.unit),
    shipment: Number(row.shipment),
    payment: Number(row.payment),
    address: Number(row.address),
    adjustment: Number(row.adjustment),
  };
}

async function cloneBatch(sql: Sql, spec: CloneSpec, from: number, to: number, numberBase: number): Promise<void> {
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
                         checkout_completed_at, token_value, created_at, updated_at)
     select p.order_id,
            case when t.number is null then null else lpad(($2::int + p.k + 1)::text, 9, '0') end,
            t.state, t.checkout_state, t.payment_state, t.shipping_state, t.currency_code, t.locale_code, p.customer_id, t.channel_id,
            case when t.shipping_address_id is null then null else $1::int + p.addr_off + 1 end,
            case when t.billing_address_id is null then null else $1::int + p.addr_off + 2 end,
            t.promotion_coupon_id, t.items_total, t.adjustments_total, t.total,
            case when t.checkout_completed_at is null then null else p.ts end,
            case when t.token_value is null then null else substr(md5('bench-order-' || p.order_id), 1, 10) end,
            case when t.checkout_completed_at is null then p.ts else p.ts - interval '1 hour' end,
            p.ts
       from bp p join orders t on t.id = p.template_id
      order by p.k`,
    [b.address, numberBase],
  );
  await sql.query(
    `insert into order_item (id, order_id, variant_id, quantity, unit_price, units_total, adjustments_total, total, product_name, variant_name, immutable)
     select $1::int + p.item_off + ti.idx, p.order_id, i.variant_id, i.quantity, i.unit_price, i.units_total, i.adjustments_total, i.total,
            i.product_name, i.variant_name, i.immutable
       from bp p join bt_item ti on ti.template_id = p.template_id join order_item i on i.id = ti.old_id
      order by 1`,
    [b.item],
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
    `insert into order_item_unit (id, order_item_id, shipment_id, adjustments_total)
     select $1::int + p.unit_off + tu.idx, $2::int + p.item_off + ti.idx,
            case when u.shipment_id is null then null else $3::int + p.ship_off + tsh.idx end, u.adjustments_total
       from bp p
       join bt_unit tu on tu.template_id = p.template_id
       join order_item_unit u on u.id = tu.old_id
       join bt_item ti on ti.old_id = u.order_item_id
       left join bt_shipment tsh on tsh.old_id = u.shipment_id
      order by 1`,
    [b.unit, b.item, b.shipment],
  );
  await sql.query(
    `insert into adjustment (id, order_id, order_item_id, order_item_unit_id, type, label, amount, neutral, locked, origin_code)
     select $1::int + row_number() over (order by p.k, a.id),
            case when a.order_id is null then null else p.order_id end,
            case when a.order_item_id is null then null else $2::int + p.item_off + ti.idx end,
            case when a.order_item_unit_id is null then null else $3::int + p.unit_off + tu.idx end,
            a.type, a.label, a.amount, a.neutral, a.locked, a.origin_code
       from bp p
       join bt_adjustment ta on ta.template_id = p.template_id
       join adjustment a on a.id = ta.old_id
       left join bt_item ti on ti.old_id = a.order_item_id
       left join bt_unit tu on tu.old_id = a.order_item_unit_id`,
    [b.adjustment, b.item, b.unit],
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
  for (let from = 0; from < spec.count; from += spec.batchSize) {
    const to = Math.min(spec.count, from + spec.batchSize);
    await inTransaction(sql, async () => {
      if (role?.superuser) await sql.query("set local session_replication_role = 'replica'");
      await cloneBatch(sql, spec, from, to, numberBase);
    });
    spec.progress?.(to);
  }
  // Numbers were handed out to every clone of a numbered template; the shared sequence moves past them.
  if (numbered > 0) {
    await sql.query(
      `update order_sequence set idx = greatest(idx, (select coalesce(max(number::int), 0) from orders where number ~ '^[0-9]{1,9}$')) where id = 1`,
    );
  }
  await sql.query('drop table if exists bt_order, bt_item, bt_unit, bt_shipment, bt_payment, bt_adjustment, bt_counts');
}

const SEQUENCED_TABLES = ['customer', 'shop_user', 'address', 'orders', 'order_item', 'order_item_unit', 'shipment', 'payment', 'adjustment'];

/** Moves each id sequence past the ids written explicitly, so the product's own inserts never collide. */
export async function syncSequences(sql: Sql): Promise<void> {
  for (const table of SEQUENCED_TABLES) {
    await sql.query(
      `select setval(pg_get_serial_sequence('"${table}"', 'id'), greatest((select coalesce(max(id), 0) from "${table}"), 1), (select count(*) > 0 from "${table}"))`,
    );
  }
}
