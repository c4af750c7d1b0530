/**
 * The benchmark: npm run bench [-- --quick] [--database-url URL] [--customers N --orders M --carts C]
 *   [--runs 3 --duration 10 --warmup 5 --connections 32] [--regenerate] [--force] [--skip-embedded] [--port 18300]
 *   [--only checkout|deliveries|event-commits|scale-out|product-lists]
 *
 * Prepares the datasets (reused when the marker matches, carts restored), counts SQL statements per request,
 * starts the product (node dist/main.js, with the heap flags of `npm start`) and the baseline server against the same database, drives both with
 * autocannon (and times add item into the big template carts and the checkout one request at a time, with CPU per request from /proc),
 * then the small dataset and the embedded database, prints a table with PASS/FAIL per target and
 * writes the numbers to bench/results/latest.json. `--only checkout` prepares the main dataset and runs only the
 * checkout section (latencies of complete and ship, statements of the checkout steps and order actions), writing
 * bench/results/checkout.json.
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ArgsError } from './common/args';
import { repoRoot } from './common/paths';
import { generateDataset, isDisposable, matchesSpec, readDatasetInfo, resetGeneratedCarts, type DatasetInfo, type DatasetSpec } from './data/generate';
import { databaseName, openTarget } from './data/target';
import { detectPinning, type Pinning } from './harness/cpu';
import { runLoad, summarise, type LoadResult, type LoadSpec, type LoadSummary } from './harness/load';
import { measureBigCartAdds } from './harness/big-cart-adds';
import { measureCheckout } from './harness/checkout-flow';
import { measureDeliveries, type DeliveryResults } from './harness/delivery-bench';
import { measureWithWebhooks } from './harness/webhook-bench';
import { formatScaleOut, measureScaleOut } from './harness/scale-out';
import { startScaleOutParts } from './harness/scale-out-parts';
import { formatProductLists, measureProductLists } from './harness/product-lists';
import { formatEventCommitCeiling, measureEventCommitCeiling, type EventCommitInput } from './harness/event-commit-ceiling';
import { CpuMeter, type CpuTally } from './harness/proc-cpu';
import { checkoutStatementsTarget, completeLatencyTarget, deliveryTargets, evaluateTargets, formatCheckout, formatDeliveries, formatReport, formatTargets, latencyRatio, type CheckoutResults, type Results, type ThroughputRow } from './harness/report';
import { httpGet, productNodeFlags, startServer, type ServerProcess } from './harness/server-process';
import { readSettings, type RunSettings } from './harness/settings';
import type { CheckoutSqlCounts, SqlCounts } from './harness/sql-count';

const TOKEN_HEADERS = { authorization: 'Bearer SampleToken' };
const READY_PATH = '/api/v1/customers/?limit=1';
const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

interface Prepared {
  info: DatasetInfo;
  generatedSeconds: number | null;
}

/** The dataset in place: reused (carts restored) when its marker matches the spec, generated otherwise. */
async function prepareDataset(
  label: string,
  where: { databaseUrl: string | null; dataDir: string },
  spec: DatasetSpec,
  { regenerate, force }: { regenerate: boolean; force: boolean },
): Promise<Prepared> {
  const target = await openTarget(where);
  try {
    const existing = await readDatasetInfo(target.sql);
    if (!regenerate && matchesSpec(existing, spec)) {
      log(`${label}: reusing the dataset (${spec.customers} customers, ${spec.orders} orders, ${spec.carts} carts); restoring its carts`);
      await resetGeneratedCarts(target.sql, existing);
      return { info: existing, generatedSeconds: null };
    }
    if (!force && !(await isDisposable(target.sql))) {
      throw new ArgsError(`${label}: the database holds data the benchmark did not generate; it would be emptied. Pass --force to do so.`);
    }
    log(`${label}: generating ${spec.customers} customers, ${spec.orders} orders, ${spec.carts} carts`);
    const info = await generateDataset(target, target.sql, spec, (message) => log(`${label}: ${message}`));
    return { info, generatedSeconds: info.seconds.total };
  } finally {
    await target.close();
  }
}

