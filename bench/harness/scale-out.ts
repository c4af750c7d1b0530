import { availableParallelism, loadavg } from 'node:os';
import { runLoad, type LoadResult } from './load';
import type { ServerProcess } from './server-process';
import { sampleConnections } from './socket-peers';

/**
 * Throughput as an operator scales out on one machine: one API process, two, two with a webhook worker
 * behind PgBouncer (transaction mode), and that with a streaming standby taking the list reads. Every
 * process shares this machine's cores with PostgreSQL, the standby and the load generator (nothing is
 * pinned), so the numbers show what the set-up costs or saves here, not what more hardware would give.
 * Each process's database connections are read from /proc at their peak during the runs.
 */

interface ScaleOutEndpoint {
  name: string;
  method: 'GET' | 'POST';
  paths: string[];
  body?: string;
  /** Connections in all, split evenly over the API processes. */
  connections: number;
}

interface Topology {
  name: string;
  apiProcesses: number;
  worker: boolean;
  pooler: boolean;
  replica: boolean;
}

const TOPOLOGIES: Topology[] = [
  { name: '1 API process', apiProcesses: 1, worker: false, pooler: false, replica: false },
  { name: '2 API processes', apiProcesses: 2, worker: false, pooler: false, replica: false },
  { name: '2 API + worker + PgBouncer', apiProcesses: 2, worker: true, pooler: true, replica: false },
  { name: '2 API + worker + PgBouncer + replica', apiProcesses: 2, worker: true, pooler: true, replica: true },
];

export interface ScaleOutInput {
  /** The primary, straight. */
  databaseUrl: string;
  headers: Record<string, string>;
  endpoints: ScaleOutEndpoint[];
  runs: number;
  durationSeconds: number;
  warmupSeconds: number;
  port: number;
  /** PgBouncer in front of the primary: starts it and answers the URL of the same database through it. */
  startPooler(): Promise<{ url: string; pid: number }>;
  stopPooler(): Promise<void>;
  /** A streaming standby of the primary: starts it and answers the URL of the same database on it. */
  startReplica(): Promise<{ url: string }>;
  stopReplica(): Promise<void>;
  startApi(name: string, env: Record<string, string>, port: number): Promise<ServerProcess>;
  startWorker(env: Record<string, string>, port: number): Promise<ServerProcess>;
  stop(server: ServerProcess): Promise<void>;
  log(message: string): void;
}

