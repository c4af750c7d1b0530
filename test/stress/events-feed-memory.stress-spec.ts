import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_CART_LINES, MAX_CART_UNITS } from '../../src/orders/domain/cart-limits';
import type { ApiClient } from './support/api-client';
import { createDemoDatabase } from './support/scratch-database';
import { heapUsedMb, residentMb, shippedNodeFlags } from './support/server-memory';
import { runNode, startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, stressScale } from './support/stress-report';

/**
 * The feed's memory bound (events §2) on a real server process with the heap of `npm start`: a few
 * hundred of the largest carts' `cart.updated` events (about 120 KB each), then ten maximal pages at
 * once (`limit=500`), several rounds. A page that holds all 500 events is some 60 MB of JSON, and
 * parsing and re-serializing it took the process out of its 192 MB heap ("JavaScript heap out of
 * memory") on the first of them; bounded at 1 MiB of data and written from the stored text, the ten
 * pages are about 11 MB together.
 */

const SCALE = stressScale();
const BIG_EVENTS = Math.max(100, Math.round(500 * SCALE));
const CARTS = 4;
const ROUNDS = 5;
const CONCURRENT_PAGES = 10;
const MiB = 2 ** 20;

/** Carts of the most lines and pieces the limits allow, each with one line to change (an event of the whole cart per change). */
const VARIANTS = Array.from({ length: MAX_CART_LINES }, (_, index) => `BIG${String(index + 1).padStart(3, '0')}`);
const PIECES_PER_LINE = MAX_CART_UNITS / MAX_CART_LINES;
const BIG_CARTS_YAML = `
products:
  - code: BIG_THING
    name: Big thing
    variants:
${VARIANTS.map((code, index) => `      - {code: ${code}, name: Big thing ${code}, taxCategory: std, channelPricings: {WEB: ${1000 + index}}}`).join('\n')}
promotions:
  - {code: big_unit_off, name: Five percent a piece, channels: [WEB], actions: [{type: unit_percentage_discount, configuration: {WEB: {percentage: 0.05}}}]}
orders:
${Array.from(
  { length: CARTS },
  (_, cart) => `  - ref: big_${cart}
    customer: oliver.queen@star-city.com
    channel: WEB
    localeCode: en_US
    items:
${VARIANTS.map((variant, index) => `      - {${index === 0 ? `ref: line_${cart}, ` : ''}variant: ${variant}, quantity: ${PIECES_PER_LINE}}`).join('\n')}`,
).join('\n')}
`;

/** Where the server's data lives, and what removes it afterwards. */
interface Setup {
  env: Record<string, string>;
  drop(): Promise<void>;
}

const onServer = async (): Promise<Setup> => {
  const database = await createDemoDatabase('feed_memory');
  return { env: { DATABASE_URL: database.url }, drop: () => database.drop() };
};

const embedded = async (): Promise<Setup> => {
  const work = mkdtempSync(join(tmpdir(), 'shop-feed-memory-'));
  const env = { DATA_DIR: join(work, 'db') };
  const loaded = await runNode(['dist/cli/fixtures.js', 'fixtures/demo.yaml'], env);
  if (loaded.code !== 0) throw new Error(`loading the demo shop failed (${loaded.code}):\n${loaded.stderr}`);
  const drop = (): Promise<void> => {
    rmSync(work, { recursive: true, force: true });
    return Promise.resolve();
  };
  return { env, drop };
};

/** Loads the big carts (before the server starts: the embedded database has one owner at a time); answers cart and line ids. */
async function loadBigCarts(setup: Setup): Promise<Array<{ cart: number; line: number }>> {
  const file = join(mkdtempSync(join(tmpdir(), 'shop-feed-memory-yaml-')), 'big-carts.yaml');
  writeFileSync(file, BIG_CARTS_YAML);
  const loaded = await runNode(['dist/cli/fixtures.js', file], setup.env);
  rmSync(file, { force: true });
  if (loaded.code !== 0) throw new Error(`loading the big carts failed (${loaded.code}):\n${loaded.stderr}`);
  const ids = JSON.parse(loaded.stdout.trim().split('\n').at(-1)!) as { orders: Record<string, number>; orderItems: Record<string, number> };
  return Array.from({ length: CARTS }, (_, cart) => ({ cart: ids.orders[`big_${cart}`], line: ids.orderItems[`line_${cart}`] }));
}

/** Samples the process's resident memory every few milliseconds until stopped; answers the highest seen. */
function sampleResidentMemory(pid: number): { stop(): number } {
  let peak = residentMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentMb(pid));
    } catch {
      // The process is gone; the requests report that.
    }
  }, 5);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

interface FeedPage {
  _links: { next: { href: string } };
  _embedded: { items: Array<{ sequence: number; data: unknown }> };
}

/** The last sequence in the feed: `next` followed to an empty page. */
async function feedEnd(client: ApiClient): Promise<number> {
  for (let after = 0; ; ) {
    const page = (await client.request('GET', `/api/v1/events/?after=${after}&limit=500`)).body as FeedPage;
    if (page._embedded.items.length === 0) return after;
    after = Number(/after=(\d+)/.exec(page._links.next.href)![1]);
  }
}

