import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { Client } from 'pg';
import type { IdMap } from '../../src/fixtures';
import { idempotencyKeyHash } from '../../src/idempotency/key-secrets';
import { sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { TcpProxy, type CommitCut } from '../support/tcp-proxy';
import { TEST_POOL_SIZE } from '../support/test-database';
import { json, startTestApp, type TestApp } from '../support/test-app';

const UNAVAILABLE = { code: 503, message: 'The database is unavailable; send the request again later.' };
const KEY_IN_PROGRESS = { code: 409, message: 'A request with this Idempotency-Key is still in progress' };
const ALREADY_PLACED = {
  code: 409,
  message: 'Transition "complete" cannot be applied on state "completed" of object "Sylius\\Component\\Core\\Model\\Order" with graph "sylius_order_checkout"',
};
const READY_CARTS = Array.from({ length: 40 }, (_, index) => `ready_${String(index + 1).padStart(2, '0')}`);
const KEYS = Array.from({ length: 40 }, (_, index) => String(index + 1).padStart(2, '0'));
const buyer = (key: string) => `buyer${key}@example.com`;

const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US}
shippingMethods:
  - {code: ups, name: UPS, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB]}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: MUG
    name: Mug
    variants:
      - {code: MUG_PLAIN, name: Plain mug, channelPricings: {WEB: 500}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
${KEYS.map((key) => `  - {email: ${buyer(key)}, firstName: Buyer, lastName: "${key}"}`).join('\n')}
orders:
  - {ref: read_cart, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: MUG_PLAIN, quantity: 2}]}
  - {ref: growing_cart, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: MUG_PLAIN, quantity: 1}]}
