/**
 * Loads fixture files into the configured database in one transaction and prints the id map as one JSON line.
 *   npm run fixtures -- FILE [FILE ...] [--purge]
 */
import 'reflect-metadata';
import { inWriteTransaction } from '../database/write-transaction';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { DataDirInUseError } from '../database/data-dir-lock';
import { withOrm } from './with-orm';
import { engineOrderHooks, FixtureError, loadFixtures, parseFixtureYaml, type FixtureSource, type IdMap } from '../fixtures';

const USAGE = 'Usage: npm run fixtures -- FILE [FILE ...] [--purge]';

class UsageError extends Error {}

interface Arguments {
  files: string[];
  purge: boolean;
}

function parseArguments(argv: string[]): Arguments {
  const files: string[] = [];
  let purge = false;
  for (const argument of argv) {
    if (argument === '--purge') purge = true;
    else if (argument.startsWith('--')) throw new UsageError(`Unknown option ${argument}`);
    else files.push(argument);
  }
  if (files.length === 0) throw new UsageError('No fixture file given');
  return { files, purge };
}

function readSources(files: string[]): FixtureSource[] {
  return files.map((file) => {
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch (error) {
      throw new FixtureError(file, '(document)', `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    return { file, data: parseFixtureYaml(file, source) };
  });
}

function log(message: string): void {
  process.stderr.write(`fixtures: ${message}\n`);
}

async function run({ files, purge }: Arguments): Promise<IdMap> {
  // Files are checked for YAML errors before the database is opened (and, when embedded, locked).
  const sources = readSources(files);
  return withOrm(async (orm, { config, database, outbox }) => {
    const started = performance.now();
    const idMap = await inWriteTransaction(orm.em, (em) => loadFixtures(em, sources, { purge, now: new Date(), outbox }, engineOrderHooks));
    const target = database.embedded ? `the embedded database in ${config.dataDir}` : 'the database';
    log(`loaded ${files.join(', ')} into ${target}${purge ? ' (purged first)' : ''} in ${Math.round(performance.now() - started)} ms`);
    return idMap;
  });
}

function describeFailure(error: unknown): string {
  if (error instanceof UsageError) return `${error.message}\n${USAGE}`;
  if (error instanceof FixtureError || error instanceof DataDirInUseError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

async function main(): Promise<void> {
  try {
    const idMap = await run(parseArguments(process.argv.slice(2)));
    process.stdout.write(`${JSON.stringify(idMap)}\n`);
  } catch (error) {
    log(describeFailure(error));
    process.exitCode = 1;
  }
}

void main();
