import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { eventually } from './support/eventually';
import { InvariantLog } from './support/invariant-log';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { ROOT, startServer, stopServers, type ServerProcess } from './support/server-process';
import { report } from './support/stress-report';

/**
 * The parts around the API going away under load, as an operator meets it: two server processes behind
 * PgBouncer (scripts/pgbouncer.sh) with their lists on a streaming standby (scripts/replica.sh), a
 * steady mix of reads and idempotent writes; then PgBouncer is stopped and started again, then the
 * standby is stopped. While the pooler is down every answer is a 503 with Retry-After and the
 * unavailable body (never a 500) and readiness says the database is down; once it is back everything
 * answers again, and every add-item a client kept sending with its Idempotency-Key until it was
 * acknowledged is in the cart exactly once. Without the standby the lists keep answering from the
 * primary and readiness names the replica as down. Needs both: TEST_DATABASE_POOLER_URL and
 * TEST_DATABASE_REPLICA_URL (or the STRESS_ variants). Stops and restarts the script's PgBouncer and
 * standby, so nothing else may use them meanwhile; the standby is started again afterwards in the mode
 * it had.
 */

const POOLER = process.env.STRESS_DATABASE_POOLER_URL || process.env.TEST_DATABASE_POOLER_URL;
const REPLICA_SERVER = process.env.STRESS_DATABASE_REPLICA_URL || process.env.TEST_DATABASE_REPLICA_URL;
const SERVER_URL = process.env.STRESS_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
const withPoolerAndReplica = POOLER && REPLICA_SERVER ? describe : describe.skip;

const IN_FLIGHT = 8;
const UNAVAILABLE_BODY = { code: 503, message: 'The database is unavailable; send the request again later.' };
const VARIANT = 'MUG_SW';
const CUSTOMER = 'oliver.queen@star-city.com';

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

const script = (name: string, ...args: string[]): string => execFileSync(join(ROOT, 'scripts', name), args, { encoding: 'utf8' });

const KEY_IN_PROGRESS_BODY = { code: 409, message: 'A request with this Idempotency-Key is still in progress' };
const isKeyInProgress = (answer: Answer): boolean => answer.status === 409 && JSON.stringify(answer.body) === JSON.stringify(KEY_IN_PROGRESS_BODY);

async function send(server: ServerProcess, method: string, path: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: 'Bearer SampleToken', ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: payload === undefined ? undefined : JSON.stringify(payload),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}


async function standbyIsSynchronous(): Promise<boolean> {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ names: string }>('show synchronous_standby_names');
    return rows[0].names !== '';
  } finally {
    await client.end();
  }
}

