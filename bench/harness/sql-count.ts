/**
 * Counts the SQL statements the product sends per request: the whole app runs in this process (createApp with
 * the ORM's query logger) against DATABASE_URL, and requests go through Fastify's inject. Prints one JSON line.
 * Input: argv[2] = JSON { cart1Id, cart10Id, cart50Id, customerId, addItemVariant }.
 */
import 'reflect-metadata';
import { createApp } from '../../src/app/create-app';
import { loadConfig } from '../../src/config/app-config';

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

interface Input {
  cart1Id: number;
  cart10Id: number;
  cart50Id: number;
  customerId: number;
  addItemVariant: string;
}

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2]) as Input;
  let recording: string[] | null = null;
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DB_POOL_SIZE: '2' });
  const running = await createApp(config, { onQuery: (message) => recording?.push(message) });
  const fastify = running.app.getHttpAdapter().getInstance();
  const headers = { authorization: 'Bearer SampleToken', 'content-type': 'application/json' };
  const send = (method: 'GET' | 'POST', url: string, payload?: object) => fastify.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const count = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<StatementCount> => {
    if (method === 'GET') await send(method, url); // warm-up, not counted
    recording = [];
    const response = await send(method, url, payload);
    const statements: string[] = recording;
    recording = null;
    if (response.statusCode >= 400 && !(response.statusCode === 404 && response.body.includes('No route found'))) {
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
    }
    return {
      total: statements.length,
      transactionControl: statements.filter((s) => /\b(begin|commit|rollback|savepoint|release savepoint)\b/i.test(s.replace(/\[took.*$/, '').slice(0, 60))).length,
      status: response.statusCode,
    };
  };

  try {
    const item = { variant: input.addItemVariant, quantity: 1 };
    const orders = await count('GET', `/api/v1/customers/${input.customerId}/orders/?limit=10`);
    const counts: SqlCounts = {
      getCart1Line: await count('GET', `/api/v1/carts/${input.cart1Id}`),
      getCart10Lines: await count('GET', `/api/v1/carts/${input.cart10Id}`),
      getCart50Lines: await count('GET', `/api/v1/carts/${input.cart50Id}`),
      customersPage: await count('GET', '/api/v1/customers/?limit=10'),
      customerOrdersPage: orders.status === 404 ? null : orders,
      addItem1Line: await count('POST', `/api/v1/carts/${input.cart1Id}/items/`, item),
      addItem50Lines: await count('POST', `/api/v1/carts/${input.cart50Id}/items/`, { variant: 'BENCH_GADGET_01', quantity: 1 }),
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
