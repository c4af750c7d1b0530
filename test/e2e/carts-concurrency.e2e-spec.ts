import type { IdMap } from '../../src/fixtures';
import { repriceOrder } from '../support/reprice-order';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const VARIANTS = Array.from({ length: 50 }, (_, index) => `V${String(index + 1).padStart(2, '0')}`);

/** A shop with shipping, taxes and a promotion, 50 priced variants, and carts of 1 and 50 lines. */
const SHOP_YAML = `
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
productOptions:
  - {code: SIZE, name: Size, values: [{code: SIZE_S, value: Small}]}
products:
  - code: THING
    name: Thing
    options: [SIZE]
    variants:
${VARIANTS.map((code, index) => `      - {code: ${code}, name: Thing ${code}, optionValues: [SIZE_S], taxCategory: std, tracked: ${index % 2 === 0}, onHand: 100000, channelPricings: {WEB: ${199 + index * 37}}}`).join('\n')}
promotions:
  - {code: seven, name: Seven percent, channels: [WEB], actions: [{type: order_percentage_discount, configuration: {percentage: 0.07}}]}
  - {code: coupon_off, name: Coupon off, channels: [WEB], couponBased: true, coupons: [{code: COUNT_ME}], actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 100}}}]}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen, user: {password: secret-password, enabled: true}}
orders:
  - {ref: empty, customer: oliver.queen@star-city.com, channel: WEB}
  - {ref: one_line, customer: oliver.queen@star-city.com, channel: WEB, items: [{ref: one_line_item, variant: V01, quantity: 2}]}
  - ref: fifty_lines
    customer: oliver.queen@star-city.com
    channel: WEB
    items:
${VARIANTS.map((code, index) => `      - {ref: fifty_${code}, variant: ${code}, quantity: ${(index % 3) + 1}}`).join('\n')}
`;

