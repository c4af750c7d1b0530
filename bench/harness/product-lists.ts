import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineOrderHooks, loadFixtures, parseFixtureYaml } from '../../src/fixtures';
import { repoRoot } from '../common/paths';
import { openTarget, withDatabaseName } from '../data/target';
import { Client, latency, type SequentialLatency } from './checkout-flow';

/**
 * The catalogue lists at two catalogue sizes (issue #32: their cost stays flat from 100 to 100,000 products).
 * Each size has its own database beside the main one (`product_lists_small`, `product_lists_big`: the demo
 * shop plus N generated products of one variant each, generated once and reused while its marker matches).
 * Every request is timed one at a time over one kept-alive connection; the ratio is big ÷ small of p50.
 */

/** Bumped whenever the generated catalogue changes shape. */
const CATALOGUE_VERSION = 1;
/** Products whose name has this word: as many in both sizes, so the search has the same matches. */
const MARKED_WORD = 'Zephyr';
const MARKED_PRODUCTS = 20;

interface ProductListSize {
  database: string;
  products: number;
}

interface ProductListRow {
  request: string;
  small: SequentialLatency;
  big: SequentialLatency;
  /** big ÷ small of p50. */
  ratio: number;
}

export interface ProductListResults {
  sizes: { small: ProductListSize; big: ProductListSize };
  warmup: number;
  rows: ProductListRow[];
}

export interface ProductListInput {
  /** The main dataset's URL; the two databases are named beside it. */
  baseUrl: string;
  sizes: { small: number; big: number };
  requests: number;
  regenerate: boolean;
  startProduct: (name: string, databaseUrl: string) => Promise<{ baseUrl: string; stop: () => Promise<void> }>;
  headers: Record<string, string>;
  log: (message: string) => void;
}

const MARKER = 'bench_product_lists';

/** The generated products: `BENCH_000001`…, named from a small vocabulary, every (N ÷ 20)-th one also with the marked word. */
const GENERATE = (count: number) => `
  with numbered as (select g from generate_series(1, ${count}) g)
  insert into product (code, enabled, created_at, updated_at)
  select 'BENCH_' || lpad(g::text, 6, '0'), g % 10 <> 0, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' from numbered;
  insert into product_translation (product_id, locale, name)
  select p.id, 'en_US',
         (array['Red', 'Green', 'Blue', 'Amber', 'Violet', 'Teal', 'Coral', 'Ivory'])[1 + n % 8] || ' ' ||
         (array['mug', 'shirt', 'cap', 'poster', 'book', 'bag', 'sticker'])[1 + (n / 8) % 7] || ' ' ||
         case when n % ${Math.max(1, Math.floor(count / MARKED_PRODUCTS))} = 0 then '${MARKED_WORD} ' else '' end || n
    from (select id, substr(code, 7)::int as n from product where code like 'BENCH\\_%') p;
  insert into product_variant (code, product_id, position, tracked, on_hand, on_hold, version, shipping_required, created_at, updated_at)
  select code || '_V', id, 0, false, 0, 0, 1, true, created_at, updated_at from product where code like 'BENCH\\_%';
  insert into product_variant_translation (variant_id, locale, name)
  select v.id, 'en_US', 'Standard' from product_variant v where v.code like 'BENCH\\_%';
  insert into channel_pricing (variant_id, channel_code, price)
  select v.id, 'WEB', 1000 + v.id % 5000 from product_variant v where v.code like 'BENCH\\_%';`;

