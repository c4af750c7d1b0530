import { randomBytes } from 'node:crypto';
import type { ApiClient, ApiResponse } from './support/api-client';
import { auditCartBody, auditStoredTotals, openOrm, type CartBody } from './support/cart-audit';
import { InvariantLog } from './support/invariant-log';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { runNode, startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, statusCounts, stressScale } from './support/stress-report';

/**
 * Two server processes on one PostgreSQL database, with requests spread over both:
 * (a) parallel adds / quantity changes / removals on the same three carts, checked against the
 *     replay of the acknowledged requests and against a fresh run of the pricing engine;
 * (b) parallel creation of one customer e-mail in mixed case: one 201, the rest the duplicate 400;
 * (c) parallel checkout completions (`order:complete` CLI): distinct order numbers.
 */

const SCALE = stressScale();
/** Adds only touch these variants: additions commute, so the final quantity is the sum of the acknowledged ones. */
const ADD_VARIANTS = ['MUG_SW', 'MUG_LOTR', 'STICKER_PACK_10', 'T_SHIRT_STRIPES_M'];
/** One sequential client per line sets its quantity: the last acknowledged value is the final one. */
const SET_VARIANTS = ['BOOK_TYPESCRIPT_PAPERBACK', 'BOOK_POSTGRES_PAPERBACK', 'POSTER_LARGE'];
/** Each of these lines is deleted twice at once: exactly one 204, one 404, and the line is gone. */
const DELETE_VARIANTS = ['CAP_BLACK', 'CAP_WHITE', 'GIFT_CARD_50', 'EBOOK_NEST_PDF', 'T_SHIRT_STRIPES_L'];
const CUSTOMERS = ['oliver.queen@star-city.com', 'felicity.smoak@star-city.com', 'Joe@doe.com'];

const isServerError = (response: ApiResponse): boolean => response.status >= 500;

