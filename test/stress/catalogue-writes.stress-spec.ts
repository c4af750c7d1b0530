import type { ApiClient, ApiResponse } from './support/api-client';
import { auditCartBody, auditStoredTotals, openOrm, type CartBody } from './support/cart-audit';
import { InvariantLog } from './support/invariant-log';
import { createDemoDatabase, type ScratchDatabase } from './support/scratch-database';
import { startServer, stopServers, type ServerProcess } from './support/server-process';
import { report, statusCounts, stressScale } from './support/stress-report';

/**
 * Two server processes on one database: the back office changes the catalogue and the shop configuration
 * (a variant's price and name, a promotion's discount and priority, a tax rate, a shipping price) while
 * customers add items to their carts and complete checkouts, through both servers at once.
 *
 * - Nothing answers 5xx, and no catalogue write is refused (a deadlock would be retried, not answered).
 * - No lost update: each field has one sequential writer, so its final value is the last one acknowledged.
 * - The carts' next change prices them with the final catalogue, on the server whose cache was warm
 *   before the storm as on the other (each cart's stored totals equal a fresh run of the engine).
 */

const SCALE = stressScale();
const PRODUCT = 'MUG';
const VARIANT = 'MUG_SW';
const CUSTOMERS = ['oliver.queen@star-city.com', 'felicity.smoak@star-city.com', 'Joe@doe.com'];
/** Added during the storm: items only of these, so every cart keeps a line priced from the variant written. */
const ADDED = [VARIANT, 'MUG_LOTR'];

