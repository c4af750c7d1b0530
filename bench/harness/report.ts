import { MAX_CART_LINES, MAX_CART_UNITS } from '../../src/orders/domain/cart-limits';
import { describeLargestCart, type BigCartAdds } from './big-cart-adds';
import type { LoadSummary } from './load';
import type { CheckoutLatencies } from './checkout-flow';
import { formatEventCommitCeiling, type EventCommitCeiling } from './event-commit-ceiling';
import type { CpuPerRequest } from './proc-cpu';
import type { CheckoutSqlCounts, StatementCount, SqlCounts } from './sql-count';
import type { WebhookResults } from './webhook-bench';
import type { DeliveryResults } from './delivery-bench';

type Verdict = 'PASS' | 'FAIL' | 'N/A';

export interface Target {
  name: string;
  value: number | null;
  /** Human-readable limit, e.g. "≥ 0.5". */
  limit: string;
  verdict: Verdict;
  note?: string;
}

export interface ThroughputRow {
  endpoint: string;
  product: LoadSummary | null;
  baseline: LoadSummary | null;
  /** Why the product side is missing, if it is. */
  productNote?: string;
}

/** Checkout and order actions: latencies at 1 connection (server DB) and statements per request. */
export interface CheckoutResults {
  latency: CheckoutLatencies | null;
  sql: CheckoutSqlCounts | null;
}

export interface Results {
  meta: Record<string, unknown>;
  data: Record<string, unknown>;
  throughput: ThroughputRow[];
  addItem: { oneConnection: LoadSummary | null; sixteenConnections: LoadSummary | null };
  bigCartAdds: BigCartAdds | null;
  /** Per request, from /proc; complete checkout's is in checkout.latency.completeCpu. */
  cpu: { getCart10Lines: CpuPerRequest | null; addItem10Lines: CpuPerRequest | null };
  ordersPage: {
    productFull: LoadSummary | null;
    productSmall: LoadSummary | null;
    baselineFull: LoadSummary | null;
    baselineSmall: LoadSummary | null;
    productRatio: number | null;
    baselineRatio: number | null;
  };
  sql: SqlCounts | null;
  checkout: CheckoutResults;
  /** Issue #22: the same writes with two webhook subscriptions, and the delivery throughput. */
  webhooks: WebhookResults | null;
  /** Issue #29: 200 subscriptions delivered by the API and one worker, with and without a hanging receiver. */
  deliveries: DeliveryResults | null;
  /** Event-writing commits per second on two product processes, with the event counter and without. */
  eventCommits: EventCommitCeiling | null;
  peakRssMb: { server: number | null; embedded: number | null };
  firstOkMs: { server: number | null; embedded: number | null; baseline: number | null };
  targets: Target[];
}

const at = (ok: boolean | null): Verdict => (ok === null ? 'N/A' : ok ? 'PASS' : 'FAIL');
const ratio = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a === null || a === undefined || b === null || b === undefined || b === 0 ? null : Math.round((a / b) * 100) / 100;

function throughputRatio(row: ThroughputRow): number | null {
  return ratio(row.product?.requestsPerSecond, row.baseline?.requestsPerSecond);
}

export function latencyRatio(full: LoadSummary | null, small: LoadSummary | null): number | null {
  return ratio(full?.p50, small?.p50);
}

const most = (...counts: Array<StatementCount | null | undefined>): number | null => {
  const totals = counts.filter((c): c is StatementCount => Boolean(c)).map((c) => c.total);
  return totals.length === 0 ? null : Math.max(...totals);
};

/** Issue #12's throughput floors, product ÷ baseline, by endpoint label. */
const DATA_LAYER_RATIOS: ReadonlyArray<[string, number]> = [
  ['GET cart (10 lines)', 1.5],
  ['GET customers page (limit 10)', 0.7],
  ['GET customer orders page (limit 10)', 2.0],
];

