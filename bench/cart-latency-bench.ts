/**
 * Latency and SQL statements of the cart endpoints at one connection: sequential requests through the
 * whole HTTP stack (fastify inject) against an in-memory embedded database, the embedded database in a
 * fresh directory BENCH_DATA_DIR (deleted first), or the (empty, disposable) database DATABASE_URL.
 *
 *   npx tsc -p tsconfig.json --outDir .tmp/bench && node .tmp/bench/bench/cart-latency-bench.js
 *
 * Measures "add a new line to a 10-line cart" (the line is removed again, untimed, after each add),
 * "add to an existing line", quantity change, GET of the cart, and prints wall-clock p50/p99 in ms, the
 * median CPU time of this process (app and embedded database alike; less sensitive to a busy machine)
 * and the statements of one request. BENCH_TRACE=1 prints the statements; BENCH_RUNS sets the count.
 */
import { rmSync } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/postgresql';
import { createApp } from '../src/app/create-app';
import { loadConfig } from '../src/config/app-config';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { QUEUE_POOL_SIZE } from '../src/webhooks/delivery/queue-database';
import { EventOutbox } from '../src/events';
import { engineOrderHooks, loadFixtures, parseFixtureYaml } from '../src/fixtures';

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const TOKEN = 'BenchToken0123456789';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };
const VARIANTS = Array.from({ length: 12 }, (_, index) => `V${String(index + 1).padStart(2, '0')}`);

const SHOP_YAML = `
adminUsers: [{username: bench, email: bench@example.com, password: bench, roles: [ROLE_API_ACCESS], localeCode: en_US}]
oauthClients: [{clientId: client_id, secret: secret, grantTypes: [password, refresh_token]}]
accessTokens: [{token: ${TOKEN}, client: client_id, user: bench, expiresAt: null}]
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US}
taxCategories: [{code: std, name: Standard}]
taxRates: [{code: vat, name: VAT, category: std, zone: US, amount: 0.23}]
shippingMethods:
  - {code: per_unit, name: Per unit, zone: US, calculator: per_unit_rate, configuration: {WEB: {amount: 150}}, channels: [WEB], taxCategory: std}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: THING
    name: Thing
    variants:
${VARIANTS.map((code, index) => `      - {code: ${code}, name: Thing ${code}, taxCategory: std, tracked: ${index % 2 === 0}, onHand: 10000000, channelPricings: {WEB: ${199 + index * 37}}}`).join('\n')}
promotions:
  - {code: seven, name: Seven percent, channels: [WEB], actions: [{type: order_percentage_discount, configuration: {percentage: 0.07}}]}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - ref: ten_lines
    customer: oliver.queen@star-city.com
    channel: WEB
    items:
${VARIANTS.slice(0, 10).map((code, index) => `      - {ref: line_${code}, variant: ${code}, quantity: ${(index % 3) + 1}}`).join('\n')}
`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main(): Promise<void> {
  const external = process.env.DATABASE_URL;
  // One connection for the app (as the statements are timed one at a time), and the webhook queue's own.
  // BENCH_DATA_DIR: the embedded database persisting to a (fresh) directory, as `npm start` runs it.
  const dataDir = process.env.BENCH_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  const embedded = external ? null : await startEmbeddedPostgres({ maxConnections: 1 + QUEUE_POOL_SIZE, dataDir });
  let statements = 0;
  let trace: string[] = [];
  const config = loadConfig({ LOG_LEVEL: 'silent', DB_POOL_SIZE: '1', DATABASE_URL: external ?? '' });
  const running = await createApp(config, {
    database: { url: external ?? embedded!.url, embedded: !external, close: async () => embedded?.stop() },
    onQuery: (sql) => {
      statements++;
      if (process.env.BENCH_TRACE) trace.push(sql);
    },
  });
  const orm = running.app.get(MikroORM);
  const ids = await (orm.em.fork() as EntityManager).transactional((em) =>
    loadFixtures(em, [{ file: 'bench.yaml', data: parseFixtureYaml('bench.yaml', SHOP_YAML) }], { purge: true, now: new Date(), outbox: running.app.get(EventOutbox) }, engineOrderHooks),
  );
  const fastify = running.app.getHttpAdapter().getInstance();
  const cartId = ids.orders.ten_lines;

  const logger = orm.config.getLogger();
  async function measure(name: string, request: () => Promise<void>, after?: () => Promise<void>): Promise<void> {
    const times: number[] = [];
    const cpu: number[] = [];
    let counted = 0;
    for (let run = 0; run < RUNS + 20; run++) {
      // Statements are counted through the query log during the 20 warm-up runs; timed runs log nothing, as in production.
      logger.setDebugMode(run < 20 ? ['query'] : false);
      if (run < 20) statements = 0;
      trace = [];
      const cpuStart = process.cpuUsage();
      const start = process.hrtime.bigint();
      await request();
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      const cpuUsed = process.cpuUsage(cpuStart);
      if (run < 20) counted = statements;
      if (run === 19 && process.env.BENCH_TRACE) console.log(`--- ${name}\n${trace.join('\n')}`);
      if (run >= 20) {
        times.push(elapsed);
        cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
      }
      if (after) await after();
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    console.log(
      `${name.padEnd(28)} p50 ${percentile(times, 50).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms` +
        `  cpu p50 ${percentile(cpu, 50).toFixed(2)} ms  statements ${counted}`,
    );
  }

  const expect = (status: number, response: { statusCode: number; body: string }) => {
    if (response.statusCode !== status) throw new Error(`Expected ${status}, got ${response.statusCode}: ${response.body}`);
  };
  await measure('get cart (before writes)', async () => {
    expect(200, await fastify.inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH }));
  });
  let newLineId = 0;
  await measure(
    'add new line (10-line cart)',
    async () => {
      const response = await fastify.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: { variant: 'V11', quantity: 1 } });
      expect(201, response);
      newLineId = (JSON.parse(response.body) as { id: number }).id;
    },
    async () => expect(204, await fastify.inject({ method: 'DELETE', url: `/api/v1/carts/${cartId}/items/${newLineId}`, headers: AUTH })),
  );
  await measure(
    'add to existing line',
    async () => {
      expect(201, await fastify.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: { variant: 'V01', quantity: 1 } }));
    },
    async () =>
      expect(204, await fastify.inject({ method: 'PUT', url: `/api/v1/carts/${cartId}/items/${ids.orderItems.line_V01}`, headers: JSON_AUTH, payload: { quantity: 1 } })),
  );
  let quantity = 1;
  await measure('change quantity', async () => {
    quantity = (quantity % 3) + 1;
    expect(204, await fastify.inject({ method: 'PUT', url: `/api/v1/carts/${cartId}/items/${ids.orderItems.line_V02}`, headers: JSON_AUTH, payload: { quantity } }));
  });
  await measure('get cart (after writes)', async () => {
    expect(200, await fastify.inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH }));
  });
  await running.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
