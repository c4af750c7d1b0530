/**
 * Runs one autocannon measurement in its own process (so it can be pinned to its own CPU) and prints the
 * summary as one JSON line. Input: a LoadSpec as JSON in argv[2].
 * Requests cycle through `paths` in order across all connections, so concurrent requests hit distinct ids.
 */
import type { LoadResult, LoadSpec } from './load';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
type RawRequest = { method: string; path: string; body?: string; headers?: Record<string, string> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: Record<string, unknown>) => Promise<AutocannonResult>;

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]) as LoadSpec;
  let next = 0;
  const result = await autocannon({
    url: spec.baseUrl,
    connections: spec.connections,
    duration: spec.durationSeconds,
    headers: spec.headers,
    requests: [
      {
        method: spec.method,
        path: spec.paths[0],
        ...(spec.body === undefined ? {} : { body: spec.body }),
        setupRequest: (request: RawRequest) => {
          request.path = spec.paths[next % spec.paths.length];
          if (spec.passBodies !== undefined) request.body = spec.passBodies[Math.floor(next / spec.paths.length) % spec.passBodies.length];
          next += 1;
          return request;
        },
      },
    ],
  });
  const summary: LoadResult = {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)])),
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`load-worker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