/** The issues' targets (issue #12's where it set new ones), each with its measured value and verdict. */
export function evaluateTargets(results: Omit<Results, 'targets'>): Target[] {
  const targets: Target[] = [];
  const max = (name: string, value: number | null, limit: number, unit = '', note?: string) =>
    targets.push({ name, value, limit: `≤ ${limit}${unit}`, verdict: at(value === null ? null : value <= limit), ...(note ? { note } : {}) });
  for (const row of results.throughput) {
    const value = throughputRatio(row);
    targets.push({ name: `req/s product/baseline: ${row.endpoint}`, value, limit: '≥ 0.5', verdict: at(value === null ? null : value >= 0.5), ...(row.productNote ? { note: row.productNote } : {}) });
  }
  // Issue #12 (data layer on entities): throughput ratios against the baseline.
  const ratioAtLeast = (endpoint: string, limit: number) => {
    const row = results.throughput.find((candidate) => candidate.endpoint === endpoint);
    const value = row ? throughputRatio(row) : null;
    targets.push({ name: `req/s product/baseline (issue #12): ${endpoint}`, value, limit: `≥ ${limit}`, verdict: at(value === null ? null : value >= limit) });
  };
  for (const [endpoint, limit] of DATA_LAYER_RATIOS) ratioAtLeast(endpoint, limit);
  const one = results.addItem.oneConnection;
  max('add item (10-line cart, 1 conn) p50', one?.p50 ?? null, 8, ' ms');
  max('add item (10-line cart, 1 conn) p99', one?.p99 ?? null, 20, ' ms');
  max('orders page 1: p50 at full ÷ at small table', results.ordersPage.productRatio, 1.3);
  const sql = results.sql;
  max('SQL statements: GET cart (1/10/50 lines)', most(sql?.getCart1Line, sql?.getCart10Lines, sql?.getCart50Lines), 6);
  max('SQL statements: list page (customers, customer orders)', most(sql?.customersPage, sql?.customerOrdersPage), 6, '', sql && !sql.customerOrdersPage ? 'customer orders route missing' : undefined);
  max('SQL statements: add item (1/50-line cart)', most(sql?.addItem1Line, sql?.addItem50Lines), 12);
  targets.push(checkoutStatementsTarget(results.checkout));
  targets.push(...issue21Targets(results));
  if (results.deliveries) targets.push(...deliveryTargets(results.deliveries));
  max('peak RSS, server DB', results.peakRssMb.server, 250, ' MB');
  max('peak RSS, embedded DB', results.peakRssMb.embedded, 700, ' MB');
  max('start to first 200, server DB', results.firstOkMs.server, 2000, ' ms');
  max('start to first 200, embedded DB (existing data)', results.firstOkMs.embedded, 3000, ' ms');
  return targets;
}

/** Issue #21's latency and throughput targets (the product on the server DB). */
const ISSUE_21 = {
  addItemP50: 10,
  addItemP99: 25,
  getCartRatio: 1.5,
  completeP50: 20,
  /** Add item into the largest cart the limits allow (issue #21 asked it of 200 lines, issue #31 of the limits). */
  bigCartP50: 50,
};

function issue21Targets(results: Omit<Results, 'targets'>): Target[] {
  const atMost = (name: string, value: number | null | undefined, limit: number, unit: string, note?: string, issues = 'issue #21'): Target => ({
    name: `${name} (${issues})`,
    value: value ?? null,
    limit: `≤ ${limit}${unit}`,
    verdict: at(value === null || value === undefined ? null : value <= limit),
    ...(note ? { note } : {}),
  });
  const getCart = results.throughput.find((row) => row.endpoint === 'GET cart (10 lines)');
  const ratioValue = getCart ? throughputRatio(getCart) : null;
  return [
    atMost('add item (10-line cart, 1 conn) p50', results.addItem.oneConnection?.p50, ISSUE_21.addItemP50, ' ms'),
    atMost('add item (10-line cart, 1 conn) p99', results.addItem.oneConnection?.p99, ISSUE_21.addItemP99, ' ms'),
    { name: 'req/s product/baseline: GET cart (10 lines) (issue #21)', value: ratioValue, limit: `≥ ${ISSUE_21.getCartRatio}`, verdict: at(ratioValue === null ? null : ratioValue >= ISSUE_21.getCartRatio) },
    completeLatencyTarget(results.checkout),
    atMost(
      `add item into the ${largestCartLabel(results.bigCartAdds)}, 1 conn p50`,
      results.bigCartAdds?.largest?.p50,
      ISSUE_21.bigCartP50,
      ' ms',
      results.bigCartAdds?.note,
      'issues #21, #31',
    ),
  ];
}

