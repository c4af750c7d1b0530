import { resolve } from 'node:path';
import { Args, ArgsError } from '../common/args';
import type { DatasetSpec } from '../data/generate';
import { databaseName, DEFAULT_DATABASE_URL, withDatabaseName } from '../data/target';

const RUN_OPTIONS = [
  'quick',
  'database-url',
  'customers',
  'orders',
  'carts',
  'runs',
  'duration',
  'warmup',
  'connections',
  'regenerate',
  'force',
  'skip-embedded',
  'port',
  'only',
] as const;

/** Sections `--only` can run on their own. */
const SECTIONS = ['checkout', 'deliveries', 'event-commits', 'scale-out', 'product-lists'] as const;
type Section = (typeof SECTIONS)[number];

export interface RunSettings {
  mode: 'full' | 'quick';
  /** The main dataset (product vs baseline, add item, SQL counts, RSS, start-up). */
  full: { url: string; spec: DatasetSpec };
  /** Same orders per customer, 1 % of the orders: the other side of the orders-page ratio. */
  small: { url: string; spec: DatasetSpec };
  /** A smaller dataset in an embedded data directory, for the embedded RSS and start-up. */
  embedded: { dataDir: string; spec: DatasetSpec } | null;
  runs: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  regenerate: boolean;
  /** Empty a target that holds data the generator did not make. */
  force: boolean;
  port: number;
  /** Run only this section (on the main dataset) and write its own results file; null: everything. */
  only: Section | null;
}

/**
 * Full: 10 k customers, 100 k orders, 1 k carts; warm-up 5 s, 3 runs of 10 s, 32 connections.
 * Quick (smoke test): 100 customers, 1 k orders, 40 carts; warm-up 1 s, 1 run of 2 s.
 * The small dataset keeps 10 orders per customer so that a customer's first page compares like with like.
 */
export function readSettings(argv: string[]): RunSettings {
  const args = new Args(argv, RUN_OPTIONS);
  const quick = args.flag('quick');
  const defaults = quick
    ? { customers: 100, orders: 1_000, carts: 40, runs: 1, duration: 2, warmup: 1 }
    : { customers: 10_000, orders: 100_000, carts: 1_000, runs: 3, duration: 10, warmup: 5 };
  const spec: DatasetSpec = {
    customers: args.integer('customers', defaults.customers),
    orders: args.integer('orders', defaults.orders),
    carts: args.integer('carts', defaults.carts),
  };
  const perCustomer = spec.customers > 0 ? spec.orders / spec.customers : 0;
  const smallOrders = Math.max(1, Math.round(spec.orders / 100));
  const small: DatasetSpec = { customers: Math.max(1, Math.round(smallOrders / Math.max(perCustomer, 1))), orders: smallOrders, carts: 0 };
  // Derived names do not start with the main name: the server test runs drop every database named like `<TEST_DATABASE_PREFIX>_%`.
  const baseUrl = args.string('database-url', process.env.DATABASE_URL || (quick ? withDatabaseName(DEFAULT_DATABASE_URL, 'quick_shop_bench') : DEFAULT_DATABASE_URL));
  const name = databaseName(baseUrl);
  const only = args.string('only', null);
  if (only !== null && !SECTIONS.includes(only as Section)) throw new ArgsError(`--only must be one of ${SECTIONS.join(', ')}, got "${only}"`);
  return {
    mode: quick ? 'quick' : 'full',
    full: { url: baseUrl, spec },
    small: { url: withDatabaseName(baseUrl, `small_${name}`), spec: small },
    embedded: args.flag('skip-embedded')
      ? null
      : {
          dataDir: resolve(quick ? 'var/bench-embedded-quick' : 'var/bench-embedded'),
          spec: quick ? { customers: 50, orders: 200, carts: 10 } : { customers: 1_000, orders: 10_000, carts: 100 },
        },
    runs: Math.max(1, args.integer('runs', defaults.runs)),
    durationSeconds: Math.max(1, args.integer('duration', defaults.duration)),
    warmupSeconds: args.integer('warmup', defaults.warmup),
    connections: Math.max(1, args.integer('connections', 32)),
    regenerate: args.flag('regenerate'),
    force: args.flag('force'),
    port: args.integer('port', 18_300),
    only: only as Section | null,
  };
}
