/**
 * Fills a database for the benchmark:
 *   npm run bench:data -- [--customers 10000] [--orders 100000] [--carts 1000] [--database-url URL | --embedded [--data-dir DIR]] [--force]
 * Default target: DATABASE_URL, else postgresql://postgres@127.0.0.1:5432/shop_bench (created when missing).
 * The database is emptied first; one holding data the generator did not make is refused unless --force is given.
 */
import 'reflect-metadata';
import { resolve } from 'node:path';
import { Args, ArgsError } from '../common/args';
import { generateDataset, isDisposable } from './generate';
import { DEFAULT_DATABASE_URL, openTarget } from './target';

const OPTIONS = ['customers', 'orders', 'carts', 'database-url', 'embedded', 'data-dir', 'force'] as const;

async function main(): Promise<void> {
  const args = new Args(process.argv.slice(2), OPTIONS);
  const spec = { customers: args.integer('customers', 10_000), orders: args.integer('orders', 100_000), carts: args.integer('carts', 1_000) };
  const embedded = args.flag('embedded');
  const databaseUrl = embedded ? null : args.string('database-url', process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const dataDir = resolve(args.string('data-dir', process.env.DATA_DIR || './var/bench-db'));
  const log = (message: string) => process.stderr.write(`bench:data: ${message}\n`);
  log(`target: ${databaseUrl ?? `embedded database in ${dataDir}`}`);
  const target = await openTarget({ databaseUrl, dataDir });
  try {
    if (!args.flag('force') && !(await isDisposable(target.sql))) {
      throw new ArgsError('The target database holds data the benchmark did not generate; it would be emptied. Pass --force to do so.');
    }
    const info = await generateDataset(target, target.sql, spec, log);
    log(`done in ${info.seconds.total} s`);
    process.stdout.write(`${JSON.stringify(info)}\n`);
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:data: ${error instanceof ArgsError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