function childJson<T>(command: string[], env: Record<string, string>): Promise<T> {
  const [file, ...args] = command;
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as T) : reject(new Error(err.trim()))));
  });
}

/** Generated customers without a cart (so exactly their orders), at most 100. */
function sampleCustomers(info: DatasetInfo): number[] {
  const first = info.carts.count < info.customers.count ? info.carts.count : 0;
  const count = Math.min(100, info.customers.count - first);
  return Array.from({ length: count }, (_, index) => info.customers.firstId + first + index);
}

const cartPaths = (info: DatasetInfo) => Array.from({ length: info.carts.count }, (_, k) => `/api/v1/carts/${info.carts.firstId + k}`);
const ordersPaths = (info: DatasetInfo) => sampleCustomers(info).map((id) => `/api/v1/customers/${id}/orders/?limit=10`);

/** Carts the checkout latencies use up (each is placed, then shipped, once); as many again with webhook subscriptions. */
const CHECKOUT_TIMED_CARTS = 300;

/** Timed add-item requests into each big cart (50 lines; the largest cart), after a tenth as warm-up. */
const bigCartAdds = (settings: RunSettings) => (settings.mode === 'quick' ? 20 : 200);

/**
 * The generated carts the checkout section places: up to 300 for the latencies, up to 300 more for the
 * latencies with webhook subscriptions, and the last two for the statement counts (one through every step
 * and action, one cancelled). The next run restores them.
 */
function checkoutCarts(info: DatasetInfo): { timed: number[]; withSubscriptions: number[]; counted: [number, number] | null } {
  const ids = Array.from({ length: info.carts.count }, (_, k) => info.carts.firstId + k);
  const usable = Math.max(0, ids.length - 2);
  const timed = Math.min(CHECKOUT_TIMED_CARTS, usable);
  return {
    timed: ids.slice(0, timed),
    withSubscriptions: ids.slice(timed, Math.min(timed + CHECKOUT_TIMED_CARTS, usable)),
    counted: ids.length >= 2 ? [ids[ids.length - 2], ids[ids.length - 1]] : null,
  };
}

