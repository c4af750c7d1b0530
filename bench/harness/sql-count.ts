/**
 * Counts the SQL statements the product sends per request: the whole app runs in this process (createApp with
 * the ORM's query logger) against DATABASE_URL, and requests go through Fastify's inject. Prints one JSON line.
 * Input: argv[2] = JSON { cart1Id, cart10Id, cart50Id, customerId, addItemVariant }, or
 * { checkoutCartIds: [a, b] } for the checkout steps and order actions (cart a goes through every step, is paid and
 * shipped; cart b is placed, untimed, and cancelled). Those carts are used up: they are placed orders afterwards.
 */
import 'reflect-metadata';
import { createApp } from '../../src/app/create-app';
import { loadConfig } from '../../src/config/app-config';
import { BIG_CART_ADD_ITEM_VARIANT } from '../data/bench-shop';
import { BENCH_ADDRESS } from './checkout-flow';

export interface StatementCount {
  /** Every statement, transaction control included. */
  total: number;
  /** begin / commit / rollback / savepoint among them. */
  transactionControl: number;
  status: number;
}

export interface SqlCounts {
  getCart1Line: StatementCount;
  getCart10Lines: StatementCount;
  getCart50Lines: StatementCount;
  customersPage: StatementCount;
  /** Null when the product has no such route (404 "No route found"). */
  customerOrdersPage: StatementCount | null;
  addItem1Line: StatementCount;
  addItem50Lines: StatementCount;
}

/** One 10-line cart through the checkout, then the order actions. */
export interface CheckoutSqlCounts {
  addressing: StatementCount;
  selectShipping: StatementCount;
  selectPayment: StatementCount;
  complete: StatementCount;
  completePayment: StatementCount;
  ship: StatementCount;
  cancel: StatementCount;
}

interface Input {
  cart1Id: number;
  cart10Id: number;
  cart50Id: number;
  customerId: number;
  addItemVariant: string;
}

type Method = 'GET' | 'POST' | 'PUT';

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2]) as Input | { checkoutCartIds: [number, number] };
  let recording: string[] | null = null;
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DB_POOL_SIZE: '2' });
  const running = await createApp(config, { onQuery: (message) => recording?.push(message) });
  const fastify = running.app.getHttpAdapter().getInstance();
  const headers = { authorization: 'Bearer SampleToken', 'content-type': 'application/json' };
  const send = (method: Method, url: string, payload?: object) => fastify.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const count = async (method: Method, url: string, payload?: object): Promise<StatementCount> => {
    if (method === 'GET') await send(method, url); // warm-up, not counted
    recording = [];
    const response = await send(method, url, payload);
    const statements: string[] = recording;
    recording = null;
    if (process.env.BENCH_SHOW_SQL) process.stderr.write(`${method} ${url}\n${statements.map((s) => `  ${s.slice(0, 160)}`).join('\n')}\n`);
    if (response.statusCode >= 400 && !(response.statusCode === 404 && response.body.includes('No route found'))) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    }
    return {
      total: statements.length,
      transactionControl: statements.filter((s) => /\b(begin|commit|rollback|savepoint|release savepoint)\b/i.test(s.replace(/\[took.*$/, '').slice(0, 60))).length,
      status: response.statusCode,
    };
  };

  /** The step's request, not counted; fails unless it answers 2xx. */
  const run = async (method: Method, url: string, payload?: object): Promise<string> => {
    const response = await send(method, url, payload);
    if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    return response.body;
  };

  const firstMethods = (body: string, key: 'shipments' | 'payments') =>
    ({ [key]: (JSON.parse(body) as Record<string, Array<{ methods: Array<{ code: string }> }>>)[key].map((entry) => ({ method: entry.methods[0].code })) });

  try {
    if ('checkoutCartIds' in input) {
      const [cart, cancelled] = input.checkoutCartIds;
      const steps = async (id: number, counted: boolean): Promise<StatementCount[]> => {
        const step = counted ? count : async (method: Method, url: string, payload?: object) => (await run(method, url, payload), null);
        const addressing = await step('PUT', `/api/v1/checkouts/addressing/${id}`, { shippingAddress: BENCH_ADDRESS });
        const shipping = await step('PUT', `/api/v1/checkouts/select-shipping/${id}`, firstMethods(await run('GET', `/api/v1/checkouts/select-shipping/${id}`), 'shipments'));
        const payment = await step('PUT', `/api/v1/checkouts/select-payment/${id}`, firstMethods(await run('GET', `/api/v1/checkouts/select-payment/${id}`), 'payments'));
        const complete = await step('PUT', `/api/v1/checkouts/complete/${id}`, {});
        return [addressing, shipping, payment, complete].filter((c): c is StatementCount => c !== null);
      };
      const [addressing, selectShipping, selectPayment, complete] = await steps(cart, true);
      const order = JSON.parse(await run('GET', `/api/v1/orders/${cart}`)) as { payments: Array<{ id: number }>; shipments: Array<{ id: number }> };
      const counts: CheckoutSqlCounts = {
        addressing,
        selectShipping,
        selectPayment,
        complete,
        completePayment: await count('PUT', `/api/v1/orders/${cart}/payments/${order.payments[0].id}/complete`),
        ship: await count('PUT', `/api/v1/orders/${cart}/shipments/${order.shipments[0].id}/ship`, { tracking: 'BENCH' }),
        cancel: await steps(cancelled, false).then(() => count('PUT', `/api/v1/orders/${cancelled}/cancel`)),
      };
      process.stdout.write(`${JSON.stringify(counts)}\n`);
      return;
    }
    const item = { variant: input.addItemVariant, quantity: 1 };
    // Warm-up (not counted): the first change after start-up also reads the channel's configuration.
    await run('POST', `/api/v1/carts/${input.cart10Id}/items/`, item);
    const orders = await count('GET', `/api/v1/customers/${input.customerId}/orders/?limit=10`);
    const counts: SqlCounts = {
      getCart1Line: await count('GET', `/api/v1/carts/${input.cart1Id}`),
      getCart10Lines: await count('GET', `/api/v1/carts/${input.cart10Id}`),
      getCart50Lines: await count('GET', `/api/v1/carts/${input.cart50Id}`),
      customersPage: await count('GET', '/api/v1/customers/?limit=10'),
      customerOrdersPage: orders.status === 404 ? null : orders,
      addItem1Line: await count('POST', `/api/v1/carts/${input.cart1Id}/items/`, item),
      addItem50Lines: await count('POST', `/api/v1/carts/${input.cart50Id}/items/`, { variant: BIG_CART_ADD_ITEM_VARIANT, quantity: 1 }),
    };
    process.stdout.write(`${JSON.stringify(counts)}\n`);
  } finally {
    await running.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`sql-count: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