interface EndpointThroughput {
  endpoint: string;
  /** Sum over the API processes, median over the runs. */
  requestsPerSecond: number;
  perRun: number[];
  /** Milliseconds: the highest of the processes' medians. */
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface TopologyResult {
  topology: string;
  endpoints: EndpointThroughput[];
  /** Peak connections per process, by what they go to. */
  connections: Record<string, { primary: number; pooler: number; replica: number }>;
  loadAverage: number;
}

export interface ScaleOutResults {
  cores: number;
  poolerPort: number;
  replicaPort: number;
  topologies: TopologyResult[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const NOT_PINNED = { enabled: false, server: [], load: [], note: 'not pinned' };

/** Each process takes its own slice of the paths (so two processes never write the same cart at once), or all of them when there are fewer paths than processes. */
const pathsFor = (paths: string[], processes: number, index: number): string[] =>
  paths.length < processes ? paths : paths.filter((_, k) => k % processes === index);

/** One timed stretch: every API process loaded at once with its share of the connections. */
async function loadAll(apis: ServerProcess[], endpoint: ScaleOutEndpoint, headers: Record<string, string>, seconds: number): Promise<LoadResult[]> {
  const share = Math.max(1, Math.round(endpoint.connections / apis.length));
  return Promise.all(
    apis.map((api, index) =>
      runLoad(
        {
          baseUrl: api.baseUrl,
          method: endpoint.method,
          paths: pathsFor(endpoint.paths, apis.length, index),
          ...(endpoint.body === undefined ? {} : { body: endpoint.body }),
          headers: endpoint.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          connections: share,
          durationSeconds: seconds,
        },
        NOT_PINNED,
      ),
    ),
  );
}

async function measureEndpoint(input: ScaleOutInput, apis: ServerProcess[], endpoint: ScaleOutEndpoint): Promise<EndpointThroughput> {
  if (input.warmupSeconds > 0) await loadAll(apis, endpoint, input.headers, input.warmupSeconds);
  const runs: LoadResult[][] = [];
  for (let run = 0; run < input.runs; run++) runs.push(await loadAll(apis, endpoint, input.headers, input.durationSeconds));
  const sums = runs.map((results) => Math.round(results.reduce((sum, result) => sum + result.requestsPerSecond, 0)));
  return {
    endpoint: endpoint.name,
    requestsPerSecond: median(sums),
    perRun: sums,
    p50: Math.max(...apis.map((_, index) => median(runs.map((results) => results[index].p50)))),
    p99: Math.max(...apis.map((_, index) => median(runs.map((results) => results[index].p99)))),
    non2xx: runs.flat().reduce((sum, result) => sum + result.non2xx, 0),
    errors: runs.flat().reduce((sum, result) => sum + result.errors, 0),
  };
}

async function measureTopology(input: ScaleOutInput, topology: Topology, ports: { primary: number; pooler: number; replica: number }): Promise<TopologyResult> {
  input.log(`scale-out: ${topology.name}`);
  const started: ServerProcess[] = [];
  let pooler: { url: string; pid: number } | null = null;
  let replica: { url: string } | null = null;
  try {
    if (topology.pooler) pooler = await input.startPooler();
    if (topology.replica) replica = await input.startReplica();
    const env: Record<string, string> = {
      DATABASE_URL: pooler?.url ?? input.databaseUrl,
      ...(replica === null ? {} : { DATABASE_REPLICA_URLS: replica.url }),
    };
    const apis: ServerProcess[] = [];
    // With a worker beside them, the API processes deliver no webhooks themselves (the README's split set-up).
    const apiEnv = topology.worker ? { ...env, WEBHOOK_CONCURRENCY: '0' } : env;
    for (let index = 0; index < topology.apiProcesses; index++) {
      const api = await input.startApi(`api ${String.fromCharCode(65 + index)}`, apiEnv, input.port + index);
      started.push(api);
      apis.push(api);
    }
    if (topology.worker) started.push(await input.startWorker(env, input.port + 10));
    const pids: Record<string, number> = Object.fromEntries(started.map((server) => [server.name, server.pid]));
    if (pooler !== null) pids.pgbouncer = pooler.pid;
    const sampler = sampleConnections(pids);
    const loadAverage = loadavg()[0];
    const endpoints: EndpointThroughput[] = [];
    for (const endpoint of input.endpoints) endpoints.push(await measureEndpoint(input, apis, endpoint));
    const peaks = sampler.stop();
    const connections = Object.fromEntries(
      Object.entries(peaks).map(([name, byPort]) => [name, { primary: byPort[ports.primary] ?? 0, pooler: byPort[ports.pooler] ?? 0, replica: byPort[ports.replica] ?? 0 }]),
    );
    return { topology: topology.name, endpoints, connections, loadAverage: Math.round(loadAverage * 10) / 10 };
  } finally {
    for (const server of started.reverse()) await input.stop(server);
    if (replica !== null) await input.stopReplica();
    if (pooler !== null) await input.stopPooler();
  }
}

export async function measureScaleOut(input: ScaleOutInput, ports: { primary: number; pooler: number; replica: number }): Promise<ScaleOutResults> {
  const topologies: TopologyResult[] = [];
  for (const topology of TOPOLOGIES) topologies.push(await measureTopology(input, topology, ports));
  return { cores: availableParallelism(), poolerPort: ports.pooler, replicaPort: ports.replica, topologies };
}

export function formatScaleOut(results: ScaleOutResults): string {
  const endpointNames = results.topologies[0]?.endpoints.map((endpoint) => endpoint.endpoint) ?? [];
  const header = `| set-up | ${endpointNames.map((name) => `${name} req/s (p50 / p99 ms)`).join(' | ')} | load avg |`;
  const rule = `|---|${endpointNames.map(() => '---|').join('')}---|`;
  const rows = results.topologies.map((topology) => {
    const cells = topology.endpoints.map((endpoint) => {
      const failures = endpoint.non2xx + endpoint.errors > 0 ? ` ⚠ ${endpoint.non2xx} non-2xx, ${endpoint.errors} errors` : '';
      return `${endpoint.requestsPerSecond} (${endpoint.p50} / ${endpoint.p99})${failures}`;
    });
    return `| ${topology.topology} | ${cells.join(' | ')} | ${topology.loadAverage} |`;
  });
  const connectionLines = results.topologies.map((topology) => {
    const parts = Object.entries(topology.connections).map(([name, peak]) => {
      const to = [
        peak.primary > 0 ? `${peak.primary} to PostgreSQL` : null,
        peak.pooler > 0 ? `${peak.pooler} to PgBouncer` : null,
        peak.replica > 0 ? `${peak.replica} to the replica` : null,
      ].filter((part) => part !== null);
      return `${name}: ${to.length > 0 ? to.join(', ') : 'none'}`;
    });
    return `- ${topology.topology}: ${parts.join('; ')}`;
  });
  return [
    `Scale-out on this machine (${results.cores} cores shared by every process, PostgreSQL and the load generator; nothing pinned)`,
    '',
    header,
    rule,
    ...rows,
    '',
    'Peak database connections per process:',
    ...connectionLines,
  ].join('\n');
}