/** The product may deliver webhooks to the runner's local receiver (http, loopback). */
const WEBHOOK_RECEIVER_ENV = { WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' };

/** Statements per checkout step and order action, counted in-process on the last two generated carts. */
async function countCheckoutStatements(info: DatasetInfo, databaseUrl: string): Promise<CheckoutSqlCounts | null> {
  const { counted } = checkoutCarts(info);
  if (counted === null) return null;
  log('counting SQL statements of the checkout steps and order actions (in-process app)');
  return childJson<CheckoutSqlCounts>([process.execPath, join(__dirname, 'harness', 'sql-count.js'), JSON.stringify({ checkoutCartIds: counted })], { DATABASE_URL: databaseUrl });
}

class Bench {
  readonly servers: ServerProcess[] = [];

  constructor(
    private readonly settings: RunSettings,
    private readonly pinning: Pinning,
    private readonly root: string,
  ) {}

  async startProduct(name: string, env: Record<string, string>, port: number, { pinned = true } = {}): Promise<ServerProcess> {
    const server = await startServer({
      name,
      command: [...(pinned ? this.pinning.server : []), process.execPath, ...productNodeFlags(this.root), join(this.root, 'dist', 'main.js')],
      env: { HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...WEBHOOK_RECEIVER_ENV, ...env },
      port,
      readyPath: READY_PATH,
      headers: TOKEN_HEADERS,
    });
    this.servers.push(server);
    log(`${name} answered 200 ${server.firstOkMs} ms after start`);
    return server;
  }

  /** `npm run worker` with its default settings; ready once its metrics answer. */
  async startWorker(env: Record<string, string>, metricsPort: number, { pinned = true } = {}): Promise<ServerProcess> {
    const server = await startServer({
      name: 'worker',
      command: [...(pinned ? this.pinning.server : []), process.execPath, join(this.root, 'dist', 'cli', 'worker.js')],
      env: { HOST: '127.0.0.1', WORKER_METRICS_PORT: String(metricsPort), LOG_LEVEL: 'warn', ...WEBHOOK_RECEIVER_ENV, ...env },
      port: metricsPort,
      readyPath: '/metrics',
      headers: {},
    });
    this.servers.push(server);
    return server;
  }

  async startBaseline(databaseUrl: string, port: number): Promise<ServerProcess> {
    const server = await startServer({
      name: 'baseline',
      command: [...this.pinning.server, process.execPath, join(this.root, 'dist-bench', 'bench', 'baseline', 'main.js')],
      env: { DATABASE_URL: databaseUrl, PORT: String(port), DB_POOL_SIZE: '10' },
      port,
      readyPath: READY_PATH,
      headers: TOKEN_HEADERS,
    });
    this.servers.push(server);
    return server;
  }

  async stop(server: ServerProcess): Promise<void> {
    await server.stop();
    this.servers.splice(this.servers.indexOf(server), 1);
  }

  async stopAll(): Promise<void> {
    for (const server of [...this.servers]) await this.stop(server);
  }

  load(server: ServerProcess, paths: string[], connections: number, durationSeconds: number, post?: string): Promise<LoadResult> {
    const spec: LoadSpec = {
      baseUrl: server.baseUrl,
      method: post === undefined ? 'GET' : 'POST',
      paths,
      ...(post === undefined ? {} : { body: post }),
      headers: post === undefined ? TOKEN_HEADERS : { ...TOKEN_HEADERS, 'content-type': 'application/json' },
      connections,
      durationSeconds,
    };
    return runLoad(spec, this.pinning);
  }

  /** Null when the GET answers 200, else why it cannot be measured. */
  async probe(server: ServerProcess, path: string): Promise<string | null> {
    const response = await httpGet(`${server.baseUrl}${path}`, TOKEN_HEADERS);
    if (response.status === 200) return null;
    const note = response.status === 404 && response.body.includes('No route found') ? 'route missing' : `HTTP ${response.status}`;
    log(`${server.name}: ${path} answered ${response.status}: skipped (${note})`);
    return note;
  }

  /** Warm-up, then the runs; null when the first path does not answer 200 (the note says why). */
  /** `cpu` adds the runs' CPU to a tally (the warm-up not counted). */
  async measure(server: ServerProcess, paths: string[], connections: number, runs: number, post?: string, cpu?: CpuTally): Promise<{ summary: LoadSummary | null; note?: string }> {
    if (post === undefined) {
      const note = await this.probe(server, paths[0]);
      if (note !== null) return { summary: null, note };
    }
    if (this.settings.warmupSeconds > 0) await this.load(server, paths, connections, this.settings.warmupSeconds, post);
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const once = () => this.load(server, paths, connections, this.settings.durationSeconds, post);
      results.push(await (cpu ? cpu.around(once, (result) => result.total) : once()));
    }
    const summary = summarise(results);
    if (summary.non2xx > 0 || summary.errors > 0) log(`${server.name}: ${summary.non2xx} non-2xx responses and ${summary.errors} errors on ${paths[0]}`);
    return { summary };
  }

  /** Product and baseline alternate run by run, so both see the same background load; `cpu` tallies the product's runs. */
  async compare(endpoint: string, paths: string[], product: ServerProcess, baseline: ServerProcess, cpu?: CpuTally): Promise<ThroughputRow> {
    log(`throughput: ${endpoint}`);
    const note = await this.probe(product, paths[0]);
    if (note !== null) return { endpoint, product: null, baseline: (await this.measure(baseline, paths, this.settings.connections, this.settings.runs)).summary, productNote: note };
    if ((await this.probe(baseline, paths[0])) !== null) throw new Error(`The baseline cannot serve ${paths[0]}`);
    if (this.settings.warmupSeconds > 0) {
      await this.load(product, paths, this.settings.connections, this.settings.warmupSeconds);
      await this.load(baseline, paths, this.settings.connections, this.settings.warmupSeconds);
    }
    const productRuns = [];
    const baselineRuns = [];
    for (let run = 0; run < this.settings.runs; run += 1) {
      const productRun = () => this.load(product, paths, this.settings.connections, this.settings.durationSeconds);
      productRuns.push(await (cpu ? cpu.around(productRun, (result) => result.total) : productRun()));
      baselineRuns.push(await this.load(baseline, paths, this.settings.connections, this.settings.durationSeconds));
    }
    const row = { endpoint, product: summarise(productRuns), baseline: summarise(baselineRuns) };
    for (const [side, summary] of [['product', row.product], ['baseline', row.baseline]] as const) {
      if (summary.non2xx > 0 || summary.errors > 0) log(`${side}: ${summary.non2xx} non-2xx and ${summary.errors} errors on ${endpoint}`);
    }
    return row;
  }
}