/** The database with `products` generated products: reused when its marker matches, otherwise emptied and generated. */
async function prepareCatalogue(url: string, products: number, regenerate: boolean, log: (message: string) => void): Promise<void> {
  const target = await openTarget({ databaseUrl: url, dataDir: '' });
  try {
    const [{ present }] = await target.sql.query<{ present: boolean }>(`select to_regclass('${MARKER}') is not null as present`);
    const [marker] = present ? await target.sql.query<{ products: number; version: number }>(`select (info->>'products')::int as products, (info->>'version')::int as version from ${MARKER} where id = 1`) : [];
    if (!regenerate && marker?.products === products && marker.version === CATALOGUE_VERSION) {
      log(`product lists: reusing ${products} products`);
      return;
    }
    const [{ used }] = await target.sql.query<{ used: boolean }>(`select exists (select 1 from customer) or exists (select 1 from product) as used`);
    if (!present && used) throw new Error(`${url} holds data the benchmark did not generate; it would be emptied`);
    // Marked before anything is written, so an interrupted generation is redone, not refused.
    await target.sql.query(`create table if not exists ${MARKER} (id int primary key, info jsonb not null)`);
    await target.sql.query(`insert into ${MARKER} (id, info) values (1, '{}') on conflict (id) do update set info = excluded.info`);
    const started = Date.now();
    const demoFile = join(repoRoot(), 'fixtures', 'demo.yaml');
    const sources = [{ file: demoFile, data: parseFixtureYaml(demoFile, readFileSync(demoFile, 'utf8')) }];
    await target.orm.em.fork().transactional((em) => loadFixtures(em, sources, { purge: true, now: new Date('2026-01-01T00:00:00Z'), outbox: target.outbox }, engineOrderHooks));
    await target.sql.query(GENERATE(products));
    // A catalogue at rest, as autovacuum leaves it (visibility map for index-only reads, statistics).
    for (const table of ['product', 'product_translation', 'product_variant', 'product_variant_translation', 'channel_pricing']) await target.sql.query(`vacuum analyze ${table}`);
    await target.sql.query(`update ${MARKER} set info = $1 where id = 1`, [JSON.stringify({ products, version: CATALOGUE_VERSION })]);
    log(`product lists: ${products} products generated in ${Math.round((Date.now() - started) / 100) / 10} s`);
  } finally {
    await target.close();
  }
}

/** The requests timed, with the catalogue size they are written for. */
function requests(products: number): Array<[string, string]> {
  const total = products + 13; // the demo shop's products are listed too
  const lastPage = Math.ceil(total / 10);
  const middle = `BENCH_${String(Math.ceil(products / 2)).padStart(6, '0')}`;
  return [
    ['products, last page', `/api/v1/products/?limit=10&page=${lastPage}`],
    ['products, name search', `/api/v1/products/?criteria%5Bsearch%5D=${MARKED_WORD.toLowerCase()}&limit=10`],
    ['products, first page', '/api/v1/products/?limit=10'],
    ["a product's variants", `/api/v1/products/${middle}/variants/?limit=10`],
  ];
}

async function timeAll(baseUrl: string, headers: Record<string, string>, paths: Array<[string, string]>, warmup: number, count: number): Promise<SequentialLatency[]> {
  const client = new Client(baseUrl, headers);
  try {
    const results: SequentialLatency[] = [];
    for (const [, path] of paths) {
      const times: number[] = [];
      for (let index = 0; index < warmup + count; index += 1) times.push((await client.expect(200, 'GET', path)).ms);
      results.push(latency(times, warmup));
    }
    return results;
  } finally {
    client.close();
  }
}

export async function measureProductLists(input: ProductListInput): Promise<ProductListResults> {
  const warmup = Math.max(5, Math.floor(input.requests / 10));
  const sizes = {
    small: { database: 'product_lists_small', products: input.sizes.small },
    big: { database: 'product_lists_big', products: input.sizes.big },
  };
  const measured: Record<'small' | 'big', SequentialLatency[]> = { small: [], big: [] };
  for (const side of ['small', 'big'] as const) {
    const url = withDatabaseName(input.baseUrl, sizes[side].database);
    await prepareCatalogue(url, sizes[side].products, input.regenerate, input.log);
    const product = await input.startProduct(`product (${sizes[side].database})`, url);
    try {
      input.log(`product lists: timing ${sizes[side].products} products (${input.requests} requests each, 1 connection)`);
      measured[side] = await timeAll(product.baseUrl, input.headers, requests(sizes[side].products), warmup, input.requests);
    } finally {
      await product.stop();
    }
  }
  const rows = requests(sizes.small.products).map(([request], index) => {
    const [small, big] = [measured.small[index], measured.big[index]];
    return { request, small, big, ratio: Math.round((big.p50 / small.p50) * 100) / 100 };
  });
  return { sizes, warmup, rows };
}

export function formatProductLists(results: ProductListResults): string {
  const { small, big } = results.sizes;
  const lines = [
    `product lists: ${small.products} products (${small.database}) vs ${big.products} (${big.database}); 1 connection, ms, after ${results.warmup} warm-up requests`,
    `${'request'.padEnd(26)} ${'small p50'.padStart(10)} ${'p99'.padStart(8)} ${'big p50'.padStart(10)} ${'p99'.padStart(8)} ${'big÷small'.padStart(10)}`,
  ];
  for (const row of results.rows) {
    lines.push(
      `${row.request.padEnd(26)} ${row.small.p50.toFixed(2).padStart(10)} ${row.small.p99.toFixed(2).padStart(8)} ${row.big.p50.toFixed(2).padStart(10)} ${row.big.p99.toFixed(2).padStart(8)} ${row.ratio.toFixed(2).padStart(10)}`,
    );
  }
  return lines.join('\n');
}
