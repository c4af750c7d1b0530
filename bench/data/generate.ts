import { readFileSync } from 'node:fs';
import { inWriteTransaction } from '../../src/database/write-transaction';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventOutbox } from '../../src/events';
import { engineOrderHooks, loadFixtures, parseFixtureYaml, type IdMap } from '../../src/fixtures';
import { entityTables } from '../../src/fixtures/purge';
import { repoRoot } from '../common/paths';
import {
  ADD_ITEM_VARIANT,
  benchShopYaml,
  BIG_CART_ADD_ITEM_VARIANT,
  CART_1_REF,
  CART_10_REF,
  CART_50_REF,
  LARGEST_CART,
  LARGEST_CART_REF,
  TEMPLATE_CUSTOMER_EMAIL,
  TEMPLATE_ORDER_REFS,
} from './bench-shop';
import { cloneOrders, restartValueSequences, syncSequences, type CloneSpec } from './clone-orders';
import { generateCustomers } from './generate-customers';
import { inTransaction, scalar, type Sql } from './sql';

/** Bumped whenever the generated data changes shape, so stale datasets are regenerated. */
const DATASET_VERSION = 4;

export interface DatasetSpec {
  customers: number;
  orders: number;
  carts: number;
}

export interface DatasetInfo {
  version: number;
  spec: DatasetSpec;
  templateCustomerId: number;
  customers: { firstId: number; count: number };
  orders: { firstId: number; count: number; templateIds: number[] };
  carts: { firstId: number; count: number; templateId: number };
  /** Template carts of 1 and 50 lines (for statement counts; the 50-line one also for add-item latency). */
  cart1Id: number;
  cart50Id: number;
  /** Template cart at the cart limits (add-item latency in the largest cart): every line allowed, one piece short of the most. */
  largestCart: { id: number; lines: number; pieces: number };
  /** The variant add-item requests into the 50-line and the largest cart send: the first line of both. */
  bigCartAddItemVariant: string;
  /** The variant add-item requests send: already a line of every 10-line cart, so the request merges into it. */
  addItemVariant: string;
  seconds: { fixtures: number; customers: number; orders: number; carts: number; total: number };
}

/** Fixed clocks, so two runs with the same arguments write the same rows. */
const FIXTURE_TIME = new Date('2026-01-01T00:00:00Z');
const CUSTOMER_TIME = new Date('2024-01-01T00:00:00Z');
const ORDER_TIME = new Date('2025-01-01T00:00:00Z');
const ORDER_STEP_SECONDS = 300;
const CART_TIME = new Date('2026-06-01T00:00:00Z');
const BATCH_SIZE = 10_000;

export type Log = (message: string) => void;

/** The ORM the fixtures are loaded through, with the outbox registered on it. */
interface DatasetOrm {
  orm: MikroORM;
  outbox: EventOutbox;
}

const seconds = (since: number) => Math.round((performance.now() - since) / 10) / 100;

/** Empties every table of the model (and the marker), restarting the id sequences (the values' too). */
async function truncateAll(sql: Sql, orm: MikroORM): Promise<void> {
  const tables = entityTables(orm.em.fork()).map((table) => `"${table}"`);
  await sql.query(`truncate table ${tables.join(', ')} restart identity cascade`);
  await restartValueSequences(sql);
  await sql.query('drop table if exists bench_dataset');
}

async function loadTemplates({ orm, outbox }: DatasetOrm): Promise<IdMap> {
  const demoFile = join(repoRoot(), 'fixtures', 'demo.yaml');
  const sources = [
    { file: demoFile, data: parseFixtureYaml(demoFile, readFileSync(demoFile, 'utf8')) },
    { file: 'bench-shop.yaml', data: parseFixtureYaml('bench-shop.yaml', benchShopYaml()) },
  ];
  return inWriteTransaction(orm.em, (em) => loadFixtures(em, sources, { purge: true, now: FIXTURE_TIME, outbox }, engineOrderHooks));
}

