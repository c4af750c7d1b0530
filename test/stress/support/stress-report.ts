import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server-process';

/** STRESS_SCALE multiplies the request counts (default 1; the CI runs the default). */
export function stressScale(): number {
  const scale = Number(process.env.STRESS_SCALE);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

export interface RunNumbers {
  run: string;
  database: string;
  requests: number;
  acknowledged: number;
  /** 4xx answers the scenario expects (e.g. the second DELETE of a line, duplicate e-mails). */
  expectedRejections: number;
  serverErrors: number;
  networkErrors: number;
  invariantChecks: number;
  seconds: number;
  [extra: string]: string | number;
}

/** Prints one line per run and appends it to .tmp/stress-report.jsonl for the closing notes. */
export function report(numbers: RunNumbers): void {
  const line = JSON.stringify(numbers);
  process.stdout.write(`STRESS ${line}\n`);
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  appendFileSync(join(ROOT, '.tmp', 'stress-report.jsonl'), `${line}\n`);
}

export function statusCounts(statuses: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