async function main(): Promise<void> {
  const settings = readSettings(process.argv.slice(2));
  const root = repoRoot();
  const pinning = detectPinning();
  const bench = new Bench(settings, pinning, root);
  const started = Date.now();
  const meta: Record<string, unknown> = {
    mode: settings.mode,
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    pinning: pinning.note,
    load: `load average at start ${loadavg().map((l) => l.toFixed(1)).join(' ')} (numbers are only comparable on an idle machine)`,
    connections: settings.connections,
    runs: settings.runs,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
  };

  try {
    if (settings.only === 'checkout') {
      await checkoutOnly(bench, settings, meta, started);
      return;
    }
    if (settings.only === 'deliveries') {
      await deliveriesOnly(bench, settings, meta, started);
      return;
    }
    if (settings.only === 'event-commits') {
      await eventCommitsOnly(bench, settings, pinning, meta, started);
      return;
    }
    if (settings.only === 'scale-out') {
      await scaleOutOnly(bench, settings, meta, started);
      return;
    }
    if (settings.only === 'product-lists') {
      await productListsOnly(bench, settings, meta, started);
      return;
    }
    const full = await prepareDataset(`full (${databaseName(settings.full.url)})`, { databaseUrl: settings.full.url, dataDir: '' }, settings.full.spec, settings);
    const small = await prepareDataset(`small (${databaseName(settings.small.url)})`, { databaseUrl: settings.small.url, dataDir: '' }, settings.small.spec, settings);
    const embedded = settings.embedded
      ? await prepareDataset(`embedded (${settings.embedded.dataDir})`, { databaseUrl: null, dataDir: settings.embedded.dataDir }, settings.embedded.spec, settings)
      : null;
    const describe = (label: string, spec: DatasetSpec, prepared: Prepared) =>
      `${label}: ${spec.customers} customers, ${spec.orders} orders, ${spec.carts} carts — ${prepared.generatedSeconds === null ? 'reused' : `generated in ${prepared.generatedSeconds} s (orders ${prepared.info.seconds.orders} s)`}`;
    const data = {
      full: { database: databaseName(settings.full.url), spec: settings.full.spec, generatedSeconds: full.generatedSeconds, seconds: full.info.seconds },
      small: { database: databaseName(settings.small.url), spec: settings.small.spec, generatedSeconds: small.generatedSeconds },
      embedded: embedded && settings.embedded ? { dataDir: settings.embedded.dataDir, spec: settings.embedded.spec, generatedSeconds: embedded.generatedSeconds } : null,
      lines: [
        describe(`full DB ${databaseName(settings.full.url)}`, settings.full.spec, full),
        describe(`small DB ${databaseName(settings.small.url)}`, settings.small.spec, small),
        ...(embedded && settings.embedded ? [describe(`embedded ${settings.embedded.dataDir}`, settings.embedded.spec, embedded)] : []),
      ],
    };

    log('counting SQL statements per request (in-process app)');
    const sql = await childJson<SqlCounts>([process.execPath, join(__dirname, 'harness', 'sql-count.js'), JSON.stringify({
      cart1Id: full.info.cart1Id,
      cart10Id: full.info.carts.count > 0 ? full.info.carts.firstId : full.info.carts.templateId,
      cart50Id: full.info.cart50Id,
      customerId: sampleCustomers(full.info)[0] ?? full.info.templateCustomerId,
      addItemVariant: full.info.addItemVariant,
    })], { DATABASE_URL: settings.full.url });

    const port = settings.port;
    const product = await bench.startProduct('product (server DB)', { DATABASE_URL: settings.full.url }, port);
    const baseline = await bench.startBaseline(settings.full.url, port + 1);
    const meter = await CpuMeter.open(product.pid, settings.full.url);
    const getCartCpu = meter.tally();
    const orderPaths = ordersPaths(full.info);
    const throughput = [
      await bench.compare(`GET cart (10 lines)`, cartPaths(full.info), product, baseline, getCartCpu),
      await bench.compare('GET customers page (limit 10)', ['/api/v1/customers/?limit=10'], product, baseline),
      await bench.compare('GET customer orders page (limit 10)', orderPaths, product, baseline),
    ];
    log('latency: orders page 1 at 1 connection (full table)');
    const productFull = (await bench.measure(product, orderPaths, 1, 1)).summary;
    const baselineFull = (await bench.measure(baseline, orderPaths, 1, 1)).summary;
    log('latency: add item to 10-line carts (distinct carts, merging into an existing line)');
    const itemBody = JSON.stringify({ variant: full.info.addItemVariant, quantity: 1 });
    const itemPaths = cartPaths(full.info).map((path) => `${path}/items/`);
    const addItemCpu = meter.tally();
    const addOne = itemPaths.length > 0 ? (await bench.measure(product, itemPaths, 1, 1, itemBody, addItemCpu)).summary : null;
    const addSixteen = itemPaths.length > 0 ? (await bench.measure(product, itemPaths, 16, 1, itemBody)).summary : null;
    const bigCarts = await measureBigCartAdds(
      product.baseUrl,
      TOKEN_HEADERS,
      { fiftyLines: full.info.cart50Id, largest: full.info.largestCart, variant: full.info.bigCartAddItemVariant },
      bigCartAdds(settings),
      log,
    );
    const checkoutLatency = await measureCheckout(product.baseUrl, TOKEN_HEADERS, checkoutCarts(full.info).timed, log, meter.tally());
    const webhooks = await measureWithWebhooks({
      baseUrl: product.baseUrl,
      databaseUrl: settings.full.url,
      headers: TOKEN_HEADERS,
      checkoutCartIds: checkoutCarts(full.info).withSubscriptions,
      // Only carts still open: the ones the checkout section just placed would answer 404.
      addItem: async (cpu) => {
        const placed = new Set(checkoutCarts(full.info).timed.map((id) => `/api/v1/carts/${id}/items/`));
        const open = itemPaths.filter((path) => !placed.has(path));
        return open.length > 0 ? (await bench.measure(product, open, 1, 1, itemBody, cpu)).summary : null;
      },
      tally: () => meter.tally(),
      log,
    });
    await meter.close();
    const deliveries = await measureDeliverySection(bench, settings, full.info, product);
    const serverRss = product.peakRssMb();
    const serverFirstOk = product.firstOkMs;
    const baselineFirstOk = baseline.firstOkMs;
    await bench.stopAll();
    const checkout: CheckoutResults = { latency: checkoutLatency, sql: await countCheckoutStatements(full.info, settings.full.url) };
    const eventCommits = await measureEventCommitCeiling(eventCommitInput(bench, settings, pinning, full.info));

    log('latency: orders page 1 at 1 connection (small table)');
    const productSmallServer = await bench.startProduct('product (small DB)', { DATABASE_URL: settings.small.url }, port);
    const baselineSmallServer = await bench.startBaseline(settings.small.url, port + 1);
    const smallPaths = ordersPaths(small.info);
    const productSmall = (await bench.measure(productSmallServer, smallPaths, 1, 1)).summary;
    const baselineSmall = (await bench.measure(baselineSmallServer, smallPaths, 1, 1)).summary;
    await bench.stopAll();

    let embeddedRss: number | null = null;
    let embeddedFirstOk: number | null = null;
    if (embedded && settings.embedded) {
      const server = await bench.startProduct('product (embedded DB)', { DATABASE_URL: '', DATA_DIR: settings.embedded.dataDir }, port);
      embeddedFirstOk = server.firstOkMs;
      log('embedded: load for the peak RSS (GET cart, customers, customer orders, add item)');
      await bench.measure(server, cartPaths(embedded.info), settings.connections, 1);
      await bench.measure(server, ['/api/v1/customers/?limit=10'], settings.connections, 1);
      await bench.measure(server, ordersPaths(embedded.info), settings.connections, 1);
      await bench.measure(server, cartPaths(embedded.info).map((path) => `${path}/items/`), 16, 1, JSON.stringify({ variant: embedded.info.addItemVariant, quantity: 1 }));
      embeddedRss = server.peakRssMb();
      await bench.stopAll();
    }

    const partial: Omit<Results, 'targets'> = {
      meta: { ...meta, seconds: Math.round((Date.now() - started) / 1000) },
      data,
      throughput,
      addItem: { oneConnection: addOne, sixteenConnections: addSixteen },
      bigCartAdds: bigCarts,
      cpu: { getCart10Lines: getCartCpu.perRequest(), addItem10Lines: addItemCpu.perRequest() },
      ordersPage: {
        productFull,
        productSmall,
        baselineFull,
        baselineSmall,
        productRatio: latencyRatio(productFull, productSmall),
        baselineRatio: latencyRatio(baselineFull, baselineSmall),
      },
      sql,
      checkout,
      webhooks,
      deliveries,
      eventCommits,
      peakRssMb: { server: serverRss, embedded: embeddedRss },
      firstOkMs: { server: serverFirstOk, embedded: embeddedFirstOk, baseline: baselineFirstOk },
    };
    const results: Results = { ...partial, targets: evaluateTargets(partial) };
    const file = join(root, 'bench', 'results', 'latest.json');
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    process.stdout.write(`${formatReport(results)}\n\nwritten to ${file}\n`);
  } finally {
    await bench.stopAll();
  }
}

