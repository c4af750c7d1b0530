import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { generateDataset, resetGeneratedCarts, type DatasetInfo, type DatasetSpec } from '../../bench/data/generate';
import { connectSql, type Sql } from '../../bench/data/sql';
import { entityTables } from '../../src/fixtures/purge';
import { MAX_CART_LINES, MAX_CART_UNITS } from '../../src/orders/domain/cart-limits';
import { VALUE_ID_SEQUENCES } from '../../src/orders/domain/order-values';
import { CART_UNITS_EXCEEDED } from '../../src/orders/http/forms/cart-item.forms';
import { expectJson, validationFailed } from '../support/cart-expectations';
import { repriceOrder } from '../support/reprice-order';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The benchmark data must be what the product itself would have written: the generator prices templates
 * through the fixtures path and clones them with SQL, so every clone has to be structurally its template
 * and unchanged when the engine prices it again.
 */
const SPEC: DatasetSpec = { customers: 7, orders: 40, carts: 5 };

class Rollback extends Error {}

interface Snapshot {
  order: unknown;
  items: unknown[];
  units: unknown[];
  adjustments: unknown[];
  promotions: unknown[];
}

/** What the engine decides about an order (no ids of rows it re-creates, no payments it adds to placed orders). */
async function snapshot(em: EntityManager, orderId: number): Promise<Snapshot> {
  const run = <T>(query: string) => em.execute<T[]>(query, [orderId]);
  return {
    order: (await run('select items_total, adjustments_total, total from orders where id = ?'))[0],
    items: await run('select id, unit_price, units_total, adjustments_total, total from order_item where order_id = ? order by id'),
    units: await run(
      `select (u->>'id')::int as id, (u->>'adjustmentsTotal')::int as adjustments_total
         from order_item i cross join jsonb_array_elements(i.units) u where i.order_id = ? order by 1`,
    ),
    adjustments: await em.execute(
      `select x.o, x.i, x.u, a->>'type' as type, a->>'label' as label, (a->>'amount')::int as amount, (a->>'neutral')::boolean as neutral,
              a->>'originCode' as origin_code
         from (select o.id as o, 0 as i, 0 as u, o.adjustments as list from orders o where o.id = ?
               union all
               select 0, i.id, 0, i.adjustments from order_item i where i.order_id = ?
               union all
               select 0, 0, (un->>'id')::int, un->'adjustments' from order_item i cross join jsonb_array_elements(i.units) un where i.order_id = ?) x
        cross join jsonb_array_elements(x.list) a
        order by 1, 2, 3, 4, 5, 6`,
      [orderId, orderId, orderId],
    ),
    promotions: await run('select promotion_id from order_promotion where order_id = ? order by 1'),
  };
}

/** `array[type, label, amount]` of each adjustment of a stored list (`list`), in id order; null when it is empty. */
const adjustmentList = (list: string, more = '') =>
  `(select json_agg(array[a->>'type', a->>'label', a->>'amount'${more}] order by (a->>'id')::int) from jsonb_array_elements(${list}) a)`;

/** The order's rows and values with every id replaced by its position, so a clone and its template can be compared. */
const STRUCTURE_SQL = `
  select json_build_object(
    'order', (select json_build_object('state', o.state, 'checkout', o.checkout_state, 'payment', o.payment_state, 'shipping', o.shipping_state,
                                       'currency', o.currency_code, 'locale', o.locale_code, 'channel', o.channel_id, 'coupon', o.promotion_coupon_id,
                                       'totals', array[o.items_total, o.adjustments_total, o.total], 'numbered', o.number is not null,
                                       'completed', o.checkout_completed_at is not null, 'token', o.token_value is not null,
                                       'shipTo', (select array[a.country_code, a.province_code, a.street, a.city, a.postcode] from address a where a.id = o.shipping_address_id),
                                       'billTo', (select array[a.country_code, a.province_code, a.street, a.city, a.postcode] from address a where a.id = o.billing_address_id))
                from orders o where o.id = $1),
    'items', (select json_agg(json_build_object('variant', i.variant_id, 'quantity', i.quantity, 'totals', array[i.unit_price, i.units_total, i.adjustments_total, i.total],
                                                'names', array[i.product_name, i.variant_name],
                                                'adjustments', ${adjustmentList('i.adjustments')},
                                                'units', (select json_agg(json_build_object('total', u->'adjustmentsTotal', 'adjustments', ${adjustmentList("u->'adjustments'")})
                                                                   order by (u->>'id')::int) from jsonb_array_elements(i.units) u)) order by i.id)
                from order_item i where i.order_id = $1),
    'adjustments', (select ${adjustmentList('o.adjustments', ", a->>'neutral'")} from orders o where o.id = $1),
    'shipments', (select json_agg(array[s.method_id::text, s.state] order by s.id) from shipment s where s.order_id = $1),
    'payments', (select json_agg(array[p.method_id::text, p.state, p.amount::text, p.currency_code] order by p.id) from payment p where p.order_id = $1),
    'promotions', (select json_agg(op.promotion_id order by op.promotion_id) from order_promotion op where op.order_id = $1)
  ) as structure`;

