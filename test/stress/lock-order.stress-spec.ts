import { Client } from 'pg';
import type { ApiClient, ApiResponse } from './support/api-client';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, statusCounts, stressScale } from './support/stress-report';

/**
 * Issue #20, findings 2–4, on two server processes sharing one PostgreSQL database. Every write takes its
 * locks in the order of src/database/lock-order.ts, and a deadlock that could still happen is retried or
 * answered with the retryable 409: never a 500.
 * (a) a completion racing the add of the same tracked variant to another cart, under a promotion with a
 *     usage limit that the add newly applies (the add inserts its order_promotion row);
 * (b) a cancel racing a completion of another order with the same variant, promotions and coupon;
 * (c) DELETE of a customer racing the completion of their cart (a cart in checkout keeps its customer:
 *     always 409 and 204), and racing an add to their plain cart (the customer goes, with the cart);
 * (d) six carts of one customer with a coupon usable once per customer, completed at once: one order
 *     gets it, the others are refused with the complete step's coupon error (finding 3);
 * (e) ten carts with a coupon usable three times, completed at once: three orders, `used` 3 (finding 4);
 * (f) every write at once on one world of shared rows: a customer with a ready cart, a cart being filled,
 *     a placed order and a paid one, and a second customer deleted while their cart completes.
 * After each scenario the stock and usage counters must match the placed orders exactly.
 */

const ROUNDS = 12 * stressScale();
/** Rounds in flight at once: the variant, promotion and coupon rows are shared by all of them. */
const WAVE = 4;
const VARIANT = 'TOTE_BAG_NATURAL';
/** 8 × 1299 is above big_spender's item total of 10000; 1 is below it. */
const QUANTITY = 8;
const LIMITED_PROMOTION = 'big_spender';
const COUPON_PROMOTION = 'ten_percent_coupon';
const MANY = 'RACE_MANY';
const ONCE_PER_CUSTOMER = 'RACE_ONCE_PER_CUSTOMER';
const THREE = 'RACE_THREE';

const COUPON_USED_UP = { code: 400, message: 'Validation Failed', errors: { errors: ['Coupon code is invalid.'], children: { notes: {} } } };
const HAS_PLACED_ORDERS = { code: 409, message: 'The customer has placed orders and cannot be deleted.' };

interface Placed {
  id: number;
  payment: number;
  shipment: number;
}

const answer = (response: ApiResponse) => ({ status: response.status, body: response.body });