${READY_CARTS.map((ref) => `  - {ref: ${ref}, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: MUG_PLAIN, quantity: 1}]}`).join('\n')}
`;

type Phase = 'before' | 'during' | 'after';
type Operation = 'get cart' | 'list customers' | 'add item' | 'complete checkout' | 'create cart with a key';

interface Answer {
  operation: Operation;
  /** The cart completed, or the key sent. */
  subject: string;
  /** When it was sent. */
  phase: Phase;
  /** When its answer came: a request sent during the outage may wait for a connection until after it. */
  answeredIn: Phase;
  response: LightMyRequestResponse;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `check` until it passes; fails with its last error after 10 s. */
async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

/** Every request delivered to it. */
class Receiver {
  readonly bodies: string[] = [];
  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.bodies.push(Buffer.concat(chunks).toString('utf8'));
      response.end('ok');
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** The ids of the carts whose `cart.created` arrived. */
  createdCarts(): Set<number> {
    const events = this.bodies.map((body) => JSON.parse(body) as { type: string; data: { id: number } });
    return new Set(events.filter((event) => event.type === 'cart.created').map((event) => event.data.id));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

interface LogLine {
  level: number;
  msg: string;
  cause?: string;
  [key: string]: unknown;
}

/**
 * The app reaches its database through a relay (test/support/tcp-proxy.ts) that is cut in the middle of
 * a run of mixed requests (GET cart, list customers, add item, complete checkout, POST with an
 * Idempotency-Key) and brought back; the webhook queue, on the same relay, delivers throughout.
 */
describe('the database going away in the middle of a run', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let databaseUrl: string;
  let ids: IdMap;
  let output = '';
  const receiver = new Receiver();
  const logLines = (): LogLine[] =>
    output
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    await receiver.start();
    t = await startTestApp({
      env: {
        LOG_LEVEL: 'info',
        WEBHOOK_CONCURRENCY: '4',
        WEBHOOK_ALLOW_HTTP: '1',
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000',
        // A retry that finds its key committed without an answer waits this long for it before the 409.
        IDEMPOTENCY_WAIT_MS: '2000',
      },
      logDestination: new Writable({
        write(chunk: Buffer, _encoding, callback) {
          output += chunk.toString();
          callback();
        },
      }),
      routeDatabase: async (url) => {
        databaseUrl = url;
        proxy = await TcpProxy.start(url);
        return proxy.url(url);
      },
    });
    ids = await loadShop(t, SHOP_YAML);
    // Every ready cart is at the end of its checkout, where completion may run.
    await sql(t, `update orders set checkout_state = 'payment_selected' where id in (${READY_CARTS.map(() => '?').join(', ')})`, READY_CARTS.map((ref) => ids.orders[ref]));
    const subscription = await t.inject({ method: 'POST', url: '/api/v1/webhooks/', headers: JSON_AUTH, payload: { url: receiver.url, events: ['cart.created'] } });
    expect(subscription.statusCode).toBe(201);
  });
  afterAll(async () => {
    await proxy?.restore();
    await t?.close();
    await proxy?.close();
    await receiver.close();
  });

  const ready = () => t.inject({ method: 'GET', url: '/health/ready' });

  it('answers 503 with Retry-After (never 500), says what is down, and comes back with nothing half-done or done twice', async () => {
    const answers: Answer[] = [];
    let phase: Phase = 'before';
    let running = true;
    const nextCart = READY_CARTS.values();
    const nextKey = KEYS.values();

    const requests: Record<Operation, () => { subject: string; send: () => Promise<LightMyRequestResponse> } | null> = {
      'get cart': () => ({ subject: '', send: () => t.inject({ method: 'GET', url: `/api/v1/carts/${ids.orders.read_cart}`, headers: AUTH }) }),
      'list customers': () => ({ subject: '', send: () => t.inject({ method: 'GET', url: '/api/v1/customers/?limit=5', headers: AUTH }) }),
      'add item': () => ({
        subject: '',
        send: () => t.inject({ method: 'POST', url: `/api/v1/carts/${ids.orders.growing_cart}/items/`, headers: JSON_AUTH, payload: { variant: 'MUG_PLAIN', quantity: 1 } }),
      }),
      'complete checkout': () => {
        const next = nextCart.next();
        if (next.done) return null;
        return { subject: next.value, send: () => complete(next.value) };
      },
      'create cart with a key': () => {
        const next = nextKey.next();
        if (next.done) return null;
        return { subject: next.value, send: () => createCart(next.value) };
      },
    };

    const worker = async (operation: Operation, pauseMs: number): Promise<void> => {
      while (running) {
        const request = requests[operation]();
        if (request === null) return;
        const startedIn = phase;
        const response = await request.send();
        answers.push({ operation, subject: request.subject, phase: startedIn, answeredIn: phase, response });
        await sleep(pauseMs);
      }
    };
    const workers = Promise.all([
      worker('get cart', 20),
      worker('list customers', 20),
      worker('add item', 20),
      worker('complete checkout', 100),
      worker('create cart with a key', 100),
    ]);

    await sleep(500);
    await proxy.cut();
    phase = 'during';
    await sleep(200);
    // Both the ORM's pool and the webhook queue's go through the relay; nothing listens there now.
    const down = { status: 'down', message: `connection refused at 127.0.0.1:${proxy.port}`, responseTime: expect.any(Number) };
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(json(notReady)).toEqual({ status: 'error', info: {}, error: { database: down, webhookQueue: down }, details: { database: down, webhookQueue: down } });
    expect((await t.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
    await sleep(800);

    await proxy.restore();
    phase = 'after';
    await sleep(1500);
    running = false;
    await workers;

    // Every answer is the operation's success or the documented 503; never a 500.
    const success: Record<Operation, number> = { 'get cart': 200, 'list customers': 200, 'add item': 201, 'complete checkout': 204, 'create cart with a key': 201 };
    for (const { operation, response } of answers) {
      if (response.statusCode === 503) {
        expect({ operation, body: json(response), retryAfter: response.headers['retry-after'] }).toEqual({ operation, body: UNAVAILABLE, retryAfter: '5' });
      } else {
        expect({ operation, status: response.statusCode }).toEqual({ operation, status: success[operation] });
      }
    }
    // While the relay was down every request failed (one sent then and answered after it came back may
    // have succeeded: a loaded machine met it); before and after it, every kind succeeded.
    const during = answers.filter((answer) => answer.phase === 'during' && answer.answeredIn === 'during');
    expect(during.length).toBeGreaterThan(20);
    expect(during.filter((answer) => answer.response.statusCode !== 503)).toEqual([]);
    for (const operation of Object.keys(success) as Operation[]) {
      for (const when of ['before', 'after'] as const) {
        const succeeded = answers.filter((answer) => answer.operation === operation && answer.phase === when && answer.response.statusCode === success[operation]);
        expect({ operation, when, succeeded: succeeded.length > 0 }).toEqual({ operation, when, succeeded: true });
      }
    }

    const healthy = await ready();
    expect(healthy.statusCode).toBe(200);
    expect(json(healthy)).toEqual({
      status: 'ok',
      info: { database: { status: 'up', responseTime: expect.any(Number) }, webhookQueue: { status: 'up', responseTime: expect.any(Number) } },
      error: {},
      details: { database: { status: 'up', responseTime: expect.any(Number) }, webhookQueue: { status: 'up', responseTime: expect.any(Number) } },
    });

    // The same requests again: a completion that did commit just before its connection went is refused as
    // already placed; a key whose request committed so is never acted on again.
    const failed = (operation: Operation) => answers.filter((answer) => answer.operation === operation && answer.response.statusCode === 503).map((answer) => answer.subject);
    for (const ref of failed('complete checkout')) {
      const response = await untilAvailable(() => complete(ref));
      if (response.statusCode !== 204) expect({ status: response.statusCode, body: json(response) }).toEqual({ status: 409, body: ALREADY_PLACED });
    }
    const retriedKeys = new Map<string, number>();
    for (const key of failed('create cart with a key')) {
      const response = await untilAvailable(() => createCart(key));
      if (response.statusCode === 201) expect(response.headers['idempotent-replayed']).toBeUndefined();
      else expect({ status: response.statusCode, body: json(response) }).toEqual({ status: 409, body: KEY_IN_PROGRESS });
      retriedKeys.set(key, response.statusCode);
    }
    expect(failed('complete checkout').length + failed('create cart with a key').length).toBeGreaterThan(0);

    // Exactly once: one cart per key sent, one placed order with one event per completion sent.
    const keysSent = new Set(answers.filter((answer) => answer.operation === 'create cart with a key').map((answer) => answer.subject));
    const cartsPerBuyer = await sql<{ email: string; carts: number; events: number }>(
      t,
      `select c.email, (select count(*)::int from orders o where o.customer_id = c.id) as carts,
              (select count(*)::int from event e join orders o on o.id = (e.data->>'id')::int where e.type = 'cart.created' and o.customer_id = c.id) as events
         from customer c where c.email like 'buyer%' order by c.email`,
    );
    expect(cartsPerBuyer).toEqual(KEYS.map((key) => ({ email: buyer(key), carts: keysSent.has(key) ? 1 : 0, events: keysSent.has(key) ? 1 : 0 })));
    const cartsSent = new Set(answers.filter((answer) => answer.operation === 'complete checkout').map((answer) => answer.subject));
    const placed = await sql<{ id: number; checkoutState: string; numbered: boolean; events: number }>(
      t,
      `select o.id, o.checkout_state as "checkoutState", o.number is not null as numbered,
              (select count(*)::int from event e where e.type = 'order.placed' and (e.data->>'id')::int = o.id) as events
         from orders o where o.id in (${READY_CARTS.map(() => '?').join(', ')}) order by o.id`,
      READY_CARTS.map((ref) => ids.orders[ref]),
    );
    expect(placed).toEqual(
      READY_CARTS.map((ref) =>
        cartsSent.has(ref)
          ? { id: ids.orders[ref], checkoutState: 'completed', numbered: true, events: 1 }
          : { id: ids.orders[ref], checkoutState: 'payment_selected', numbered: false, events: 0 },
      ),
    );

    // No half-written cart: every line has its units, every order's totals add up; the growing cart has one
    // unit per item added (a 503'd add may or may not have committed).
    const inconsistent = await sql(
      t,
      `select o.id from orders o
        where o.items_total <> (select coalesce(sum(i.total), 0) from order_item i where i.order_id = o.id)
           or o.total <> o.items_total + o.adjustments_total
           or exists (select 1 from order_item i where i.order_id = o.id and i.quantity <> jsonb_array_length(i.units))`,
    );
    expect(inconsistent).toEqual([]);
    const added = (status: number) => answers.filter((answer) => answer.operation === 'add item' && answer.response.statusCode === status).length;
    const [{ quantity }] = await sql<{ quantity: number }>(t, 'select quantity from order_item where order_id = ?', [ids.orders.growing_cart]);
    expect(quantity).toBeGreaterThanOrEqual(1 + added(201));
    expect(quantity).toBeLessThanOrEqual(1 + added(201) + added(503));

    // No key left claimed: each has its answer stored, or is committed without one, because its retry got
    // the 409 above or its 201 went out as the database went away, before the answer could be stored.
    // The table holds the keys' hashes only.
    const sentKeyOf = new Map([...keysSent].map((key) => [idempotencyKeyHash(`outage-${key}`), key]));
    const keyStates = (await sql<{ key: string; state: string }>(t, `select key, state from idempotency_key`)).map(({ key, state }) => ({ key: sentKeyOf.get(key) ?? key, state }));
    expect(keyStates.map(({ key }) => key).sort()).toEqual([...keysSent].sort());
    const lastAnswer = new Map(answers.filter((answer) => answer.operation === 'create cart with a key').map((answer) => [answer.subject, answer.response.statusCode]));
    for (const [key, status] of retriedKeys) lastAnswer.set(key, status);
    for (const { key, state } of keyStates.filter((row) => row.state !== 'completed')) {
      const answered = [201, 409].includes(lastAnswer.get(key) ?? 0);
      expect({ key, state, answered }).toEqual({ key, state: 'committed', answered: true });
    }

    // The outage is a few warnings with the cause, not an error per request; only the failed readiness
    // probe is an error (Terminus' own line, one per probe, with the causes).
    const lines = logLines();
    const errors = lines.filter((line) => line.level >= 50).map((line) => line.msg);
    const FAILED_PROBE = 'Health Check has failed! ';
    expect(errors.map((message) => message.slice(0, FAILED_PROBE.length))).toEqual([FAILED_PROBE]);
    expect(JSON.parse(errors[0].slice(FAILED_PROBE.length))).toEqual({ database: down, webhookQueue: down });
    const warnings = lines.filter((line) => line.msg === 'database unavailable');
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.length).toBeLessThan(10);
    expect(warnings.map((line) => line.cause)).toContain(`connection refused at 127.0.0.1:${proxy.port}`);
    expect(answers.filter((answer) => answer.response.statusCode === 503).length).toBeGreaterThan(warnings.length);

    // Every connection the outage cut was given back to the pool.
    await eventually(async () => expect(await poolInUse()).toBe(0));

    // The webhook queue resumed: every cart created, before, during or after, went out.
    const created = await sql<{ id: number }>(t, `select o.id from orders o join customer c on c.id = o.customer_id where c.email like 'buyer%'`);
    const deadline = Date.now() + 20_000;
    while (created.some(({ id }) => !receiver.createdCarts().has(id))) {
      if (Date.now() > deadline) throw new Error(`cart.created of ${created.filter(({ id }) => !receiver.createdCarts().has(id)).length} carts never arrived`);
      await sleep(100);
    }
  });

  it('gets back the pool slot of every transaction whose connection was cut before its COMMIT', async () => {
    // More cut transactions than the pool has connections: a slot kept by any of them would leave the
    // last transaction, and the GET after it, waiting for a connection for good.
    for (let round = 0; round <= TEST_POOL_SIZE; round++) {
      const cut = t.em().transactional(async (tx) => {
        await tx.execute('select 1');
        await proxy.cut('reset');
        await tx.execute('select 2');
      });
      await expect(cut).rejects.toThrow();
      await proxy.restore();
    }
    const response = await t.inject({ method: 'GET', url: `/api/v1/carts/${ids.orders.read_cart}`, headers: AUTH });
    expect(response.statusCode).toBe(200);
    await eventually(async () => expect(await poolInUse()).toBe(0));
    // A slot kept for good shows as a transaction (or the GET) waiting forever: fail well before jest's 120 s.
  }, 30_000);

  /** The ORM pool's connections checked out now, as GET /metrics reports them. */
  const poolInUse = async (): Promise<number> => {
    const metrics = (await t.inject({ method: 'GET', url: '/metrics' })).body;
    const line = metrics.split('\n').find((candidate) => candidate.startsWith('db_pool_connections_used '));
    return Number(line?.split(' ')[1]);
  };

  const complete = (ref: string) => t.inject({ method: 'PUT', url: `/api/v1/checkouts/complete/${ids.orders[ref]}`, headers: JSON_AUTH, payload: {} });
  const createCart = (key: string) =>
    t.inject({ method: 'POST', url: '/api/v1/carts/', headers: { ...JSON_AUTH, 'idempotency-key': `outage-${key}` }, payload: { customer: buyer(key), localeCode: 'en_US', channel: 'WEB' } });

  /** The request's answer once the database answers again (within a few seconds of the relay's restore). */
  async function untilAvailable(send: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
    for (let attempt = 1; ; attempt++) {
      const response = await send();
      if (response.statusCode !== 503 || attempt === 20) return response;
      await sleep(250);
    }
  }

  describe('on the PostgreSQL server', () => {
    const onServer = process.env.TEST_DATABASE_URL ? it : it.skip;
    /** On the server's own database: the test database may refuse the ALTER that makes it writable again. */
    const admin = async <T>(work: (client: Client, database: string) => Promise<T>): Promise<T> => {
      const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        return await work(client, new URL(databaseUrl).pathname.slice(1));
      } finally {
        await client.end();
      }
    };
    const terminateOthers = () =>
      admin((client, database) => client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]));

    onServer('keeps serving after every connection of the app was terminated (pg_terminate_backend), idle ones included', async () => {
      const before = await t.inject({ method: 'GET', url: `/api/v1/carts/${ids.orders.read_cart}`, headers: AUTH });
      expect(before.statusCode).toBe(200);
      await terminateOthers();
      await sleep(200);
      for (let index = 0; index < 10; index++) {
        const response = await t.inject({ method: 'GET', url: `/api/v1/carts/${ids.orders.read_cart}`, headers: AUTH });
        expect({ status: response.statusCode, body: response.body }).toEqual({ status: 200, body: before.body });
      }
      expect((await ready()).statusCode).toBe(200);
    });

    onServer('answers writes on a database that turned read-only with 503, and readiness says so', async () => {
      await admin((client, database) => client.query(`alter database "${database}" set default_transaction_read_only = on`));
      try {
        await terminateOthers();
        await sleep(200);
        const add = await t.inject({ method: 'POST', url: `/api/v1/carts/${ids.orders.growing_cart}/items/`, headers: JSON_AUTH, payload: { variant: 'MUG_PLAIN', quantity: 1 } });
        expect({ status: add.statusCode, body: json(add), retryAfter: add.headers['retry-after'] }).toEqual({ status: 503, body: UNAVAILABLE, retryAfter: '5' });
        expect((await t.inject({ method: 'GET', url: `/api/v1/carts/${ids.orders.read_cart}`, headers: AUTH })).statusCode).toBe(200);
        const readOnly = {
          status: 'down',
          message: 'the database accepts no writes: transaction_read_only is on (a standby, or default_transaction_read_only)',
          responseTime: expect.any(Number),
        };
        const notReady = await ready();
        expect({ status: notReady.statusCode, body: json(notReady) }).toEqual({
          status: 503,
          body: {
            status: 'error',
            info: { webhookQueue: { status: 'up', responseTime: expect.any(Number) } },
            error: { database: readOnly },
            details: { database: readOnly, webhookQueue: { status: 'up', responseTime: expect.any(Number) } },
          },
        });
        const refusedWrites = logLines().filter((line) => line.msg === 'database unavailable' && line.cause?.startsWith('the database accepts no writes'));
        expect(refusedWrites.map((line) => line.cause)).toEqual([expect.stringMatching(/: cannot execute [A-Z ]+ in a read-only transaction \(SQLSTATE 25006\)$/)]);
      } finally {
        await admin((client, database) => client.query(`alter database "${database}" reset default_transaction_read_only`));
        await terminateOthers();
      }
      await sleep(200);
      const add = await untilAvailable(() =>
        t.inject({ method: 'POST', url: `/api/v1/carts/${ids.orders.growing_cart}/items/`, headers: JSON_AUTH, payload: { variant: 'MUG_PLAIN', quantity: 1 } }),
      );
      expect(add.statusCode).toBe(201);
    });
  });
});

describe('a request whose COMMIT loses its connection', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  const SMALL_SHOP_YAML = `
locales: [en_US]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
customers:
${KEYS.slice(0, 2).map((key) => `  - {email: ${buyer(key)}, firstName: Buyer, lastName: "${key}"}`).join('\n')}
`;

  beforeAll(async () => {
    // No webhook deliveries here: the only COMMITs through the relay are the requests'.
    t = await startTestApp({
      env: { IDEMPOTENCY_WAIT_MS: '1000' },
      routeDatabase: async (url) => {
        proxy = await TcpProxy.start(url);
        return proxy.url(url);
      },
    });
    await loadShop(t, SMALL_SHOP_YAML);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  const createCart = (key: string) =>
    t.inject({ method: 'POST', url: '/api/v1/carts/', headers: { ...JSON_AUTH, 'idempotency-key': `commit-${key}` }, payload: { customer: buyer(key), localeCode: 'en_US', channel: 'WEB' } });
  const carts = async (key: string) =>
    (await sql<{ carts: number }>(t, `select count(*)::int as carts from orders o join customer c on c.id = o.customer_id where c.email = ?`, [buyer(key)]))[0].carts;

  it.each<[CommitCut, string, number, unknown]>([
    // The server never saw the COMMIT and rolled back: the key was given back, the retry acts.
    ['before COMMIT', '01', 201, expect.objectContaining({ customer: expect.objectContaining({ email: buyer('01') }) })],
    // The server committed, the answer was lost: the key stays committed and the retry never acts again.
    ['after COMMIT', '02', 409, KEY_IN_PROGRESS],
  ])('cut %s: 503, and a retry with the same Idempotency-Key does the work exactly once', async (where, key, retryStatus, retryBody) => {
    const cut = proxy.cutAtCommit(where);
    const first = await createCart(key);
    await cut;
    expect({ status: first.statusCode, body: json(first), retryAfter: first.headers['retry-after'] }).toEqual({ status: 503, body: UNAVAILABLE, retryAfter: '5' });
    expect(await carts(key)).toBe(where === 'before COMMIT' ? 0 : 1);

    const retry = await createCart(key);
    expect({ status: retry.statusCode, body: json(retry) }).toEqual({ status: retryStatus, body: retryBody });
    expect(await carts(key)).toBe(1);
    const [{ events }] = await sql<{ events: number }>(
      t,
      `select count(*)::int as events from event e join orders o on o.id = (e.data->>'id')::int join customer c on c.id = o.customer_id where e.type = 'cart.created' and c.email = ?`,
      [buyer(key)],
    );
    expect(events).toBe(1);
  });
});