/** Every unit id and every adjustment id in the stored values. */
const VALUE_IDS_SQL = `
  select 'unit' as kind, (u->>'id')::int as id from order_item i cross join jsonb_array_elements(i.units) u
  union all
  select 'adjustment', (a->>'id')::int from orders o cross join jsonb_array_elements(o.adjustments) a
  union all
  select 'adjustment', (a->>'id')::int from order_item i cross join jsonb_array_elements(i.adjustments) a
  union all
  select 'adjustment', (a->>'id')::int from order_item i cross join jsonb_array_elements(i.units) u cross join jsonb_array_elements(u->'adjustments') a`;

describe('bench data generator', () => {
  let t: TestApp;
  let sql: Sql;
  let info: DatasetInfo;

  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_SIZE: '2' } });
    sql = await connectSql(t.running.database.url);
    info = await generateDataset({ orm: t.running.app.get(MikroORM), outbox: t.outbox }, sql, SPEC);
  }, 120_000);

  afterAll(async () => {
    await sql?.close();
    await t?.close();
  });

  const count = async (query: string, params: unknown[] = []) => Number((await sql.query<{ n: string }>(query, params))[0].n);
  const structure = async (orderId: number) => (await sql.query<{ structure: unknown }>(STRUCTURE_SQL, [orderId]))[0].structure;
  const cloneIds = () => Array.from({ length: SPEC.orders }, (_, k) => info.orders.firstId + k);
  const cartIds = () => Array.from({ length: SPEC.carts }, (_, k) => info.carts.firstId + k);

  it('writes the requested customers, orders and carts next to the fixtures', async () => {
    expect(await count(`select count(*) as n from customer`)).toBe(7 + 1 + SPEC.customers);
    // The demo's 7 placed orders and 3 carts, the bench templates (12 orders, 6 carts), then the clones.
    expect(await count(`select count(*) as n from orders where checkout_state = 'completed'`)).toBe(7 + 12 + SPEC.orders);
    expect(await count(`select count(*) as n from orders where checkout_state = 'cart'`)).toBe(3 + 6 + SPEC.carts);
    const perCustomer = await sql.query<{ customer_id: number; orders: string }>(
      `select customer_id, count(*) as orders from orders where id between $1 and $2 group by 1 order by 1`,
      [info.orders.firstId, info.orders.firstId + SPEC.orders - 1],
    );
    expect(perCustomer.map((row) => [row.customer_id, Number(row.orders)])).toEqual(
      Array.from({ length: SPEC.customers }, (_, index) => [info.customers.firstId + index, index < SPEC.orders % SPEC.customers ? 6 : 5]),
    );
    // Generated accounts: every third customer, username = email, the template's password hash.
    expect(await count(`select count(*) as n from shop_user where customer_id >= $1`, [info.customers.firstId])).toBe(3);
    expect(
      await count(`select count(*) as n from shop_user u join customer c on c.id = u.customer_id where u.username <> c.email or u.username_canonical <> lower(c.email)`),
    ).toBe(0);
  });

  it('numbers placed orders without gaps or duplicates and moves the shared sequence past them', async () => {
    const numbers = await sql.query<{ number: string }>(`select number from orders where number is not null order by number`);
    expect(numbers.map((row) => row.number)).toEqual(Array.from({ length: 19 + SPEC.orders }, (_, index) => String(index + 1).padStart(9, '0')));
    expect(await count(`select idx as n from order_sequence where id = 1`)).toBe(19 + SPEC.orders);
  });

  it('leaves no dangling reference, gives every value its own id and moves every id sequence past the written ids', async () => {
    const orphans = await sql.query<Record<string, string>>(`
      select (select count(*) from order_item i where not exists (select 1 from orders o where o.id = i.order_id)) as items,
             (select count(*) from orders o where o.shipping_address_id is not null and not exists (select 1 from address a where a.id = o.shipping_address_id)) as addresses,
             (select count(*) from orders o where not exists (select 1 from customer c where c.id = o.customer_id)) as customers,
             (select count(*) from order_item i where jsonb_array_length(i.units) <> i.quantity) as unit_counts`);
    expect(orphans[0]).toEqual({ items: '0', addresses: '0', customers: '0', unit_counts: '0' });
    // Unit and adjustment ids were keys of their tables: cloning must not hand one out twice.
    const values = await sql.query<{ kind: string; ids: string; distinct_ids: string; max: number }>(
      `select kind, count(*) as ids, count(distinct id) as distinct_ids, max(id) as max from (${VALUE_IDS_SQL}) v group by kind order by kind`,
    );
    expect(values.map(({ kind, ids, distinct_ids: distinct }) => ({ kind, duplicates: Number(ids) - Number(distinct) }))).toEqual([
      { kind: 'adjustment', duplicates: 0 },
      { kind: 'unit', duplicates: 0 },
    ]);
    for (const table of ['customer', 'shop_user', 'address', 'orders', 'order_item', 'shipment', 'payment']) {
      const [row] = await sql.query<{ next: string; max: string }>(
        `select nextval(pg_get_serial_sequence('"${table}"', 'id')) as next, (select max(id) from "${table}") as max`,
      );
      expect({ table, ahead: Number(row.next) > Number(row.max) }).toEqual({ table, ahead: true });
    }
    for (const { kind, max } of values) {
      const sequence = VALUE_ID_SEQUENCES[kind as keyof typeof VALUE_ID_SEQUENCES];
      const [row] = await sql.query<{ next: string }>(`select nextval('${sequence}') as next`);
      expect({ sequence, ahead: Number(row.next) > max }).toEqual({ sequence, ahead: true });
    }
  });

  it('makes every clone structurally its template, with the clone customer names on its addresses', async () => {
    const templates: unknown[] = [];
    for (const id of info.orders.templateIds) templates.push(await structure(id));
    for (const [k, id] of cloneIds().entries()) {
      expect({ k, structure: await structure(id) }).toEqual({ k, structure: templates[k % templates.length] });
    }
    const cartTemplate = await structure(info.carts.templateId);
    for (const id of cartIds()) expect(await structure(id)).toEqual(cartTemplate);
    const misnamed = await count(
      `select count(*) as n from orders o join customer c on c.id = o.customer_id join address a on a.id in (o.shipping_address_id, o.billing_address_id)
        where o.id >= $1 and (a.first_name, a.last_name) is distinct from (c.first_name, c.last_name)`,
      [info.orders.firstId],
    );
    expect(misnamed).toBe(0);
  });

  it('prices a sample of clones (every template, and carts) exactly as the engine does when it reprocesses them', async () => {
    const sample = [...cloneIds().slice(0, 12), ...cloneIds().slice(-3), ...cartIds().slice(0, 2)];
    for (const orderId of sample) {
      let before: Snapshot | null = null;
      let after: Snapshot | null = null;
      await t
        .em()
        .transactional(async (tx) => {
          before = await snapshot(tx, orderId);
          await repriceOrder(tx, orderId);
          after = await snapshot(tx, orderId);
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
      expect(before).not.toBeNull();
      expect({ orderId, snapshot: after }).toEqual({ orderId, snapshot: before });
    }
  });

  it('is idempotent: a second run with the same spec writes the same rows, and a cart reset restores the carts', async () => {
    const checksum = async () => {
      // The event feed logs each run's changes with their commit times and new sequences: it is not data the run reproduces.
      const tables = entityTables(t.em()).filter((table) => table !== 'auth_throttle' && table !== 'event');
      const sums: Record<string, string> = {};
      for (const table of tables) {
        // Password hashes are salted, so they differ from run to run by design.
        const [row] = await sql.query<{ sum: string }>(
          `select md5(coalesce(string_agg(r, '|' order by r), '')) as sum from (select (to_jsonb(x) - 'password_hash')::text as r from "${table}" x) s`,
        );
        sums[table] = row.sum;
      }
      return sums;
    };
    const first = await checksum();
    const second = await generateDataset({ orm: t.running.app.get(MikroORM), outbox: t.outbox }, sql, SPEC);
    expect({ ...second, seconds: null }).toEqual({ ...info, seconds: null });
    expect(await checksum()).toEqual(first);

    const cartId = info.carts.firstId;
    await sql.query(`update order_item set quantity = quantity + 1 where order_id = $1`, [cartId]);
    await sql.query(`update orders set adjustments = '[]' where id = $1`, [cartId]);
    await resetGeneratedCarts(sql, info);
    expect(await structure(cartId)).toEqual(await structure(info.carts.templateId));
    // The generated carts are the newest rows of every table they touch, so their re-written rows get the same ids.
    expect(await checksum()).toEqual(first);
  }, 120_000);

  it('restores carts the checkout benchmark placed and gives back the promotion usage they counted, once', async () => {
    const headers = { authorization: 'Bearer SampleToken', 'content-type': 'application/json' };
    const send = async (method: 'GET' | 'PUT', url: string, payload?: object) => {
      const response = await t.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect({ url, status: response.statusCode < 300 }).toEqual({ url, status: true });
      return response;
    };
    const usage = async () => sql.query<{ id: number; used: number }>('select id, used from promotion order by id');
    const before = await usage();
    const [placed, cancelled] = cartIds().slice(-2);
    const address = { firstName: 'Bench', lastName: 'Checkout', countryCode: 'US', provinceCode: 'US-NY', street: 'Broadway 5', city: 'New York', postcode: '10001' };
    for (const id of [placed, cancelled]) {
      await send('PUT', `/api/v1/checkouts/addressing/${id}`, { shippingAddress: address });
      await send('PUT', `/api/v1/checkouts/select-shipping/${id}`, { shipments: [{ method: 'ups' }] });
      await send('PUT', `/api/v1/checkouts/select-payment/${id}`, { payments: [{ method: 'cash_on_delivery' }] });
      await send('PUT', `/api/v1/checkouts/complete/${id}`, {});
    }
    await send('PUT', `/api/v1/orders/${cancelled}/cancel`);
    expect(await usage()).not.toEqual(before);

    await resetGeneratedCarts(sql, info);
    expect(await usage()).toEqual(before);
    const cartTemplate = await structure(info.carts.templateId);
    for (const id of [placed, cancelled]) expect(await structure(id)).toEqual(cartTemplate);
  }, 120_000);

  // Adds to the largest template cart and sets it back (new unit ids), so it runs after the idempotency check.
  it('holds the big carts of the add-item latencies: 50 lines, and the largest cart one piece short of the limits, which takes exactly one more', async () => {
    const headers = { authorization: 'Bearer SampleToken', 'content-type': 'application/json' };
    const code = (n: number) => `BENCH_GADGET_${String(n).padStart(3, '0')}`;
    const shape = async (orderId: number) =>
      (
        await sql.query<{ lines: number; pieces: number; codes: string[]; untracked: boolean; priced: boolean }>(
          `select count(*)::int as lines, sum(i.quantity)::int as pieces, array_agg(v.code order by i.id) as codes, bool_and(not v.tracked) as untracked,
                  bool_and(exists (select 1 from channel_pricing p where p.variant_id = v.id and p.channel_code = c.code and p.price = i.unit_price)) as priced
             from orders o join channel c on c.id = o.channel_id join order_item i on i.order_id = o.id join product_variant v on v.id = i.variant_id
            where o.id = $1`,
          [orderId],
        )
      )[0];
    const variants = (count: number) => Array.from({ length: count }, (_, index) => code(index + 1));
    expect(info.largestCart).toEqual({ id: info.largestCart.id, lines: MAX_CART_LINES, pieces: MAX_CART_UNITS - 1 });
    expect(info.bigCartAddItemVariant).toBe(code(1));
    expect(await shape(info.cart50Id)).toEqual({ lines: 50, pieces: 99, codes: variants(50), untracked: true, priced: true });
    const largest = { lines: MAX_CART_LINES, pieces: MAX_CART_UNITS - 1, codes: variants(MAX_CART_LINES), untracked: true, priced: true };
    expect(await shape(info.largestCart.id)).toEqual(largest);

    const add = () => t.inject({ method: 'POST', url: `/api/v1/carts/${info.largestCart.id}/items/`, headers, payload: { variant: info.bigCartAddItemVariant, quantity: 1 } });
    const added = await add();
    expect([added.statusCode, (JSON.parse(added.body) as { id: number; quantity: number }).quantity]).toEqual([201, 10]);
    expect(await shape(info.largestCart.id)).toEqual({ ...largest, pieces: MAX_CART_UNITS });
    expectJson(await add(), 400, validationFailed({ children: { quantity: { errors: [CART_UNITS_EXCEEDED] }, variant: {} } }));
    const lineId = (JSON.parse(added.body) as { id: number }).id;
    const putBack = await t.inject({ method: 'PUT', url: `/api/v1/carts/${info.largestCart.id}/items/${lineId}`, headers, payload: { quantity: 9 } });
    expect(putBack.statusCode).toBe(204);
    expect(await shape(info.largestCart.id)).toEqual(largest);
  }, 120_000);
});