describe('lock order: racing writes on shared rows across two server processes (issue #20)', () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];
  let db: Client;
  let customers = 0;
  const responses: Array<{ label: string; response: ApiResponse }> = [];
  const outcomes: Record<string, number> = {};
  const started = Date.now();

  beforeAll(async () => {
    database = await createDemoDatabase('lockorder');
    db = new Client({ connectionString: database.url });
    await db.connect();
    await db.query(`update product_variant set on_hand = on_hand + 100000 where code = $1`, [VARIANT]);
    // A usage limit the scenarios never reach: completions must lock and check it.
    await db.query(`update promotion set usage_limit = 1000000 where code = $1`, [LIMITED_PROMOTION]);
    await db.query(
      `insert into promotion_coupon (promotion_id, code, usage_limit, per_customer_usage_limit, used, created_at, updated_at)
       select p.id, c.code, c.usage_limit, c.per_customer, 0, now(), now()
         from promotion p, (values ($2::text, 1000000, null::int), ($3::text, null::int, 1), ($4::text, 3, null::int)) as c(code, usage_limit, per_customer)
        where p.code = $1`,
      [COUPON_PROMOTION, MANY, ONCE_PER_CUSTOMER, THREE],
    );
    servers = await Promise.all(['A', 'B'].map((name) => startServer(name, { DATABASE_URL: database.url, DB_POOL_SIZE: '8' })));
  });

  afterAll(async () => {
    await db?.end();
    await stopServers(servers, database);
  });

  const via = (index: number): ApiClient => servers[index % servers.length].client;
  const send = async (client: ApiClient, label: string, method: string, path: string, payload?: unknown): Promise<ApiResponse> => {
    const response = await client.request(method, path, payload);
    responses.push({ label, response });
    return response;
  };
  /** A preparation step: it must answer `status`. */
  const expectStatus = async (client: ApiClient, method: string, path: string, payload: unknown, status: number): Promise<ApiResponse> => {
    const response = await send(client, 'setup', method, path, payload);
    expect({ path, status: response.status, body: response.status === status ? undefined : response.body }).toEqual({ path, status, body: undefined });
    return response;
  };
  const count = (label: string) => (outcomes[label] = (outcomes[label] ?? 0) + 1);

  const newCustomer = async (client: ApiClient): Promise<{ id: number; email: string }> => {
    const email = `lock.racer${customers++}@example.com`;
    const created = await expectStatus(client, 'POST', '/api/v1/customers/', { email, firstName: 'Lock', lastName: 'Racer', gender: 'u' }, 201);
    return { id: (created.body as { id: number }).id, email };
  };

  /** A cart of the customer with `quantity` tote bags and the coupon; with `ready`, addressed and with shipping and payment selected. */
  const newCart = async (client: ApiClient, email: string, options: { quantity?: number; coupon?: string; ready?: boolean } = {}): Promise<number> => {
    const cart = await expectStatus(client, 'POST', '/api/v1/carts/', { customer: email, channel: 'WEB', localeCode: 'en_US' }, 201);
    const id = (cart.body as { id: number }).id;
    await expectStatus(client, 'POST', `/api/v1/carts/${id}/items/`, { variant: VARIANT, quantity: options.quantity ?? QUANTITY }, 201);
    if (options.coupon !== undefined) await expectStatus(client, 'PUT', `/api/v1/carts/${id}`, { promotionCoupon: options.coupon }, 204);
    if (options.ready === true) {
      const shippingAddress = { firstName: 'Lock', lastName: 'Racer', countryCode: 'US', provinceCode: 'US-NY', street: '5th Avenue 10', city: 'New York', postcode: '10001' };
      await expectStatus(client, 'PUT', `/api/v1/checkouts/addressing/${id}`, { shippingAddress }, 204);
      await expectStatus(client, 'PUT', `/api/v1/checkouts/select-shipping/${id}`, { shipments: [{ method: 'ups' }] }, 204);
      await expectStatus(client, 'PUT', `/api/v1/checkouts/select-payment/${id}`, { payments: [{ method: 'cash_on_delivery' }] }, 204);
    }
    return id;
  };

  /** A placed order (optionally paid) with its payment and shipment ids. */
  const placedOrder = async (client: ApiClient, email: string, paid: boolean): Promise<Placed> => {
    const id = await newCart(client, email, { coupon: MANY, ready: true });
    await expectStatus(client, 'PUT', `/api/v1/checkouts/complete/${id}`, undefined, 204);
    const { rows } = await db.query<Placed>(
      `select o.id, (select p.id from payment p where p.order_id = o.id) as payment, (select s.id from shipment s where s.order_id = o.id) as shipment
         from orders o where o.id = $1`,
      [id],
    );
    if (paid) await expectStatus(client, 'PUT', `/api/v1/orders/${id}/payments/${rows[0].payment}/complete`, undefined, 204);
    return rows[0];
  };

  /**
   * What the counters must agree with, as differences that no write may move: the variant's on hand plus
   * what paid, not cancelled orders took from it; its on hold minus what placed, unpaid, not cancelled
   * orders hold; each promotion's and coupon's `used` minus the placed, not cancelled orders counting it.
   */
  const ledger = async () => {
    const { rows } = await db.query(
      `with placed as (select o.* from orders o where o.state not in ('cart', 'cancelled')),
            lines as (select p.payment_state, i.quantity from placed p join order_item i on i.order_id = p.id
                        join product_variant v on v.id = i.variant_id where v.code = $1)
       select v.on_hand + coalesce((select sum(quantity) from lines where payment_state = 'paid'), 0)::int as on_hand_plus_sold,
              v.on_hold - coalesce((select sum(quantity) from lines where payment_state <> 'paid'), 0)::int as on_hold_minus_held,
              (select json_object_agg(pr.code, pr.used - (select count(*) from placed join order_promotion op on op.order_id = placed.id where op.promotion_id = pr.id))
                 from promotion pr) as promotions,
              (select json_object_agg(c.code, c.used - (select count(*) from placed where placed.promotion_coupon_id = c.id))
                 from promotion_coupon c) as coupons,
              (select json_agg(c.code) from promotion_coupon c where c.usage_limit is not null and c.used > c.usage_limit) as over_limit
         from product_variant v where v.code = $1`,
      [VARIANT],
    );
    return rows[0] as Record<string, unknown>;
  };

  /** Runs `race` for every round, WAVE rounds at a time. */
  const inWaves = async <T>(rounds: number, race: (round: number) => Promise<T>): Promise<T[]> => {
    const results: T[] = [];
    for (let first = 0; first < rounds; first += WAVE) {
      results.push(...(await Promise.all(Array.from({ length: Math.min(WAVE, rounds - first) }, (_, offset) => race(first + offset)))));
    }
    return results;
  };
  /** Both requests at once, on different servers, in alternating order. */
  const pair = async (round: number, one: (client: ApiClient) => Promise<ApiResponse>, other: (client: ApiClient) => Promise<ApiResponse>) => {
    if (round % 2 === 0) return Promise.all([one(via(round)), other(via(round + 1))]);
    const [b, a] = await Promise.all([other(via(round)), one(via(round + 1))]);
    return [a, b];
  };

  let baseline: Record<string, unknown>;
  beforeEach(async () => {
    baseline ??= await ledger();
  });
  afterEach(async () => {
    expect(await ledger()).toEqual({ ...baseline, over_limit: null });
  });

  it('(a) completes a cart and adds the same tracked variant to another one, both, under a usage-limited promotion', async () => {
    const worlds = await inWaves(ROUNDS, async (round) => {
      const { email } = await newCustomer(via(round));
      return { ready: await newCart(via(round), email, { ready: true }), filling: await newCart(via(round + 1), email, { quantity: 1 }) };
    });
    const results = await inWaves(ROUNDS, (round) =>
      pair(
        round,
        (client) => send(client, 'complete', 'PUT', `/api/v1/checkouts/complete/${worlds[round].ready}`),
        (client) => send(client, 'add item', 'POST', `/api/v1/carts/${worlds[round].filling}/items/`, { variant: VARIANT, quantity: QUANTITY }),
      ),
    );
    expect(results.map(([completed, added]) => [completed.status, added.status])).toEqual(results.map(() => [204, 201]));
    // The add took the cart over big_spender's threshold: the promotion was newly applied to it.
    const { rows } = await db.query<{ applied: number }>(
      `select count(*)::int as applied from order_promotion op join promotion p on p.id = op.promotion_id where p.code = $1 and op.order_id = any($2)`,
      [LIMITED_PROMOTION, worlds.map((world) => world.filling)],
    );
    expect(rows).toEqual([{ applied: ROUNDS }]);
  });

  it('(b) cancels an order and completes another one with the same variant, promotions and coupon, both', async () => {
    const worlds = await inWaves(ROUNDS, async (round) => {
      const { email } = await newCustomer(via(round));
      return { placed: await placedOrder(via(round), email, round % 2 === 0), ready: await newCart(via(round + 1), email, { coupon: MANY, ready: true }) };
    });
    const results = await inWaves(ROUNDS, (round) =>
      pair(
        round,
        (client) => send(client, 'cancel', 'PUT', `/api/v1/orders/${worlds[round].placed.id}/cancel`),
        (client) => send(client, 'complete', 'PUT', `/api/v1/checkouts/complete/${worlds[round].ready}`),
      ),
    );
    expect(results.map(([cancelled, completed]) => [cancelled.status, completed.status])).toEqual(results.map(() => [204, 204]));
  });

  it('(c) answers DELETE of a customer racing the completion of their cart with 409, and one racing a cart change with 204', async () => {
    const worlds = await inWaves(ROUNDS, async (round) => {
      const checkingOut = await newCustomer(via(round));
      const shopping = await newCustomer(via(round + 1));
      return {
        checkingOut: checkingOut.id,
        ready: await newCart(via(round), checkingOut.email, { coupon: MANY, ready: true }),
        shopping: shopping.id,
        filling: await newCart(via(round + 1), shopping.email, { quantity: 1 }),
      };
    });
    const results = await inWaves(ROUNDS, async (round) => {
      const world = worlds[round];
      const [checkout, shopping] = await Promise.all([
        pair(
          round,
          (client) => send(client, 'delete customer', 'DELETE', `/api/v1/customers/${world.checkingOut}`),
          (client) => send(client, 'complete', 'PUT', `/api/v1/checkouts/complete/${world.ready}`),
        ),
        pair(
          round + 1,
          (client) => send(client, 'delete customer', 'DELETE', `/api/v1/customers/${world.shopping}`),
          (client) => send(client, 'add item', 'POST', `/api/v1/carts/${world.filling}/items/`, { variant: VARIANT, quantity: QUANTITY }),
        ),
      ]);
      return { checkout: checkout.map(answer), shopping: shopping.map((response) => response.status) };
    });
    // A cart that has entered the checkout counts as an order: its customer is not deleted, whichever
    // request goes first. A plain cart goes with its customer; the add either came first or finds no cart.
    for (const { shopping } of results) count(shopping[1] === 201 ? 'add item before delete' : 'delete before add item');
    expect(results).toEqual(
      results.map(({ shopping }) => ({
        checkout: [{ status: 409, body: HAS_PLACED_ORDERS }, { status: 204, body: undefined }],
        shopping: [204, shopping[1] === 201 ? 201 : 404],
      })),
    );
  });

  it('(d) gives a coupon usable once per customer to one of six carts of that customer completed at once (finding 3)', async () => {
    const customersCount = Math.max(2, Math.round(ROUNDS / 3));
    const worlds = await inWaves(customersCount, async (round) => {
      const { email } = await newCustomer(via(round));
      const carts: number[] = [];
      for (let index = 0; index < 6; index++) carts.push(await newCart(via(round + index), email, { coupon: ONCE_PER_CUSTOMER, ready: true }));
      return carts;
    });
    for (const [round, carts] of worlds.entries()) {
      const answers = await Promise.all(carts.map((id, index) => send(via(round + index), 'complete', 'PUT', `/api/v1/checkouts/complete/${id}`)));
      expect(answers.map((response) => response.status).sort()).toEqual([204, 400, 400, 400, 400, 400]);
      for (const refused of answers.filter((response) => response.status === 400)) expect(refused.body).toEqual(COUPON_USED_UP);
    }
    const { rows } = await db.query<{ customer_id: number; orders: number }>(
      `select o.customer_id, count(*)::int as orders from orders o join promotion_coupon c on c.id = o.promotion_coupon_id
        where c.code = $1 and o.state <> 'cart' group by o.customer_id`,
      [ONCE_PER_CUSTOMER],
    );
    expect(rows.map((row) => row.orders)).toEqual(worlds.map(() => 1));
  });

  it('(e) lets three of ten carts completed at once use a coupon usable three times (finding 4)', async () => {
    const carts = await inWaves(10, async (round) => newCart(via(round), (await newCustomer(via(round))).email, { coupon: THREE, ready: true }));
    const answers = await Promise.all(carts.map((id, index) => send(via(index), 'complete', 'PUT', `/api/v1/checkouts/complete/${id}`)));
    expect(answers.map((response) => response.status).sort()).toEqual([204, 204, 204, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((response) => response.status === 400)) expect(refused.body).toEqual(COUPON_USED_UP);
    const { rows } = await db.query(`select used, usage_limit from promotion_coupon where code = $1`, [THREE]);
    expect(rows).toEqual([{ used: 3, usage_limit: 3 }]);
    // The refused carts are as they were: carts still, discounted, with the coupon.
    const { rows: left } = await db.query(
      `select o.state, o.checkout_state, o.promotion_coupon_id is not null as has_coupon from orders o where o.id = any($1) and o.state = 'cart'`,
      [carts],
    );
    expect(left).toEqual(Array.from({ length: 7 }, () => ({ state: 'cart', checkout_state: 'payment_selected', has_coupon: true })));
  });

  it('(f) survives every write at once on one world of shared rows, in every round', async () => {
    const worlds = await inWaves(ROUNDS, async (round) => {
      const client = via(round);
      const customer = await newCustomer(client);
      const leaving = await newCustomer(via(round + 1));
      const filling = await newCart(client, customer.email, { quantity: 1 });
      const line = (await db.query<{ id: number }>(`select id from order_item where order_id = $1`, [filling])).rows[0].id;
      return {
        customer,
        leaving,
        ready: await newCart(client, customer.email, { coupon: MANY, ready: true }),
        filling,
        line,
        doomed: await newCart(client, customer.email, { quantity: 1 }),
        addressing: await newCart(client, customer.email, { quantity: 1 }),
        placed: await placedOrder(client, customer.email, false),
        paid: await placedOrder(client, customer.email, true),
        leavingCart: await newCart(via(round + 1), leaving.email, { coupon: MANY, ready: true }),
      };
    });
    type Write = [label: string, method: string, path: (world: (typeof worlds)[number]) => string, payload: unknown, allowed: number[]];
    const writes: Write[] = [
      ['complete', 'PUT', (w) => `/api/v1/checkouts/complete/${w.ready}`, undefined, [204]],
      ['add item', 'POST', (w) => `/api/v1/carts/${w.filling}/items/`, { variant: VARIANT, quantity: QUANTITY }, [201]],
      ['change quantity', 'PUT', (w) => `/api/v1/carts/${w.filling}/items/${w.line}`, { quantity: 2 }, [204]],
      ['apply coupon', 'PUT', (w) => `/api/v1/carts/${w.filling}`, { promotionCoupon: MANY }, [204]],
      ['address', 'PUT', (w) => `/api/v1/checkouts/addressing/${w.addressing}`, { shippingAddress: { firstName: 'Lock', lastName: 'Racer', countryCode: 'US', provinceCode: 'US-NY', street: '1 Race Rd', city: 'New York', postcode: '10001' } }, [204]],
      ['add to doomed cart', 'POST', (w) => `/api/v1/carts/${w.doomed}/items/`, { variant: VARIANT, quantity: 1 }, [201, 404]],
      ['delete cart', 'DELETE', (w) => `/api/v1/carts/${w.doomed}`, undefined, [204]],
      ['create cart', 'POST', () => '/api/v1/carts/', null, [201]],
      ['cancel', 'PUT', (w) => `/api/v1/orders/${w.placed.id}/cancel`, undefined, [204, 400]],
      ['pay', 'PUT', (w) => `/api/v1/orders/${w.placed.id}/payments/${w.placed.payment}/complete`, undefined, [204, 400]],
      ['ship', 'PUT', (w) => `/api/v1/orders/${w.placed.id}/shipments/${w.placed.shipment}/ship`, {}, [204, 409]],
      ['ship paid', 'PUT', (w) => `/api/v1/orders/${w.paid.id}/shipments/${w.paid.shipment}/ship`, { tracking: 'RACE' }, [204, 409]],
      ['cancel paid', 'PUT', (w) => `/api/v1/orders/${w.paid.id}/cancel`, undefined, [204, 400]],
      ['update customer', 'PATCH', (w) => `/api/v1/customers/${w.customer.id}`, { firstName: 'Raced' }, [204]],
      ['delete customer with orders', 'DELETE', (w) => `/api/v1/customers/${w.customer.id}`, undefined, [409]],
      ['delete leaving customer', 'DELETE', (w) => `/api/v1/customers/${w.leaving.id}`, undefined, [204, 409]],
      ['complete leaving customer cart', 'PUT', (w) => `/api/v1/checkouts/complete/${w.leavingCart}`, undefined, [204, 404]],
    ];
    const results = await inWaves(ROUNDS, (round) => {
      const world = worlds[round];
      return Promise.all(
        writes.map(async ([label, method, path, payload, allowed], index) => {
          const body = payload === null ? { customer: world.customer.email, channel: 'WEB', localeCode: 'en_US' } : payload;
          const response = await send(via(round + index), label, method, path(world), body);
          return { label, status: response.status, allowed, body: response.body };
        }),
      );
    });
    const unexpected: unknown[] = [];
    for (const round of results) {
      for (const result of round) {
        count(`${result.label} ${result.status}`);
        if (!result.allowed.includes(result.status)) unexpected.push(result);
      }
      const byLabel = new Map(round.map((result) => [result.label, result.status]));
      // The leaving customer: deleted (their cart gone) or kept with the placed order, never both.
      const leaving = [byLabel.get('delete leaving customer'), byLabel.get('complete leaving customer cart')];
      if (!['204,404', '409,204'].includes(leaving.join(','))) unexpected.push({ label: 'leaving customer', statuses: leaving });
    }
    expect(unexpected).toEqual([]);
  });

  it('never deadlocked: no write of either server had to be run again', async () => {
    const conflicts = await Promise.all(
      servers.map(async (server) => {
        const metrics = await (await fetch(`${server.client.baseUrl}/metrics`)).text();
        return metrics.split('\n').filter((line) => line.startsWith('db_write_lock_conflicts_total{'));
      }),
    );
    // Retries would hide a write that takes its locks out of order; only an order kept by all of them gives 0.
    const none = ['db_write_lock_conflicts_total{outcome="retried"} 0', 'db_write_lock_conflicts_total{outcome="refused"} 0'];
    expect(conflicts).toEqual([none, none]);
  });

  it('never answered a 5xx', () => {
    const failures = responses.filter(({ response }) => response.status >= 500).map(({ label, response }) => ({ label, ...answer(response) }));
    const statuses = responses.map(({ response }) => response.status);
    report({
      run: 'lock-order',
      database: 'server',
      requests: responses.length,
      acknowledged: statuses.filter((status) => status < 300).length,
      expectedRejections: statuses.filter((status) => status >= 400 && status < 500).length,
      serverErrors: failures.length,
      networkErrors: 0,
      invariantChecks: 6,
      seconds: (Date.now() - started) / 1000,
      statuses: JSON.stringify(statusCounts(statuses)),
      outcomes: JSON.stringify(outcomes),
    });
    expect(failures).toEqual([]);
  });
});