withPoolerAndReplica('PgBouncer and the read replica going away under load', () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];
  let synchronous = false;

  beforeAll(async () => {
    synchronous = await standbyIsSynchronous();
    database = await createDemoDatabase('outage');
    const replica = new URL(REPLICA_SERVER!);
    replica.pathname = `/${database.name}`;
    const env = { DATABASE_URL: database.url, DATABASE_REPLICA_URLS: replica.toString(), WEBHOOK_CONCURRENCY: '0' };
    servers = await Promise.all(['A', 'B'].map((name) => startServer(name, env)));
    for (const server of servers) {
      await eventually(
        () => send(server, 'GET', '/health/ready'),
        (answer) => (answer.body as { details?: Record<string, { state?: string }> }).details?.['replica-1']?.state === 'up',
        15_000,
      );
    }
  });

  afterAll(async () => {
    // Whatever happened, leave the pooler and the standby running as they were.
    script('pgbouncer.sh', 'start');
    script('replica.sh', 'start', ...(synchronous ? ['--synchronous'] : []));
    await stopServers(servers, database);
  });

  it('answers 503 with Retry-After while PgBouncer is down, recovers when it is back, keeps every acknowledged add once, and reads lists from the primary without the replica', async () => {
    const started = Date.now();
    const log = new InvariantLog();
    const cart = await send(servers[0], 'POST', '/api/v1/carts/', { customer: CUSTOMER, channel: 'WEB', localeCode: 'en_US' });
    expect(cart.status).toBe(201);
    const cartId = (cart.body as { id: number }).id;

    type Phase = 'before' | 'pooler down' | 'pooler back' | 'replica down';
    let phase: Phase = 'before';
    const answers: Array<{ phase: Phase; request: string; answer: Answer }> = [];
    let acknowledgedAdds = 0;
    // An add whose COMMIT went through while its connection went away was answered 503; sent again with its
    // key, it finds that key committed without an answer kept: 409 "still in progress". Its outcome is then
    // unknown to the client (the documented case of a COMMIT that lost its connection).
    let unknownOutcomes = 0;
    let running = true;

    /** One add-item with its own Idempotency-Key, sent again after each 503 until it is acknowledged. */
    const addUntilAcknowledged = async (server: ServerProcess): Promise<void> => {
      const key = randomUUID();
      for (;;) {
        const answer = await send(server, 'POST', `/api/v1/carts/${cartId}/items/`, { variant: VARIANT, quantity: 1 }, { 'idempotency-key': key });
        answers.push({ phase, request: 'add item', answer });
        if (answer.status !== 503) {
          if (answer.status === 201) acknowledgedAdds++;
          if (isKeyInProgress(answer)) unknownOutcomes++;
          return;
        }
        // Sooner than its Retry-After, to keep the run short: a client may retry whenever it likes.
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const client = async (index: number): Promise<void> => {
      const server = servers[index % servers.length];
      for (let step = 0; running; step++) {
        if (step % 3 === 0) {
          await addUntilAcknowledged(server);
          continue;
        }
        const request = step % 3 === 1 ? `/api/v1/carts/${cartId}` : '/api/v1/customers/?limit=10';
        answers.push({ phase, request: `GET ${request.split('?')[0]}`, answer: await send(server, 'GET', request) });
        if (phase === 'pooler down') await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const load = Promise.all(Array.from({ length: IN_FLIGHT }, (_, index) => client(index)));
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await pause(2_000);
    phase = 'pooler down';
    script('pgbouncer.sh', 'stop');
    await pause(3_000);
    const readyWithoutPooler = await send(servers[0], 'GET', '/health/ready');
    phase = 'pooler back';
    script('pgbouncer.sh', 'start');
    await eventually(() => send(servers[1], 'GET', '/health/ready'), (answer) => answer.status === 200, 30_000);
    await pause(2_000);
    phase = 'replica down';
    script('replica.sh', 'stop');
    await pause(3_000);
    const readyWithoutReplica = await send(servers[0], 'GET', '/health/ready');
    running = false;
    await load;

    const unavailable = answers.filter(({ answer }) => answer.status === 503);
    const failures = answers.filter(({ answer }) => answer.status >= 500 && answer.status !== 503);
    log.equal(failures.map(({ phase: when, request, answer }) => `${when}: ${request} → ${answer.status}`), [], 'no 5xx but 503');
    log.equal(unavailable.length > 0, true, 'the pooler outage was met (some 503)');
    log.equal(
      [...new Set(unavailable.map(({ answer }) => answer.retryAfter))],
      ['5'],
      'every 503 carries Retry-After: 5',
    );
    log.equal(
      [...new Set(unavailable.map(({ answer }) => JSON.stringify(answer.body)))],
      [JSON.stringify(UNAVAILABLE_BODY)],
      'every 503 has the unavailable body',
    );
    log.equal(unavailable.filter(({ phase: when }) => when === 'before' || when === 'replica down').length, 0, 'no 503 while the pooler was up');
    log.equal(
      answers
        .filter(({ phase: when, answer }) => when === 'replica down' && answer.status !== 200 && answer.status !== 201 && !isKeyInProgress(answer))
        .map(({ request, answer }) => `${request} → ${answer.status}`),
      [],
      'without the replica every request still succeeds',
    );
    log.equal(readyWithoutPooler.status, 503, 'readiness answers 503 without the pooler');
    log.equal((readyWithoutPooler.body as { details?: Record<string, { status?: string }> }).details?.database?.status, 'down', 'readiness names the database down');
    log.equal(readyWithoutReplica.status, 200, 'readiness stays 200 without the replica');
    log.equal((readyWithoutReplica.body as { details?: Record<string, { state?: string }> }).details?.['replica-1']?.state, 'down', 'readiness names the replica down');

    const final = await send(servers[1], 'GET', `/api/v1/carts/${cartId}`);
    const line = (final.body as { items: Array<{ variant: { code: string }; quantity: number }> }).items.find((item) => item.variant.code === VARIANT);
    const held = line?.quantity ?? 0;
    log.equal(held >= acknowledgedAdds && held <= acknowledgedAdds + unknownOutcomes, true, `the cart holds each acknowledged add exactly once (${held} pieces, ${acknowledgedAdds} acknowledged, ${unknownOutcomes} of unknown outcome)`);

    report({
      run: 'infrastructure outage (PgBouncer stopped and started, replica stopped)',
      database: 'server through PgBouncer, lists on a replica',
      requests: answers.length,
      acknowledged: answers.filter(({ answer }) => answer.status < 300).length,
      expectedRejections: unavailable.length,
      serverErrors: failures.length,
      networkErrors: 0,
      invariantChecks: log.checks,
      seconds: (Date.now() - started) / 1000,
    });
    expect(log.violations).toEqual([]);
  });
});