interface Adjustment {
  id: number;
  amount: number;
}
interface Line {
  id: number;
  quantity: number;
  unitPrice: number;
  total: number;
  units: Array<{ id: number; adjustments: Adjustment[]; adjustmentsTotal: number }>;
  unitsTotal: number;
  adjustments: Adjustment[];
  adjustmentsTotal: number;
  variant: { code: string };
}
interface CartBody {
  items: Line[];
  itemsTotal: number;
  adjustments: Adjustment[];
  adjustmentsTotal: number;
  total: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The cart's totals are consistent at every level, with one unit per piece. */
function expectConsistent(cart: CartBody): void {
  for (const line of cart.items) {
    expect(line.units).toHaveLength(line.quantity);
    for (const unit of line.units) expect(unit.adjustmentsTotal).toBe(sum(unit.adjustments.map((a) => a.amount)));
    expect(line.unitsTotal).toBe(sum(line.units.map((unit) => Math.max(0, line.unitPrice + unit.adjustmentsTotal))));
    expect(line.adjustmentsTotal).toBe(sum(line.adjustments.map((a) => a.amount)));
    expect(line.total).toBe(Math.max(0, line.unitsTotal + line.adjustmentsTotal));
  }
  expect(cart.itemsTotal).toBe(sum(cart.items.map((line) => line.total)));
  expect(cart.adjustmentsTotal).toBe(sum(cart.adjustments.map((a) => a.amount)));
  expect(cart.total).toBe(Math.max(0, cart.itemsTotal + cart.adjustmentsTotal));
}

/** The body without adjustment ids, which a reprocessing renews. */
const withoutAdjustmentIds = (cart: CartBody): unknown => JSON.parse(JSON.stringify(cart, (key, value) => (key === 'adjustments' ? value.map(({ id: _id, ...rest }: Adjustment) => rest) : value)));

describe('cart concurrency and query counts', () => {
  let t: TestApp;
  let ids: IdMap;
  let recording: string[] | null = null;

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (message) => recording?.push(message) });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ids = await loadShop(t, SHOP_YAML);
  });

  const getCart = async (id: number): Promise<CartBody> => JSON.parse((await t.inject({ method: 'GET', url: `/api/v1/carts/${id}`, headers: AUTH })).body);

  it('serialises 40 parallel adds to one cart: exact quantities, consistent totals, no 5xx', async () => {
    const cartId = ids.orders.empty;
    const requests = Array.from({ length: 40 }, (_, index) => ({ variant: VARIANTS[index % 5], quantity: (index % 4) + 1 }));
    const responses = await Promise.all(
      requests.map((payload) => t.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(requests.map(() => 201));

    const expected = new Map<string, number>();
    for (const { variant, quantity } of requests) expected.set(variant, (expected.get(variant) ?? 0) + quantity);
    const cart = await getCart(cartId);
    expect(new Map(cart.items.map((line) => [line.variant.code, line.quantity]))).toEqual(expected);
    expect(cart.items).toHaveLength(5);
    expectConsistent(cart);
    expect(cart.adjustments.length).toBeGreaterThan(0);

    // The stored result is what a fresh processing of the final cart gives.
    await t.em().transactional((em) => repriceOrder(em, cartId));
    expect(withoutAdjustmentIds(await getCart(cartId))).toEqual(withoutAdjustmentIds(cart));
  });

  it('serialises parallel adds, quantity changes and deletes on one cart without losing any', async () => {
    const cartId = ids.orders.fifty_lines;
    const lineIds = VARIANTS.map((code) => ids.orderItems[`fifty_${code}`]);
    const responses = await Promise.all([
      ...lineIds.slice(0, 10).map((itemId) => t.inject({ method: 'DELETE', url: `/api/v1/carts/${cartId}/items/${itemId}`, headers: AUTH })),
      ...lineIds.slice(10, 20).map((itemId) => t.inject({ method: 'PUT', url: `/api/v1/carts/${cartId}/items/${itemId}`, headers: JSON_AUTH, payload: { quantity: 7 } })),
      ...VARIANTS.slice(20, 30).map((variant) => t.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: { variant, quantity: 5 } })),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([...Array(20).fill(204), ...Array(10).fill(201)]);
    const cart = await getCart(cartId);
    expect(cart.items.map((line) => [line.variant.code, line.quantity])).toEqual(
      VARIANTS.slice(10).map((code, index) => [code, index < 10 ? 7 : index < 20 ? ((index + 10) % 3) + 1 + 5 : ((index + 10) % 3) + 1]),
    );
    expectConsistent(cart);
  });

  it('answers an added line byte for byte as a read of the cart then shows it (new line, merged line, big cart)', async () => {
    const additions: Array<[number, string, number]> = [
      [ids.orders.empty, 'V07', 3],
      [ids.orders.empty, 'V08', 1],
      [ids.orders.empty, 'V07', 2],
      [ids.orders.fifty_lines, 'V13', 4],
    ];
    for (const [cartId, variant, quantity] of additions) {
      const added = await t.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: { variant, quantity } });
      expect(added.statusCode).toBe(201);
      const { id } = JSON.parse(added.body) as { id: number };
      const shown = (await getCart(cartId)).items.find((line) => line.id === id);
      expect(added.body).toBe(JSON.stringify(shown));
    }
  });

  describe('SQL statements per request (authentication included)', () => {
    /** Statements sent more than once within a request (same text, parameters aside): a query per row would show here. */
    let repeated: string[] = [];
    /** Select statements of the last counted request. */
    let recordedReads = 0;
    const repeatedStatements = (statements: string[]): string[] => {
      const texts = statements.map((statement) => statement.replace(/ \[took .*$/s, ''));
      return [...new Set(texts.filter((text, index) => texts.indexOf(text) !== index))];
    };
    beforeEach(() => {
      repeated = [];
    });
    const counted = async (request: () => Promise<{ statusCode: number }>, status: number): Promise<number> => {
      recording = [];
      const response = await request();
      const statements = recording.length;
      repeated.push(...repeatedStatements(recording));
      recordedReads = recording.filter((statement) => /^(\[query\] )?select\b/i.test(statement.trim())).length;
      recording = null;
      expect(response.statusCode).toBe(status);
      return statements;
    };
    const show = (id: number) => () => t.inject({ method: 'GET', url: `/api/v1/carts/${id}`, headers: AUTH });
    const add = (id: number, variant: string) => () =>
      t.inject({ method: 'POST', url: `/api/v1/carts/${id}/items/`, headers: JSON_AUTH, payload: { variant, quantity: 1 } });
    const put = (id: number, itemId: number) => () =>
      t.inject({ method: 'PUT', url: `/api/v1/carts/${id}/items/${itemId}`, headers: JSON_AUTH, payload: { quantity: 3 } });

    it('reads a cart in the same number of statements with 1 line and with 50 lines', async () => {
      const oneLine = await counted(show(ids.orders.one_line), 200);
      const fiftyLines = await counted(show(ids.orders.fifty_lines), 200);
      const empty = await counted(show(ids.orders.empty), 200);
      expect((await getCart(ids.orders.fifty_lines)).items).toHaveLength(50);
      expect([empty, fiftyLines]).toEqual([oneLine, oneLine]);
      // Authentication and the one read.
      expect(oneLine).toBeLessThanOrEqual(3);
    });

    it('lists a page in the same number of statements whatever the carts hold', async () => {
      const small = await counted(() => t.inject({ method: 'GET', url: '/api/v1/carts/?criteria[channel]=NONE', headers: AUTH }), 200);
      const full = await counted(() => t.inject({ method: 'GET', url: '/api/v1/carts/', headers: AUTH }), 200);
      const one = await counted(() => t.inject({ method: 'GET', url: '/api/v1/carts/?limit=1&sorting[id]=asc', headers: AUTH }), 200);
      expect([small, one]).toEqual([full - 1, full]);
      // Authentication, the count and the page.
      expect(full).toBeLessThanOrEqual(5);
    });

    it('changes a cart with 1 line and with 50 lines in a bounded number of statements, none repeated per row', async () => {
      const counts = {
        addNewLine: [await counted(add(ids.orders.one_line, 'V02'), 201), await counted(add(ids.orders.fifty_lines, 'V01'), 201)],
        changeQuantity: [
          await counted(put(ids.orders.one_line, ids.orderItems.one_line_item), 204),
          await counted(put(ids.orders.fifty_lines, ids.orderItems.fifty_V05), 204),
        ],
        deleteLine: [
          await counted(() => t.inject({ method: 'DELETE', url: `/api/v1/carts/${ids.orders.one_line}/items/${ids.orderItems.one_line_item}`, headers: AUTH }), 204),
          await counted(() => t.inject({ method: 'DELETE', url: `/api/v1/carts/${ids.orders.fifty_lines}/items/${ids.orderItems.fifty_V05}`, headers: AUTH }), 204),
        ],
        applyCoupon: [
          await counted(() => t.inject({ method: 'PATCH', url: `/api/v1/carts/${ids.orders.one_line}`, headers: JSON_AUTH, payload: { promotionCoupon: 'COUNT_ME' } }), 204),
          await counted(() => t.inject({ method: 'PATCH', url: `/api/v1/carts/${ids.orders.fifty_lines}`, headers: JSON_AUTH, payload: { promotionCoupon: 'COUNT_ME' } }), 204),
        ],
        removeCoupon: [
          await counted(() => t.inject({ method: 'PATCH', url: `/api/v1/carts/${ids.orders.one_line}`, headers: JSON_AUTH, payload: { promotionCoupon: null } }), 204),
          await counted(() => t.inject({ method: 'PATCH', url: `/api/v1/carts/${ids.orders.fifty_lines}`, headers: JSON_AUTH, payload: { promotionCoupon: null } }), 204),
        ],
        deleteCart: [
          await counted(() => t.inject({ method: 'DELETE', url: `/api/v1/carts/${ids.orders.one_line}`, headers: AUTH }), 204),
          await counted(() => t.inject({ method: 'DELETE', url: `/api/v1/carts/${ids.orders.fifty_lines}`, headers: AUTH }), 204),
        ],
      };
      const create = await counted(
        () => t.inject({ method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: { customer: 'oliver.queen@star-city.com', localeCode: 'en_US', channel: 'WEB' } }),
        201,
      );
      if (process.env.SHOW_QUERY_COUNTS) console.log(JSON.stringify({ ...counts, create }));
      // The unit of work writes one (batched) statement per table and kind of change, so a count depends on
      // which tables a change touches (emptying a unit's adjustments, say), never on how many lines there are.
      expect(repeated).toEqual([]);
      // Adding a line is 11: authentication, begin, the cart lock with its pricing facts and the variant's,
      // the order with its lines, shipment and payments (one joined statement), the ids of the new unit and
      // adjustments, the line's insert (its units and their adjustments are JSON values of it), the order's
      // totals and adjustments, its payment, the cart read for the event's data (which the answer is taken
      // from), the outbox's insert at commit, commit. A change that also rewrites other lines' values
      // updates them in one batched statement. A coupon change also reads (share-locks) the coupon and
      // adds or removes the promotion it applies.
      const budget = (endpoint: string) => (endpoint.endsWith('Coupon') ? 13 : 12);
      const overBudget = Object.entries(counts).filter(([endpoint, pair]) => pair.some((count) => count > budget(endpoint)));
      expect(overBudget).toEqual([]);
      expect(counts.addNewLine[0]).toBeLessThanOrEqual(11);
      expect(counts.addNewLine[1]).toBeLessThanOrEqual(counts.addNewLine[0]);
    });

    it('adds a line with one more statement right after a configuration change, when the configuration is read again', async () => {
      await t.em().getConnection().execute(`update tax_rate set amount = 0.2`);
      const afterChange = await counted(add(ids.orders.one_line, 'V03'), 201);
      const afterChangeReads = recordedReads;
      const cached = await counted(add(ids.orders.one_line, 'V04'), 201);
      // The new tax rate rewrites the lines' tax adjustments too: the configuration read is the one more read.
      expect(afterChangeReads).toBe(recordedReads + 1);
      expect(afterChange).toBeGreaterThan(cached);
      expect(cached).toBeLessThanOrEqual(11);
      expect(repeated).toEqual([]);
    });
  });
});
