import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { buildOrmOptions } from '../../src/database/orm-options';
import { seedAuth, TOKEN } from '../support/seed-auth';
import { startTestDatabase, type TestDatabase } from '../support/test-database';
import { freePort } from '../support/free-port';

const ROOT = join(__dirname, '..', '..');
const AUTH = { authorization: `Bearer ${TOKEN}` };

async function waitFor<T>(what: string, attempt: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const result = await attempt().catch(() => undefined);
    if (result !== undefined) return result;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Service {
  process: ChildProcess;
  base: string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** The built service (`node dist/main.js`, as in the container) on the test database. */
async function startService(databaseUrl: string, env: Record<string, string> = {}): Promise<Service> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DB_POOL_SIZE: '2', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  const base = `http://127.0.0.1:${port}`;
  await waitFor('the service to listen', async () => ((await fetch(`${base}/health/live`)).ok ? true : undefined));
  return { process: child, base, stderr: () => stderr, exited };
}

/** Number of database connections the service has lent out, read from its metrics. */
async function connectionsInUse(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^db_pool_connections_used (\d+)$/m.exec(text)?.[1]);
}

/** Holds an exclusive lock on the customer table, so any request reading customers waits for release(). */
async function lockCustomers(databaseUrl: string): Promise<{ release(): Promise<void> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('lock table customer in access exclusive mode');
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      await client.query('rollback');
      await client.end();
    },
  };
}

describe('graceful shutdown (spawned service)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await startTestDatabase();
    const orm = await MikroORM.init(buildOrmOptions({ clientUrl: database.url, poolSize: 1 }));
    try {
      await seedAuth(orm.em.fork());
    } finally {
      await orm.close(true);
    }
  });
  afterAll(() => database?.close());

  it('on SIGTERM stops accepting, finishes the in-flight request with 200, closes the database and exits 0', async () => {
    const service = await startService(database.url);
    const lock = await lockCustomers(database.url);
    try {
      const slow = fetch(`${service.base}/api/v1/customers/`, { headers: AUTH });
      await waitFor('the request to wait on the database', async () => ((await connectionsInUse(service.base)) >= 1 ? true : undefined));

      service.process.kill('SIGTERM');
      await waitFor('the listener to close', () =>
        fetch(`${service.base}/health/live`, { headers: { connection: 'close' } }).then(
          (response) => (response.status === 503 ? true : undefined),
          () => true,
        ),
      );
      expect(service.process.exitCode).toBeNull();

      await lock.release();
      const response = await slow;
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        page: 1,
        limit: 10,
        pages: 1,
        total: 0,
        _links: {
          self: { href: '/api/v1/customers/?page=1&limit=10' },
          first: { href: '/api/v1/customers/?page=1&limit=10' },
          last: { href: '/api/v1/customers/?page=1&limit=10' },
        },
        _embedded: { items: [] },
      });
      expect(await service.exited).toBe(0);
      expect(service.stderr()).toContain('SIGTERM received, finishing in-flight requests (up to 10000 ms)');
    } finally {
      await lock.release();
      service.process.kill('SIGKILL');
    }
  });

  it('cuts off requests still running after SHUTDOWN_TIMEOUT_MS and exits 1', async () => {
    const service = await startService(database.url, { SHUTDOWN_TIMEOUT_MS: '300' });
    const lock = await lockCustomers(database.url);
    try {
      const slow = fetch(`${service.base}/api/v1/customers/`, { headers: AUTH }).then(
        (response) => response.status,
        (error: Error) => error.message,
      );
      await waitFor('the request to wait on the database', async () => ((await connectionsInUse(service.base)) >= 1 ? true : undefined));
      const signalledAt = Date.now();
      service.process.kill('SIGTERM');
      expect(await slow).toBe('fetch failed');
      expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(300);
      expect(service.stderr()).toContain('Requests still running after 300 ms: closing their connections.');
      await lock.release();
      expect(await service.exited).toBe(1);
    } finally {
      await lock.release();
      service.process.kill('SIGKILL');
    }
  });
});