describe('catalogue writes against cart changes and completions on two servers', () => {
  let database: ScratchDatabase;
  let servers: ServerProcess[] = [];
  const via = (index: number): ApiClient => servers[index % servers.length].client;

  beforeAll(async () => {
    database = await createDemoDatabase('catalogue');
    servers = await Promise.all(['A', 'B'].map((name) => startServer(name, { DATABASE_URL: database.url })));
  });

  afterAll(() => stopServers(servers, database));

  const expectStatus = async (response: Promise<ApiResponse>, status: number, what: string): Promise<ApiResponse> => {
    const answered = await response;
    expect({ what, status: answered.status, body: answered.status === status ? undefined : answered.body }).toEqual({ what, status, body: undefined });
    return answered;
  };
  const createCart = async (client: ApiClient, customer: string): Promise<number> =>
    ((await expectStatus(client.request('POST', '/api/v1/carts/', { customer, channel: 'WEB', localeCode: 'en_US' }), 201, 'create cart')).body as { id: number }).id;
  const addLine = (client: ApiClient, cartId: number, variant: string, quantity: number) =>
    expectStatus(client.request('POST', `/api/v1/carts/${cartId}/items/`, { variant, quantity }), 201, `add ${variant}`);

  /** Addressing, then the first shipping and payment method offered: the cart can be completed. */
  const walkCheckout = async (client: ApiClient, cartId: number): Promise<void> => {
    const shippingAddress = { firstName: 'Oliver', lastName: 'Queen', countryCode: 'US', provinceCode: 'US-CA', street: 'Main St 1', city: 'Star City', postcode: '12345' };
    await expectStatus(client.request('PUT', `/api/v1/checkouts/addressing/${cartId}`, { shippingAddress }), 204, 'addressing');
    for (const [step, list] of [['select-shipping', 'shipments'], ['select-payment', 'payments']] as const) {
      const listed = await client.request('GET', `/api/v1/checkouts/${step}/${cartId}`);
      const entries = (listed.body as Record<string, Array<{ methods: Array<{ code: string }> }>>)[list];
      await expectStatus(client.request('PUT', `/api/v1/checkouts/${step}/${cartId}`, { [list]: entries.map((entry) => ({ method: entry.methods[0].code })) }), 204, step);
    }
  };

  it('keeps every acknowledged catalogue change and prices the next cart change with it', async () => {
    const started = Date.now();
    // Both servers price a cart before the storm, so both hold the shop configuration in their cache.
    const carts: number[] = [];
    for (const [index, customer] of CUSTOMERS.entries()) {
      const cartId = await createCart(via(index), customer);
      await addLine(via(index + 1), cartId, VARIANT, 1);
      carts.push(cartId);
    }
    const completions = Math.max(4, Math.round(8 * SCALE));
    const toComplete: number[] = [];
    for (let index = 0; index < completions; index++) {
      const cartId = await createCart(via(index), CUSTOMERS[index % CUSTOMERS.length]);
      await addLine(via(index + 1), cartId, VARIANT, 1 + (index % 3));
      await walkCheckout(via(index), cartId);
      toComplete.push(cartId);
    }

    const statuses: number[] = [];
    let requestIndex = 0;
    const send = async (method: string, path: string, payload?: unknown): Promise<ApiResponse> => {
      const response = await via(requestIndex++).request(method, path, payload);
      statuses.push(response.status);
      return response;
    };
    const writes = Math.max(5, Math.round(15 * SCALE));
    const last: Record<string, unknown> = {};
    /** One sequential writer of one field: its last acknowledged value is the field's final value. */
    const writer = (field: string, path: string, body: (step: number) => unknown, value: (step: number) => unknown) =>
      (async () => {
        for (let step = 1; step <= writes; step++) {
          const response = await send('PATCH', path, body(step));
          if (response.status === 204) last[field] = value(step);
          else statuses.push(-response.status); // counted as refused below
        }
      })();

    const priceOf = (step: number) => 1000 + step * 37; // minor units
    const taxRateOf = (step: number) => Number((0.2 + step / 100).toFixed(2));
    const work: Array<Promise<unknown>> = [
      writer('price', `/api/v1/products/${PRODUCT}/variants/${VARIANT}`, (step) => ({ channelPricings: { WEB: { price: (priceOf(step) / 100).toFixed(2) } } }), priceOf),
      writer('variantName', `/api/v1/products/${PRODUCT}/variants/${VARIANT}`, (step) => ({ translations: { en_US: { name: `Star wars mug ${step}` } } }), (step) => `Star wars mug ${step}`),
      writer('taxRate', '/api/v1/tax-rates/us_sales_tax', (step) => ({ amount: taxRateOf(step) }), taxRateOf),
      writer('shipping', '/api/v1/shipping-methods/ups', (step) => ({ configuration: { WEB: { amount: 5 + step } } }), (step) => (5 + step) * 100),
      writer('promotionPriority', '/api/v1/promotions/big_spender', (step) => ({ priority: step }), (step) => step),
    ];
    for (const [cartIndex, cartId] of carts.entries()) {
      for (let index = 0; index < Math.round(20 * SCALE); index++) {
        work.push(send('POST', `/api/v1/carts/${cartId}/items/`, { variant: ADDED[(index + cartIndex) % ADDED.length], quantity: 1 }));
      }
    }
    for (const cartId of toComplete) work.push(send('PUT', `/api/v1/checkouts/complete/${cartId}`, {}));
    await Promise.all(work);

    const log = new InvariantLog();
    const variant = (await via(0).request('GET', `/api/v1/products/${PRODUCT}/variants/${VARIANT}`)).body as { channelPricings: Record<string, { price: number }>; translations: Record<string, { name?: string }> };
    log.equal(variant.channelPricings.WEB?.price, last.price, 'variant WEB price');
    log.equal(variant.translations.en_US?.name, last.variantName, 'variant en_US name');
    const taxRate = (await via(1).request('GET', '/api/v1/tax-rates/us_sales_tax')).body as { amount: number };
    log.equal(taxRate.amount, last.taxRate, 'tax rate amount');
    const promotion = (await via(0).request('GET', '/api/v1/promotions/big_spender')).body as { priority: number };
    log.equal(promotion.priority, last.promotionPriority, 'promotion priority');

    // The next change of each cart, on either server, prices it with what the storm left.
    const orm = await openOrm(database.url);
    try {
      for (const [index, cartId] of carts.entries()) {
        await addLine(via(index), cartId, VARIANT, 1);
        const cart = (await via(index + 1).request('GET', `/api/v1/carts/${cartId}`)).body as CartBody;
        auditCartBody(cart, log);
        await auditStoredTotals(orm.em(), cartId, log);
        log.equal(cart.items.find((item) => item.variant.code === VARIANT)?.unitPrice, last.price, `cart ${cartId} ${VARIANT} unit price`);
      }
      for (const cartId of toComplete) {
        const [row] = await orm.em().getConnection().execute<Array<{ checkout_state: string }>>('select checkout_state from orders where id = ?', [cartId]);
        log.equal(row?.checkout_state, 'completed', `order ${cartId} completed`);
      }
    } finally {
      await orm.close();
    }

    const serverErrors = statuses.filter((status) => status >= 500).length;
    const refused = statuses.filter((status) => status < 0).length;
    report({
      run: 'catalogue writes against carts and completions',
      database: 'server',
      requests: statuses.length - refused,
      acknowledged: statuses.filter((status) => status >= 200 && status < 300).length,
      expectedRejections: 0,
      serverErrors,
      networkErrors: 0,
      invariantChecks: log.checks,
      seconds: (Date.now() - started) / 1000,
      statuses: JSON.stringify(statusCounts(statuses.filter((status) => status > 0))),
    });
    expect(log.violations).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(refused).toBe(0);
  });
});