describe('two server processes on one PostgreSQL database', () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];
  const via = (index: number): ApiClient => servers[index % servers.length].client;

  beforeAll(async () => {
    database = await createDemoDatabase('multi');
    servers = await Promise.all(['A', 'B'].map((name) => startServer(name, { DATABASE_URL: database.url })));
  });

  afterAll(() => stopServers(servers, database));

  const createCart = async (client: ApiClient, customer: string): Promise<number> => {
    const response = await client.request('POST', '/api/v1/carts/', { customer, channel: 'WEB', localeCode: 'en_US' });
    expect(response.status).toBe(201);
    return (response.body as { id: number }).id;
  };
  const addLine = async (client: ApiClient, cartId: number, variant: string, quantity: number): Promise<number> => {
    const response = await client.request('POST', `/api/v1/carts/${cartId}/items/`, { variant, quantity });
    expect({ variant, status: response.status }).toEqual({ variant, status: 201 });
    return (response.body as { id: number }).id;
  };

  /** Takes a cart through addressing, shipping and payment (the first method listed each time), so it can be completed. */
  const walkCheckout = async (client: ApiClient, cartId: number): Promise<void> => {
    const shippingAddress = { firstName: 'Oliver', lastName: 'Queen', countryCode: 'US', provinceCode: 'US-CA', street: 'Main St 1', city: 'Star City', postcode: '12345' };
    const steps: Array<[string, string, unknown?]> = [['PUT', `/api/v1/checkouts/addressing/${cartId}`, { shippingAddress }]];
    for (const [step, list] of [['select-shipping', 'shipments'], ['select-payment', 'payments']] as const) {
      for (const [method, path, payload] of steps.splice(0)) expect({ path, status: (await client.request(method, path, payload)).status }).toEqual({ path, status: 204 });
      const listed = await client.request('GET', `/api/v1/checkouts/${step}/${cartId}`);
      const entries = (listed.body as Record<string, Array<{ methods: Array<{ code: string }> }>>)[list];
      steps.push(['PUT', `/api/v1/checkouts/${step}/${cartId}`, { [list]: entries.map((entry) => ({ method: entry.methods[0].code })) }]);
    }
    for (const [method, path, payload] of steps) expect({ path, status: (await client.request(method, path, payload)).status }).toEqual({ path, status: 204 });
  };

  it('(a) keeps every acknowledged cart change and consistent totals under parallel writes through both servers', async () => {
    const started = Date.now();
    const carts = await Promise.all(CUSTOMERS.map((customer, index) => createCart(via(index), customer)));
    // Before the storm: the lines to set and to delete exist, and one add-variant line already holds 1.
    const setLines = new Map<number, number[]>();
    const deleteLines = new Map<number, number[]>();
    for (const cartId of carts) {
      const client = via(cartId);
      setLines.set(cartId, await Promise.all(SET_VARIANTS.map((variant) => addLine(client, cartId, variant, 1))));
      deleteLines.set(cartId, await Promise.all(DELETE_VARIANTS.map((variant) => addLine(client, cartId, variant, 2))));
      await addLine(client, cartId, ADD_VARIANTS[0], 1);
    }

    const setsPerLine = Math.max(1, Math.round(4 * SCALE));
    // 200 requests at scale 1: the adds fill what the quantity changes and the double deletes leave.
    const others = carts.length * (SET_VARIANTS.length * setsPerLine + 2 * DELETE_VARIANTS.length);
    const addsFor = (cartIndex: number): number => Math.floor((Math.round(200 * SCALE) - others + cartIndex) / carts.length);
    const expectedAdds = new Map(carts.map((cartId) => [cartId, new Map(ADD_VARIANTS.map((variant, index) => [variant, index === 0 ? 1 : 0]))]));
    const expectedSets = new Map<number, number>();
    const statuses: number[] = [];
    let requestIndex = 0;
    const send = async (method: string, path: string, payload?: unknown): Promise<ApiResponse> => {
      const response = await via(requestIndex++).request(method, path, payload);
      statuses.push(response.status);
      return response;
    };

    const work: Array<Promise<unknown>> = [];
    for (const [cartIndex, cartId] of carts.entries()) {
      for (let index = 0; index < addsFor(cartIndex); index++) {
        const variant = ADD_VARIANTS[index % ADD_VARIANTS.length];
        const quantity = (index % 3) + 1;
        work.push(
          send('POST', `/api/v1/carts/${cartId}/items/`, { variant, quantity }).then((response) => {
            if (response.status === 201) {
              const lines = expectedAdds.get(cartId)!;
              lines.set(variant, lines.get(variant)! + quantity);
            }
            return response;
          }),
        );
      }
      for (const lineId of setLines.get(cartId)!) {
        work.push(
          (async () => {
            for (let step = 0; step < setsPerLine; step++) {
              const quantity = ((lineId + step * 7) % 9) + 1;
              const response = await send(step % 2 === 0 ? 'PUT' : 'PATCH', `/api/v1/carts/${cartId}/items/${lineId}`, { quantity });
              if (response.status === 204) expectedSets.set(lineId, quantity);
            }
          })(),
        );
      }
      for (const lineId of deleteLines.get(cartId)!) {
        work.push(
          Promise.all([send('DELETE', `/api/v1/carts/${cartId}/items/${lineId}`), send('DELETE', `/api/v1/carts/${cartId}/items/${lineId}`)]).then((pair) => {
            expect({ lineId, statuses: pair.map((response) => response.status).sort() }).toEqual({ lineId, statuses: [204, 404] });
          }),
        );
      }
    }
    await Promise.all(work);

    const log = new InvariantLog();
    const orm = await openOrm(database.url);
    try {
      for (const cartId of carts) {
        const response = await via(cartId + 1).request('GET', `/api/v1/carts/${cartId}`);
        expect(response.status).toBe(200);
        const cart = response.body as CartBody;
        const quantities = new Map(cart.items.map((line) => [line.variant.code, line.quantity]));
        for (const [variant, quantity] of expectedAdds.get(cartId)!) log.equal(quantities.get(variant) ?? 0, quantity, `cart ${cartId} ${variant} quantity`);
        for (const [index, lineId] of setLines.get(cartId)!.entries()) {
          const line = cart.items.find((candidate) => candidate.id === lineId);
          log.equal(line?.quantity, expectedSets.get(lineId) ?? 1, `cart ${cartId} ${SET_VARIANTS[index]} quantity`);
        }
        for (const variant of DELETE_VARIANTS) log.equal(quantities.has(variant), false, `cart ${cartId} ${variant} removed`);
        log.equal(cart.items.length, ADD_VARIANTS.length + SET_VARIANTS.length, `cart ${cartId} line count`);
        auditCartBody(cart, log);
        await auditStoredTotals(orm.em(), cartId, log);
      }
    } finally {
      await orm.close();
    }

    const requests = statuses.length;
    const serverErrors = statuses.filter((status) => status >= 500).length;
    report({
      run: 'multi-instance (a) cart storm',
      database: 'server',
      requests,
      acknowledged: statuses.filter((status) => status < 300).length,
      expectedRejections: statuses.filter((status) => status === 404).length,
      serverErrors,
      networkErrors: 0,
      invariantChecks: log.checks,
      seconds: (Date.now() - started) / 1000,
      statuses: JSON.stringify(statusCounts(statuses)),
    });
    expect(log.violations).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(requests).toBe(Math.round(200 * SCALE));
    expect(statusCounts(statuses)).toEqual({ 201: requests - others, 204: carts.length * (SET_VARIANTS.length * setsPerLine + DELETE_VARIANTS.length), 404: carts.length * DELETE_VARIANTS.length });
  });

  it('(b) creates a customer e-mail sent 50 times at once in mixed case exactly once', async () => {
    const started = Date.now();
    const local = `stress.duplicate.${randomBytes(3).toString('hex')}`;
    const count = Math.max(50, Math.round(50 * SCALE));
    const variants = Array.from({ length: count }, (_, index) =>
      `${local}@example.com`.replace(/[a-z]/g, (letter, position: number) => (((index >> (position % 6)) & 1) === 1 ? letter.toUpperCase() : letter)),
    );
    const body = (email: string) => ({ email, firstName: 'Stress', lastName: 'Test', gender: 'u' });
    const responses = await Promise.all(variants.map((email, index) => via(index).request('POST', '/api/v1/customers/', body(email))));

    // The body a sequential duplicate gets is the one every losing request must have got.
    const duplicate = await via(0).request('POST', '/api/v1/customers/', body(`${local.toUpperCase()}@EXAMPLE.COM`));
    expect(duplicate.status).toBe(400);
    expect((duplicate.body as { errors: { children: { email: unknown } } }).errors.children.email).toEqual({ errors: ['This email is already used.'] });

    const created = responses.filter((response) => response.status === 201);
    const rejected = responses.filter((response) => response.status === 400);
    const log = new InvariantLog();
    log.equal(created.length, 1, 'customers created');
    for (const response of rejected) log.equal(response.body, duplicate.body, 'duplicate e-mail body');
    log.equal(rejected.length, count - 1, 'duplicate e-mail rejections');
    const listed = await via(1).request('GET', `/api/v1/customers/?criteria[search]=${local}`);
    log.equal((listed.body as { total: number }).total, 1, 'customers with the e-mail');
    log.equal((created[0]?.body as { emailCanonical?: string } | undefined)?.emailCanonical, `${local}@example.com`, 'canonical e-mail');

    report({
      run: 'multi-instance (b) duplicate e-mail',
      database: 'server',
      requests: responses.length,
      acknowledged: created.length,
      expectedRejections: rejected.length,
      serverErrors: responses.filter(isServerError).length,
      networkErrors: 0,
      invariantChecks: log.checks,
      seconds: (Date.now() - started) / 1000,
    });
    expect(log.violations).toEqual([]);
  });

  it('(c) gives parallel checkout completions distinct order numbers (order:complete CLI)', async () => {
    const started = Date.now();
    const count = Math.max(20, Math.round(20 * SCALE));
    const carts: number[] = [];
    for (let index = 0; index < count; index++) {
      const cartId = await createCart(via(index), CUSTOMERS[index % CUSTOMERS.length]);
      await addLine(via(index + 1), cartId, ADD_VARIANTS[index % ADD_VARIANTS.length], 1 + (index % 2));
      await walkCheckout(via(index), cartId);
      carts.push(cartId);
    }
    const runs = await Promise.all(carts.map((cartId) => runNode(['dist/cli/main.js', 'order:complete', String(cartId)], { DATABASE_URL: database.url })));

    const log = new InvariantLog();
    const placed: Array<{ id: number; number: string }> = [];
    runs.forEach((run, index) => {
      log.check(run.code === 0, () => `order:complete ${carts[index]} exited ${run.code}: ${run.stderr.trim()}`);
      if (run.code !== 0) return;
      const lines = run.stdout.trim().split('\n');
      log.equal(lines.length, 1, `order:complete ${carts[index]} output lines`);
      const result = JSON.parse(lines[0]) as { id: number; number: string };
      log.equal(result.id, carts[index], 'completed order id');
      log.check(/^\d{9}$/.test(result.number), () => `order number ${JSON.stringify(result.number)} is not 9 digits`);
      placed.push(result);
    });
    log.equal(new Set(placed.map((order) => order.number)).size, placed.length, 'distinct order numbers');
    const orm = await openOrm(database.url);
    try {
      const rows = await orm.em().getConnection().execute<Array<{ id: number; number: string; checkout_state: string }>>(
        'select id, number, checkout_state from orders where id in (?) order by id',
        [carts],
      );
      for (const row of rows) {
        log.equal(row.checkout_state, 'completed', `order ${row.id} checkout state`);
        log.equal(row.number, placed.find((order) => order.id === row.id)?.number, `order ${row.id} stored number`);
      }
    } finally {
      await orm.close();
    }
    for (const [index, cartId] of carts.entries()) log.equal((await via(index).request('GET', `/api/v1/carts/${cartId}`)).status, 404, `order ${cartId} is no longer a cart`);

    report({
      run: 'multi-instance (c) checkout completions',
      database: 'server',
      requests: runs.length,
      acknowledged: placed.length,
      expectedRejections: 0,
      serverErrors: runs.filter((run) => run.code !== 0).length,
      networkErrors: 0,
      invariantChecks: log.checks,
      seconds: (Date.now() - started) / 1000,
    });
    expect(log.violations).toEqual([]);
  });
});