/** Timestamps and order tokens of the fixture rows are set to fixed values. */
async function normaliseFixtureRows(sql: Sql): Promise<void> {
  const tables = await sql.query<{ table_name: string; updated: boolean }>(
    `select c.table_name,
            exists (select 1 from information_schema.columns u
                     where u.table_schema = c.table_schema and u.table_name = c.table_name and u.column_name = 'updated_at') as updated
       from information_schema.columns c
      where c.table_schema = current_schema() and c.column_name = 'created_at' and c.table_name <> 'orders'
      order by 1`,
  );
  for (const { table_name: table, updated } of tables) {
    await sql.query(`update "${table}" set created_at = $1${updated ? ', updated_at = $1' : ''}`, [FIXTURE_TIME.toISOString()]);
  }
  await sql.query(
    `update orders set created_at = coalesce(checkout_completed_at - interval '1 hour', $1), updated_at = coalesce(checkout_completed_at, $1),
                       token_value = case when token_value is null then null else substr(md5('bench-order-' || id), 1, 10) end`,
    [FIXTURE_TIME.toISOString()],
  );
}

async function writeMarker(sql: Sql, info: DatasetInfo): Promise<void> {
  await sql.query('create table if not exists bench_dataset (id int primary key, info jsonb not null)');
  await sql.query('insert into bench_dataset (id, info) values (1, $1) on conflict (id) do update set info = excluded.info', [JSON.stringify(info)]);
}

/** The dataset the database holds, when the generator made it. */
export async function readDatasetInfo(sql: Sql): Promise<DatasetInfo | null> {
  const [exists] = await sql.query<{ present: boolean }>(`select to_regclass('bench_dataset') is not null as present`);
  if (!exists?.present) return null;
  const [row] = await sql.query<{ info: DatasetInfo }>('select info from bench_dataset where id = 1');
  return row?.info ?? null;
}

/**
 * Whether the generator may empty this database: it is empty, or it holds a dataset the generator made.
 * Guards against DATABASE_URL pointing at real data.
 */
export async function isDisposable(sql: Sql): Promise<boolean> {
  if ((await readDatasetInfo(sql)) !== null) return true;
  const [row] = await sql.query<{ used: boolean }>(
    `select exists (select 1 from customer) or exists (select 1 from orders) or exists (select 1 from admin_user) or exists (select 1 from channel) as used`,
  );
  return row?.used === false;
}

export function matchesSpec(info: DatasetInfo | null, spec: DatasetSpec): info is DatasetInfo {
  return (
    info !== null &&
    info.version === DATASET_VERSION &&
    info.largestCart.lines === LARGEST_CART.lines &&
    info.largestCart.pieces === LARGEST_CART.pieces &&
    info.spec.customers === spec.customers &&
    info.spec.orders === spec.orders &&
    info.spec.carts === spec.carts
  );
}

function cartCloneSpec(info: Pick<DatasetInfo, 'carts' | 'customers'>): CloneSpec {
  return {
    templateIds: [info.carts.templateId],
    count: info.carts.count,
    customerFirstId: info.customers.firstId,
    customerCount: info.customers.count,
    orderIdBase: info.carts.firstId - 1,
    timeBase: CART_TIME,
    stepSeconds: 1,
    batchSize: BATCH_SIZE,
  };
}

/**
 * Empties the database, loads fixtures/demo.yaml and the bench templates through the product's fixtures
 * path (engine pricing, real checkout completion), then writes `spec.customers` customers, `spec.orders`
 * completed orders (clones of 12 templates of 1–5 lines) and `spec.carts` carts (clones of a 10-line cart)
 * with bulk SQL. Deterministic: the same spec gives the same ids, numbers, totals and timestamps.
 */
