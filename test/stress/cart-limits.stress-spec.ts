import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_CART_UNITS, MAX_QUANTITY } from '../../src/orders/domain/cart-limits';
import { CART_UNITS_EXCEEDED } from '../../src/orders/http/forms/cart-item.forms';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { heapUsedMb, residentMb, shippedNodeFlags } from './support/server-memory';
import { startServer, stopServers, type ServerProcess } from './support/server-process';

/**
 * Issue #20's crash, on a real server process with the heap of `npm start`: before the cart limits,
 * four lines of 9999 pieces ran it out of memory ("JavaScript heap out of memory"). Now the same
 * requests are refused at once, and the largest cart the limits allow goes through checkout with the
 * process far from its heap limit.
 */

/** Untracked variants of the demo shop priced in WEB: a line each. */
const VARIANTS = ['MUG_SW', 'MUG_LOTR', 'T_SHIRT_STRIPES_M', 'T_SHIRT_STRIPES_L', 'CAP_BLACK', 'CAP_WHITE', 'BOOK_TYPESCRIPT_HARDCOVER', 'BOOK_TYPESCRIPT_PAPERBACK', 'BOOK_POSTGRES_PAPERBACK', 'POSTER_LARGE', 'STICKER_PACK_10'];
/** A demo shop to run the server on, and what removes it afterwards. */
interface Setup {
  env: Record<string, string>;
  drop(): Promise<void>;
}

const onServer = async (): Promise<Setup> => {
  const database: ScratchDatabase = await createDemoDatabase('cart_limits');
  return { env: { DATABASE_URL: database.url }, drop: () => database.drop() };
};

/** The first start finds an empty data directory and loads the demo shop, as `npm start` does. */
const embedded = (): Promise<Setup> => {
  const work = mkdtempSync(join(tmpdir(), 'shop-cart-limits-'));
  const drop = (): Promise<void> => {
    rmSync(work, { recursive: true, force: true });
    return Promise.resolve();
  };
  return Promise.resolve({ env: { DATA_DIR: join(work, 'db') }, drop });
};

describe.each([
  ['a PostgreSQL server', onServer],
  ['the embedded database', embedded],
])('cart limits with the shipped heap limit, on %s', (database, setUp) => {
  let setup: Setup;
  let server: ServerProcess;

  beforeAll(async () => {
    setup = await setUp();
    server = await startServer('limits', setup.env, shippedNodeFlags());
  });
  afterAll(() => stopServers(server === undefined ? [] : [server], setup));

  it('refuses the lines that crashed it, and carries the largest cart through checkout far below its heap limit', async () => {
    const { client } = server;
    const timed = async (method: string, path: string, payload?: unknown) => {
      const started = performance.now();
      const response = await client.request(method, path, payload);
      return { ...response, ms: Math.round(performance.now() - started) };
    };
    const newCart = async () => (await client.request('POST', '/api/v1/carts/', { customer: 'oliver.queen@star-city.com', channel: 'WEB', localeCode: 'en_US' })).body as { id: number };

    const crashing = await newCart();
    const refused = [];
    for (const variant of VARIANTS.slice(0, 4)) refused.push(await timed('POST', `/api/v1/carts/${crashing.id}/items/`, { variant, quantity: MAX_QUANTITY }));
    expect(refused.map(({ status, body }) => [status, body])).toEqual(
      Array.from({ length: 4 }, () => [400, { code: 400, message: 'Validation Failed', errors: { children: { quantity: { errors: [CART_UNITS_EXCEEDED] }, variant: {} } } }]),
    );

    const largest = await newCart();
    const added = [];
    for (const [index, variant] of VARIANTS.entries()) {
      const quantity = Math.floor(MAX_CART_UNITS / VARIANTS.length) + (index < MAX_CART_UNITS % VARIANTS.length ? 1 : 0);
      added.push(await timed('POST', `/api/v1/carts/${largest.id}/items/`, { variant, quantity }));
    }
    const read = await timed('GET', `/api/v1/carts/${largest.id}`);
    const address = { firstName: 'Oliver', lastName: 'Queen', countryCode: 'US', provinceCode: 'US-NY', street: 'Main St 1', city: 'New York', postcode: '10001' };
    const checkout = [
      await timed('PUT', `/api/v1/checkouts/addressing/${largest.id}`, { shippingAddress: address }),
      await timed('PUT', `/api/v1/checkouts/select-shipping/${largest.id}`, { shipments: [{ method: 'ups' }] }),
      await timed('PUT', `/api/v1/checkouts/select-payment/${largest.id}`, { payments: [{ method: 'bank_transfer' }] }),
      await timed('PUT', `/api/v1/checkouts/complete/${largest.id}`, {}),
    ];
    const heapMb = await heapUsedMb(server);
    const rssMb = residentMb(server.pid);
    const numbers = {
      refusedMs: refused.map(({ ms }) => ms),
      addMs: added.map(({ ms }) => ms),
      readMs: read.ms,
      readBytes: read.text.length,
      checkoutMs: checkout.map(({ ms }) => ms),
      heapMb,
      rssMb,
    };
    process.stderr.write(`cart limits on ${database}, server with ${shippedNodeFlags().join(' ')}: ${JSON.stringify(numbers)}\n`);

    expect(added.map(({ status }) => status)).toEqual(VARIANTS.map(() => 201));
    expect([read.status, (read.body as { items: Array<{ quantity: number }> }).items.reduce((sum, item) => sum + item.quantity, 0)]).toEqual([200, MAX_CART_UNITS]);
    expect(checkout.map(({ status }) => status)).toEqual([204, 204, 204, 204]);
    // Well under the 192 MB heap limit: the process serves the largest cart with room to spare.
    expect(heapMb).toBeLessThan(128);
    expect((await client.request('GET', '/health/live')).status).toBe(200);
  });
});