/** `--only checkout`: the main dataset (carts restored), the product on the server DB, the checkout section alone. */
async function checkoutOnly(bench: Bench, settings: RunSettings, meta: Record<string, unknown>, started: number): Promise<void> {
  const full = await prepareDataset(`full (${databaseName(settings.full.url)})`, { databaseUrl: settings.full.url, dataDir: '' }, settings.full.spec, settings);
  const product = await bench.startProduct('product (server DB)', { DATABASE_URL: settings.full.url }, settings.port);
  const meter = await CpuMeter.open(product.pid, settings.full.url);
  const latency = await measureCheckout(product.baseUrl, TOKEN_HEADERS, checkoutCarts(full.info).timed, log, meter.tally());
  await meter.close();
  await bench.stopAll();
  const checkout: CheckoutResults = { latency, sql: await countCheckoutStatements(full.info, settings.full.url) };
  const targets = [checkoutStatementsTarget(checkout), completeLatencyTarget(checkout)];
  const results = { meta: { ...meta, only: 'checkout', seconds: Math.round((Date.now() - started) / 1000) }, data: { database: databaseName(settings.full.url), spec: settings.full.spec }, checkout, targets };
  const file = join(repoRoot(), 'bench', 'results', 'checkout.json');
  mkdirSync(join(repoRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const header = `shop-admin-api benchmark — checkout section only (${String(meta.mode)} data: ${databaseName(settings.full.url)}), ${String(meta.date)}\n${String(meta.pinning)}; ${String(meta.load)}`;
  process.stdout.write(`${header}\n\n${formatCheckout(checkout)}\n\n${formatTargets(targets)}\n\nwritten to ${file}\n`);
}

/**
 * `--only product-lists`: the catalogue lists on 100 and 100,000 products (quick: 5,000), each size in a database
 * of its own beside the main one; writes bench/results/product-lists.json.
 */
async function productListsOnly(bench: Bench, settings: RunSettings, meta: Record<string, unknown>, started: number): Promise<void> {
  const quick = settings.mode === 'quick';
  const productLists = await measureProductLists({
    baseUrl: settings.full.url,
    sizes: { small: 100, big: quick ? 5_000 : 100_000 },
    requests: quick ? 20 : 200,
    regenerate: settings.regenerate,
    headers: TOKEN_HEADERS,
    log,
    startProduct: async (name, databaseUrl) => {
      const server = await bench.startProduct(name, { DATABASE_URL: databaseUrl }, settings.port);
      return { baseUrl: server.baseUrl, stop: () => bench.stop(server) };
    },
  });
  const results = { meta: { ...meta, only: 'product-lists', seconds: Math.round((Date.now() - started) / 1000) }, productLists };
  const file = join(repoRoot(), 'bench', 'results', 'product-lists.json');
  mkdirSync(join(repoRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const header = `shop-admin-api benchmark — product lists only (${String(meta.mode)}), ${String(meta.date)}\n${String(meta.pinning)}; ${String(meta.load)}`;
  process.stdout.write(`${header}\n\n${formatProductLists(productLists)}\n\nwritten to ${file}\n`);
}

/** The delivery section on the running product: a worker beside it, CPU of both and of PostgreSQL. */
async function measureDeliverySection(bench: Bench, settings: RunSettings, info: DatasetInfo, product: ServerProcess): Promise<DeliveryResults> {
  const worker = await bench.startWorker({ DATABASE_URL: settings.full.url }, settings.port + 2);
  const meters = [await CpuMeter.open(product.pid, settings.full.url), await CpuMeter.open(worker.pid, settings.full.url)];
  try {
    return await measureDeliveries({
      baseUrl: product.baseUrl,
      databaseUrl: settings.full.url,
      headers: TOKEN_HEADERS,
      customerIds: sampleCustomers(info).slice(0, 50),
      tallies: () => meters.map((meter) => meter.tally()),
      quick: settings.mode === 'quick',
      log,
    });
  } finally {
    for (const meter of meters) await meter.close();
    await bench.stop(worker);
  }
}

/** `--only deliveries`: the main dataset, the product on the server DB and one worker, the delivery section alone. */
async function deliveriesOnly(bench: Bench, settings: RunSettings, meta: Record<string, unknown>, started: number): Promise<void> {
  const full = await prepareDataset(`full (${databaseName(settings.full.url)})`, { databaseUrl: settings.full.url, dataDir: '' }, settings.full.spec, settings);
  const product = await bench.startProduct('product (server DB)', { DATABASE_URL: settings.full.url }, settings.port);
  const deliveries = await measureDeliverySection(bench, settings, full.info, product);
  await bench.stopAll();
  const targets = deliveryTargets(deliveries);
  const results = { meta: { ...meta, only: 'deliveries', seconds: Math.round((Date.now() - started) / 1000) }, deliveries, targets };
  const file = join(repoRoot(), 'bench', 'results', 'deliveries.json');
  mkdirSync(join(repoRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const header = `shop-admin-api benchmark — webhook deliveries only (${String(meta.mode)}), ${String(meta.date)}\n${String(meta.pinning)}; ${String(meta.load)}`;
  process.stdout.write(`${header}\n\n${formatDeliveries(deliveries)}\n\n${formatTargets(targets)}\n\nwritten to ${file}\n`);
}

/** The event-commit section on the main dataset: it starts its own two product processes. */
function eventCommitInput(bench: Bench, settings: RunSettings, pinning: Pinning, info: DatasetInfo): EventCommitInput {
  return {
    databaseUrl: settings.full.url,
    customers: info.customers,
    rounds: settings.runs,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    port: settings.port,
    pinning,
    headers: TOKEN_HEADERS,
    start: (name, env, port) => bench.startProduct(name, { DATABASE_URL: settings.full.url, ...env }, port),
    stop: (server) => bench.stop(server),
    log,
  };
}

/** `--only event-commits`: the main dataset, the event-writing commits section alone; writes bench/results/event-commits.json. */
async function eventCommitsOnly(bench: Bench, settings: RunSettings, pinning: Pinning, meta: Record<string, unknown>, started: number): Promise<void> {
  const full = await prepareDataset(`full (${databaseName(settings.full.url)})`, { databaseUrl: settings.full.url, dataDir: '' }, settings.full.spec, settings);
  const eventCommits = await measureEventCommitCeiling(eventCommitInput(bench, settings, pinning, full.info));
  const results = { meta: { ...meta, only: 'event-commits', seconds: Math.round((Date.now() - started) / 1000) }, data: { database: databaseName(settings.full.url), spec: settings.full.spec }, eventCommits };
  const file = join(repoRoot(), 'bench', 'results', 'event-commits.json');
  mkdirSync(join(repoRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const header = `shop-admin-api benchmark — event-writing commits section only (${String(meta.mode)} data: ${databaseName(settings.full.url)}), ${String(meta.date)}\n${String(meta.pinning)}; ${String(meta.load)}`;
  process.stdout.write(`${header}\n\n${formatEventCommitCeiling(eventCommits)}\n\nwritten to ${file}\n`);
}

/**
 * `--only scale-out`: the main dataset; one API process, two, two with a worker behind PgBouncer, and that with a
 * streaming standby (scripts/pgbouncer.sh and scripts/replica.sh start and stop them); writes bench/results/scale-out.json.
 */
async function scaleOutOnly(bench: Bench, settings: RunSettings, meta: Record<string, unknown>, started: number): Promise<void> {
  const full = await prepareDataset(`full (${databaseName(settings.full.url)})`, { databaseUrl: settings.full.url, dataDir: '' }, settings.full.spec, settings);
  const parts = startScaleOutParts(repoRoot(), settings.full.url, log);
  const itemBody = JSON.stringify({ variant: full.info.addItemVariant, quantity: 1 });
  const scaleOut = await measureScaleOut(
    {
      databaseUrl: settings.full.url,
      headers: TOKEN_HEADERS,
      endpoints: [
        { name: 'GET cart (10 lines)', method: 'GET', paths: cartPaths(full.info), connections: settings.connections },
        { name: 'GET customers page (limit 10)', method: 'GET', paths: ['/api/v1/customers/?limit=10'], connections: settings.connections },
        { name: 'add item (10-line carts)', method: 'POST', paths: cartPaths(full.info).map((path) => `${path}/items/`), body: itemBody, connections: 16 },
      ],
      runs: settings.runs,
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
      port: settings.port,
      ...parts,
      // Not pinned: two API processes on one CPU would show nothing of scaling out.
      startApi: (name, env, port) => bench.startProduct(name, env, port, { pinned: false }),
      startWorker: (env, port) => bench.startWorker(env, port, { pinned: false }),
      stop: (server) => bench.stop(server),
      log,
    },
    parts.ports,
  );
  const results = { meta: { ...meta, only: 'scale-out', seconds: Math.round((Date.now() - started) / 1000) }, data: { database: databaseName(settings.full.url), spec: settings.full.spec }, scaleOut };
  const file = join(repoRoot(), 'bench', 'results', 'scale-out.json');
  mkdirSync(join(repoRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const header = `shop-admin-api benchmark — scale-out section only (${String(meta.mode)} data: ${databaseName(settings.full.url)}), ${String(meta.date)}\n${String(meta.load)}`;
  process.stdout.write(`${header}\n\n${formatScaleOut(scaleOut)}\n\nwritten to ${file}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof ArgsError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