export async function generateDataset(db: DatasetOrm, sql: Sql, spec: DatasetSpec, log: Log = () => undefined): Promise<DatasetInfo> {
  if (spec.customers < 1 && (spec.orders > 0 || spec.carts > 0)) throw new Error('Orders and carts need at least one customer');
  const started = performance.now();
  await truncateAll(sql, db.orm);
  const ids = await loadTemplates(db);
  await normaliseFixtureRows(sql);
  const fixturesSeconds = seconds(started);
  log(`fixtures (demo + bench templates) loaded in ${fixturesSeconds} s`);

  const templateCustomerId = ids.customers[TEMPLATE_CUSTOMER_EMAIL];
  const templateUserId = await scalar(sql, 'select id as value from shop_user where customer_id = $1', [templateCustomerId]);
  let phase = performance.now();
  const customers = await generateCustomers(sql, spec.customers, templateUserId, CUSTOMER_TIME);
  const customersSeconds = seconds(phase);
  log(`${spec.customers} customers in ${customersSeconds} s`);

  phase = performance.now();
  const templateIds = TEMPLATE_ORDER_REFS.map((ref) => ids.orders[ref]);
  const ordersFirstId = (await scalar(sql, 'select coalesce(max(id), 0) as value from orders')) + 1;
  await cloneOrders(sql, {
    templateIds,
    count: spec.orders,
    customerFirstId: customers.firstId,
    customerCount: customers.count,
    orderIdBase: ordersFirstId - 1,
    timeBase: ORDER_TIME,
    stepSeconds: ORDER_STEP_SECONDS,
    batchSize: BATCH_SIZE,
    progress: (done) => log(`  orders: ${done}/${spec.orders} (${seconds(phase)} s)`),
  });
  const ordersSeconds = seconds(phase);
  log(`${spec.orders} orders in ${ordersSeconds} s`);

  phase = performance.now();
  const carts = {
    firstId: (await scalar(sql, 'select coalesce(max(id), 0) as value from orders')) + 1,
    count: spec.carts,
    templateId: ids.orders[CART_10_REF],
  };
  await cloneOrders(sql, cartCloneSpec({ carts, customers }));
  await syncSequences(sql);
  await sql.query('analyze');
  const cartsSeconds = seconds(phase);
  log(`${spec.carts} carts (and analyze) in ${cartsSeconds} s`);

  const info: DatasetInfo = {
    version: DATASET_VERSION,
    spec,
    templateCustomerId,
    customers,
    orders: { firstId: ordersFirstId, count: spec.orders, templateIds },
    carts,
    cart1Id: ids.orders[CART_1_REF],
    cart50Id: ids.orders[CART_50_REF],
    largestCart: { id: ids.orders[LARGEST_CART_REF], ...LARGEST_CART },
    bigCartAddItemVariant: BIG_CART_ADD_ITEM_VARIANT,
    addItemVariant: ADD_ITEM_VARIANT,
    seconds: { fixtures: fixturesSeconds, customers: customersSeconds, orders: ordersSeconds, carts: cartsSeconds, total: seconds(started) },
  };
  await writeMarker(sql, info);
  return info;
}

/** Deletes the generated carts with everything they own and writes them again (same ids), undoing earlier add-item runs. */
export async function resetGeneratedCarts(sql: Sql, info: DatasetInfo): Promise<void> {
  const range = [info.carts.firstId, info.carts.firstId + info.carts.count - 1];
  await inTransaction(sql, async () => {
    const where = 'between $1::int and $2::int';
    // Carts the checkout benchmark placed counted towards their promotions and coupon (cancelled ones gave it back).
    const placed = `id ${where} and state not in ('cart', 'cancelled')`;
    await sql.query(
      `update promotion pr set used = pr.used - x.n
         from (select op.promotion_id, count(*)::int as n from order_promotion op join orders o on o.id = op.order_id
                where o.${placed} group by op.promotion_id) as x
        where pr.id = x.promotion_id`,
      range,
    );
    await sql.query(
      `update promotion_coupon c set used = c.used - x.n
         from (select promotion_coupon_id as id, count(*)::int as n from orders where ${placed} and promotion_coupon_id is not null group by 1) as x
        where c.id = x.id`,
      range,
    );
    // Units and adjustments are values of the lines and orders: they go with them.
    await sql.query(`delete from order_item where order_id ${where}`, range);
    await sql.query(`delete from order_promotion where order_id ${where}`, range);
    await sql.query(`delete from shipment where order_id ${where}`, range);
    await sql.query(`delete from payment where order_id ${where}`, range);
    const addresses = await sql.query<{ id: number }>(
      `select unnest(array[shipping_address_id, billing_address_id]) as id from orders where id ${where}`,
      range,
    );
    await sql.query(`delete from orders where id ${where}`, range);
    const addressIds = addresses.map((row) => row.id).filter((id) => id !== null);
    if (addressIds.length > 0) await sql.query('delete from address where id = any($1::int[])', [addressIds]);
  });
  await cloneOrders(sql, cartCloneSpec(info));
  await syncSequences(sql);
}