/** The cart the big-cart row measured; the limits' own numbers when it was not measured. */
function largestCartLabel(big: BigCartAdds | null): string {
  return describeLargestCart(big?.largestCart ?? { lines: MAX_CART_LINES, pieces: MAX_CART_UNITS });
}

/** Issue #21: completing a checkout (10-line cart, 1 connection) at p50 ≤ 20 ms. */
export function completeLatencyTarget(checkout: CheckoutResults): Target {
  const value = checkout.latency?.complete?.p50 ?? null;
  return { name: 'complete checkout (10-line cart, 1 conn) p50 (issue #21)', value, limit: `≤ ${ISSUE_21.completeP50} ms`, verdict: at(value === null ? null : value <= ISSUE_21.completeP50) };
}

const CHECKOUT_STATEMENT_LIMIT = 12;

/** Issue #14's budget: every checkout step and order action at most 12 statements, authentication included. */
export function checkoutStatementsTarget(checkout: CheckoutResults): Target {
  const sql = checkout.sql;
  const value = sql ? most(sql.addressing, sql.selectShipping, sql.selectPayment, sql.complete, sql.completePayment, sql.ship, sql.cancel) : null;
  return { name: 'SQL statements: checkout steps, order actions', value, limit: `≤ ${CHECKOUT_STATEMENT_LIMIT}`, verdict: at(value === null ? null : value <= CHECKOUT_STATEMENT_LIMIT) };
}

const pad = (text: string, width: number) => (text.length >= width ? text : text + ' '.repeat(width - text.length));
const padLeft = (text: string, width: number) => (text.length >= width ? text : ' '.repeat(width - text.length) + text);
const num = (value: number | null | undefined, digits = 0) => (value === null || value === undefined ? '—' : value.toFixed(digits));
const ms = (value: number | null | undefined) => (value === null || value === undefined ? '—' : value < 10 ? value.toFixed(2) : value.toFixed(1));

