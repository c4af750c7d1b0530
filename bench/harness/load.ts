import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Pinning } from './cpu';

export interface LoadSpec {
  baseUrl: string;
  method: 'GET' | 'POST' | 'PATCH';
  /** Cycled in order. */
  paths: string[];
  body?: string;
  /** A body per pass over `paths`: the k-th pass sends passBodies[k % length] (instead of `body`). */
  passBodies?: string[];
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

/** One autocannon run in a child process on the load generator's CPU. */
export function runLoad(spec: LoadSpec, pinning: Pinning): Promise<LoadResult> {
  const worker = join(__dirname, 'load-worker.js');
  const [command, ...args] = [...pinning.load, process.execPath, worker, JSON.stringify(spec)];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}: ${err.trim()}`));
      else resolve(JSON.parse(out.trim().split('\n').pop() ?? '') as LoadResult);
    });
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export interface LoadSummary {
  runs: number;
  /** Requests completed over all runs. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Each run's req/s, for the spread. */
  perRun: number[];
}

/** Medians over the runs; error counts are summed. */
export function summarise(results: LoadResult[]): LoadSummary {
  return {
    runs: results.length,
    requests: results.reduce((sum, r) => sum + r.total, 0),
    requestsPerSecond: Math.round(median(results.map((r) => r.requestsPerSecond))),
    p50: median(results.map((r) => r.p50)),
    p99: median(results.map((r) => r.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    perRun: results.map((r) => Math.round(r.requestsPerSecond)),
  };
}