describe.each([
  ['a PostgreSQL server', onServer],
  ['the embedded database', embedded],
])('event feed memory with the shipped heap limit, on %s', (database, setUp) => {
  let setup: Setup | undefined;
  let server: ServerProcess | undefined;
  let carts: Array<{ cart: number; line: number }>;

  beforeAll(async () => {
    setup = await setUp();
    carts = await loadBigCarts(setup);
    server = await startServer('feed-memory', { ...setup.env, WEBHOOK_CONCURRENCY: '0' }, shippedNodeFlags());
  });
  afterAll(() => stopServers(server === undefined ? [] : [server], setup));

  it(`ten maximal pages at once, ${ROUNDS} rounds, over ${BIG_EVENTS} events of the largest carts: all answered, each bounded, far below the heap limit`, async () => {
    const { client } = server!;
    const start = await feedEnd(client);

    const filling = Date.now();
    let written = 0;
    const writer = async ({ cart, line }: { cart: number; line: number }) => {
      for (let step = 0; written < BIG_EVENTS; step++) {
        written++;
        const response = await client.request('PUT', `/api/v1/carts/${cart}/items/${line}`, { quantity: PIECES_PER_LINE - (step % 2) });
        expect(response.status).toBe(204);
      }
    };
    await Promise.all(carts.map(writer));
    const fillSeconds = (Date.now() - filling) / 1000;

    const statuses: number[] = [];
    const pageBytes: number[] = [];
    const pageEvents: number[] = [];
    const pageMs: number[] = [];
    const failures: string[] = [];
    /** One page of at most 500 events after `after`: answered 200, and bounded (every event but the last leaves it under 1 MiB of data). */
    const maximalPage = async (after: number) => {
      const asked = performance.now();
      const response = await client.request('GET', `/api/v1/events/?after=${after}&limit=500`).catch((error: unknown) => {
        failures.push(error instanceof Error ? `${error.message} (${String(error.cause)})` : String(error));
        return null;
      });
      if (response === null) return;
      pageMs.push(Math.round(performance.now() - asked));
      statuses.push(response.status);
      pageBytes.push(Buffer.byteLength(response.text));
      const items = (response.body as FeedPage)._embedded.items;
      pageEvents.push(items.length);
      const dataBytes = items.map((item) => Buffer.byteLength(JSON.stringify(item.data)));
      expect(dataBytes.slice(0, -1).reduce((sum, bytes) => sum + bytes, 0)).toBeLessThan(MiB);
      expect(items[0].sequence).toBe(after + 1);
    };

    const rssBeforeMb = residentMb(server!.pid);
    const heapBeforeMb = await heapUsedMb(server!);
    const sampler = sampleResidentMemory(server!.pid);
    const started = Date.now();
    let peakRssMb: number;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        await Promise.all(Array.from({ length: CONCURRENT_PAGES }, (_, index) => maximalPage(start + ((round * CONCURRENT_PAGES + index) % (BIG_EVENTS - 20)))));
      }
    } finally {
      peakRssMb = sampler.stop();
    }
    const seconds = (Date.now() - started) / 1000;
    // A process that died says why in its output (e.g. "JavaScript heap out of memory").
    expect({ failures, output: failures.length === 0 ? '' : server!.output().slice(-3000) }).toEqual({ failures: [], output: '' });
    const heapMb = await heapUsedMb(server!);
    const live = await client.request('GET', '/health/live');

    const sorted = [...pageMs].sort((a, b) => a - b);
    report({
      run: `events feed: ${CONCURRENT_PAGES} concurrent maximal pages × ${ROUNDS} (${database}, ${shippedNodeFlags().join(' ')})`,
      database,
      requests: statuses.length,
      acknowledged: statuses.filter((status) => status === 200).length,
      expectedRejections: 0,
      serverErrors: statuses.filter((status) => status >= 500).length,
      networkErrors: failures.length,
      invariantChecks: statuses.length * 2,
      seconds,
      bigEvents: BIG_EVENTS,
      fillSeconds,
      eventsPerPage: Math.max(...pageEvents),
      pageBytes: Math.max(...pageBytes),
      pageMsMedian: sorted[Math.floor(sorted.length / 2)],
      pageMsMax: sorted.at(-1)!,
      rssBeforeMb,
      heapBeforeMb,
      peakRssMb,
      peakRssEverMb: residentMb(server!.pid, 'VmHWM'),
      heapMb,
    });

    expect(statuses).toEqual(Array.from({ length: ROUNDS * CONCURRENT_PAGES }, () => 200));
    expect(live.status).toBe(200);
    // Far below the heap limit: at most three quarters of it used, garbage not yet collected included.
    const heapLimitMb = Number(/^--max-old-space-size=(\d+)$/.exec(shippedNodeFlags().find((flag) => flag.startsWith('--max-old-space-size='))!)![1]);
    expect(heapMb).toBeLessThan(heapLimitMb * 0.75);
  });
});