function table(header: string[], rows: string[][], alignLeft = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < alignLeft ? pad(c, widths[i]) : padLeft(c, widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const cpuCells = (cpu: CpuPerRequest | null | undefined): string[] => [ms(cpu?.nodeMs), ms(cpu?.postgresMs), ms(cpu?.postgresServerMs)];

const sqlCell = (count: StatementCount | null | undefined) => (count ? `${count.total} (${count.transactionControl} tx)` : '—');

export function formatTargets(targets: Target[]): string {
  return table(
    ['target', 'measured', 'limit', 'verdict'],
    targets.map((t) => [t.name, t.value === null ? (t.note ?? '—') : `${t.value}${t.note ? ` (${t.note})` : ''}`, t.limit, t.verdict]),
  );
}

/** The checkout section: latencies, then statements per request. */
export function formatCheckout(checkout: CheckoutResults): string {
  const latency = checkout.latency;
  const row = (name: string, value: { requests: number; p50: number; p99: number } | null | undefined): string[] => [name, ms(value?.p50), ms(value?.p99), num(value?.requests)];
  const sql = checkout.sql;
  return [
    table(
      ['checkout latency (product, server DB, 1 conn)', 'p50 ms', 'p99 ms', 'requests'],
      [row('complete checkout, 10-line cart', latency?.complete), row('ship (with tracking code)', latency?.ship)],
    ),
    ...(latency?.note ? [`checkout latency incomplete: ${latency.note}`] : []),
    ...(latency ? [`(each of ${latency.carts} generated carts placed once, then each shipment shipped once; the first ${latency.warmup} requests of each not counted)`] : []),
    ...(latency?.completeCpu
      ? [`complete checkout, CPU per request: Node ${ms(latency.completeCpu.nodeMs)} ms, PostgreSQL ${ms(latency.completeCpu.postgresMs)} ms (bench DB backends), ${ms(latency.completeCpu.postgresServerMs)} ms (whole server)`]
      : []),
    '',
    table(
      ['SQL statements per request (checkout and order actions)', 'count'],
      [
        ['PUT checkout addressing', sqlCell(sql?.addressing)],
        ['PUT checkout select-shipping', sqlCell(sql?.selectShipping)],
        ['PUT checkout select-payment', sqlCell(sql?.selectPayment)],
        ['PUT checkout complete', sqlCell(sql?.complete)],
        ['PUT order payment complete (pay)', sqlCell(sql?.completePayment)],
        ['PUT order shipment ship', sqlCell(sql?.ship)],
        ['PUT order cancel', sqlCell(sql?.cancel)],
      ],
    ),
  ].join('\n');
}

/** Issue #21's requests: latency, CPU per request (Node and PostgreSQL, from /proc) and the target, side by side. */
function formatLatencyAndCpu(results: Results): string {
  const getCart = results.throughput.find((row) => row.endpoint === 'GET cart (10 lines)');
  const big = results.bigCartAdds;
  const complete = results.checkout.latency;
  const rows: string[][] = [
    ['GET cart, 10 lines', String(results.meta.connections), ms(getCart?.product?.p50), ms(getCart?.product?.p99), ...cpuCells(results.cpu.getCart10Lines), `req/s ≥ ${ISSUE_21.getCartRatio} × baseline (${num(getCart ? throughputRatio(getCart) : null, 2)})`],
    ['add item, 10-line cart', '1', ms(results.addItem.oneConnection?.p50), ms(results.addItem.oneConnection?.p99), ...cpuCells(results.cpu.addItem10Lines), `p50 ≤ ${ISSUE_21.addItemP50}, p99 ≤ ${ISSUE_21.addItemP99}`],
    ['add item, 50-line cart', '1', ms(big?.fiftyLines?.p50), ms(big?.fiftyLines?.p99), ...cpuCells(null), ''],
    [`add item into the ${largestCartLabel(big)}`, '1', ms(big?.largest?.p50), ms(big?.largest?.p99), ...cpuCells(null), `p50 ≤ ${ISSUE_21.bigCartP50} (and issue #31)`],
    ['complete checkout, 10-line cart', '1', ms(complete?.complete?.p50), ms(complete?.complete?.p99), ...cpuCells(complete?.completeCpu), `p50 ≤ ${ISSUE_21.completeP50}`],
  ];
  return [
    table(['product, server DB (issue #21)', 'conn', 'p50 ms', 'p99 ms', 'Node CPU ms/req', 'PG CPU ms/req', 'PG server ms/req', 'target (issue #21)'], rows),
    '(CPU: utime + stime from /proc over the measured runs ÷ requests; PG = the bench database\'s backends, PG server = every process of the',
    ' PostgreSQL server, other databases\' work included. Big carts: one piece added to the first line, the line set back untimed after each',
    ` add, ${big ? `${big.warmup} warm-up requests not counted` : 'not measured'}; the largest cart holds one piece less than the limit, so each add fills it.)`,
    ...(big?.note ? [`big carts incomplete: ${big.note}`] : []),
  ].join('\n');
}

/** Issue #22: add item and complete checkout without and with two subscriptions, and delivery throughput. */
function formatWebhooks(results: Results): string {
  const hooks = results.webhooks;
  if (hooks === null) return 'webhooks: not measured';
  const without = results.addItem.oneConnection;
  const complete = results.checkout.latency;
  const rows: string[][] = [
    ['add item, 10-line cart, no subscriptions', ms(without?.p50), ms(without?.p99), ...cpuCells(results.cpu.addItem10Lines)],
    [`add item, 10-line cart, ${hooks.subscriptions} subscriptions`, ms(hooks.addItem?.p50), ms(hooks.addItem?.p99), ...cpuCells(hooks.addItemCpu)],
    ['complete checkout, no subscriptions', ms(complete?.complete?.p50), ms(complete?.complete?.p99), ...cpuCells(complete?.completeCpu)],
    [`complete checkout, ${hooks.subscriptions} subscriptions`, ms(hooks.checkout?.complete?.p50), ms(hooks.checkout?.complete?.p99), ...cpuCells(hooks.checkout?.completeCpu)],
  ];
  const rate = (label: string, value: { deliveries: number; seconds: number | null; perSecond: number | null } | null) =>
    `${label}: ${value ? `${value.deliveries} deliveries in ${num(value.seconds, 1)} s = ${num(value.perSecond)} deliveries/s` : '—'}`;
  return [
    table(['product, server DB, 1 conn (issue #22)', 'p50 ms', 'p99 ms', 'Node CPU ms/req', 'PG CPU ms/req', 'PG server ms/req'], rows),
    `(with subscriptions the product's in-process worker delivers to a local receiver answering 200 while the writes run; CPU includes that work)`,
    `deliveries of the measured writes (${hooks.events} events × ${hooks.subscriptions}): ${hooks.drain?.seconds === null || hooks.drain === null ? 'not all arrived' : `all ${hooks.drain.deliveries} had arrived ${num(hooks.drain.seconds, 1)} s after the last write answered (delivered while the writes ran)`}`,
    rate('delivery throughput, replay of the last events to both subscriptions', hooks.replay),
    ...(hooks.note ? [`webhooks incomplete: ${hooks.note}`] : []),
  ].join('\n');
}

/** Issue #29: at least 500 deliveries/s to 200 subscriptions; with a hanging one, the others' lag p99 at most 2 s. */
export function deliveryTargets(deliveries: DeliveryResults): Target[] {
  const [burst, , hanging] = deliveries.phases;
  const perSecond = burst?.perSecond ?? null;
  const lag = hanging?.lagP99Ms ?? null;
  return [
    { name: `webhook deliveries/s, ${deliveries.subscriptions} subscriptions (API + 1 worker)`, value: perSecond, limit: '≥ 500', verdict: at(perSecond === null ? null : perSecond >= 500) },
    { name: 'webhook lag p99 of the others, one receiver hanging', value: lag, limit: '≤ 2000 ms', verdict: at(lag === null ? null : lag <= 2000) },
  ];
}

export function formatDeliveries(deliveries: DeliveryResults | null): string {
  if (deliveries === null) return 'webhook deliveries at scale: not measured';
  return [
    table(
      [`webhook deliveries, ${deliveries.subscriptions} subscriptions (issue #29)`, 'events', 'deliveries', 'arrived', 'deliveries/s', 'lag p50 ms', 'lag p99 ms', 'lag max ms', 'Node CPU ms/delivery', 'PG CPU ms/delivery', 'PG server ms/delivery'],
      deliveries.phases.map((phase) => [
        phase.label,
        num(phase.events),
        num(phase.deliveries),
        num(phase.arrived),
        num(phase.perSecond),
        num(phase.lagP50Ms),
        num(phase.lagP99Ms),
        num(phase.lagMaxMs),
        ...cpuCells(phase.cpuPerDelivery),
      ]),
    ),
    '(the API process and one `npm run worker` deliver, both with default settings, to a local receiver that answers 200 at once; Node CPU is both processes)',
    ...(deliveries.note ? [`deliveries incomplete: ${deliveries.note}`] : []),
  ].join('\n');
}

export function formatReport(results: Results): string {
  const out: string[] = [];
  const meta = results.meta;
  out.push(`shop-admin-api benchmark — ${String(meta.mode)} mode, ${String(meta.date)}`);
  out.push(`${String(meta.pinning)}; ${String(meta.load)}`);
  out.push(`Throughput: ${String(meta.connections)} connections, warm-up ${String(meta.warmupSeconds)} s, median of ${String(meta.runs)} × ${String(meta.durationSeconds)} s`);
  for (const line of (results.data.lines as string[] | undefined) ?? []) out.push(line);
  out.push('');
  out.push(
    table(
      ['endpoint', 'product req/s', 'p50 ms', 'p99 ms', 'baseline req/s', 'p50 ms', 'p99 ms', 'ratio'],
      results.throughput.map((row) => [
        row.endpoint,
        row.product ? num(row.product.requestsPerSecond) : row.productNote ?? '—',
        ms(row.product?.p50),
        ms(row.product?.p99),
        num(row.baseline?.requestsPerSecond),
        ms(row.baseline?.p50),
        ms(row.baseline?.p99),
        num(throughputRatio(row), 2),
      ]),
    ),
  );
  out.push('');
  const op = results.ordersPage;
  out.push(
    table(
      ['latency', 'p50 ms', 'p99 ms', 'req/s'],
      [
        ['add item, 10-line carts, 1 conn (product)', ms(results.addItem.oneConnection?.p50), ms(results.addItem.oneConnection?.p99), num(results.addItem.oneConnection?.requestsPerSecond)],
        ['add item, 10-line carts, 16 conn (product)', ms(results.addItem.sixteenConnections?.p50), ms(results.addItem.sixteenConnections?.p99), num(results.addItem.sixteenConnections?.requestsPerSecond)],
        [`orders page 1, 1 conn, full table (product)`, ms(op.productFull?.p50), ms(op.productFull?.p99), num(op.productFull?.requestsPerSecond)],
        [`orders page 1, 1 conn, small table (product)`, ms(op.productSmall?.p50), ms(op.productSmall?.p99), num(op.productSmall?.requestsPerSecond)],
        [`orders page 1, 1 conn, full table (baseline)`, ms(op.baselineFull?.p50), ms(op.baselineFull?.p99), num(op.baselineFull?.requestsPerSecond)],
        [`orders page 1, 1 conn, small table (baseline)`, ms(op.baselineSmall?.p50), ms(op.baselineSmall?.p99), num(op.baselineSmall?.requestsPerSecond)],
      ],
    ),
  );
  out.push(`orders page 1 p50 ratio full ÷ small: product ${num(op.productRatio, 2)}, baseline ${num(op.baselineRatio, 2)}`);
  out.push('');
  out.push(formatLatencyAndCpu(results));
  out.push('');
  const sql = results.sql;
  out.push(
    table(
      ['SQL statements per request (product, auth included)', 'count'],
      [
        ['GET cart, 1 line', sqlCell(sql?.getCart1Line)],
        ['GET cart, 10 lines', sqlCell(sql?.getCart10Lines)],
        ['GET cart, 50 lines', sqlCell(sql?.getCart50Lines)],
        ['GET customers page (limit 10)', sqlCell(sql?.customersPage)],
        ['GET customer orders page (limit 10)', sql && !sql.customerOrdersPage ? 'route missing' : sqlCell(sql?.customerOrdersPage)],
        ['add item, 1-line cart', sqlCell(sql?.addItem1Line)],
        ['add item, 50-line cart', sqlCell(sql?.addItem50Lines)],
      ],
    ),
  );
  out.push('(baseline: 2 statements per request — the token lookup and one query)');
  out.push('');
  out.push(formatCheckout(results.checkout));
  out.push('');
  out.push(formatWebhooks(results));
  out.push('');
  out.push(formatDeliveries(results.deliveries));
  out.push('');
  out.push(formatEventCommitCeiling(results.eventCommits));
  out.push('');
  out.push(
    `peak RSS of the product: server DB ${num(results.peakRssMb.server)} MB, embedded DB ${num(results.peakRssMb.embedded)} MB; ` +
      `start to first 200: server DB ${num(results.firstOkMs.server)} ms, embedded DB ${num(results.firstOkMs.embedded)} ms (baseline ${num(results.firstOkMs.baseline)} ms)`,
  );
  out.push('');
  out.push(formatTargets(results.targets));
  return out.join('\n');
}
