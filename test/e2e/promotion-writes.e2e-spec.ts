import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApp, type RunningApp } from '../../src/app/create-app';
import { loadConfig } from '../../src/config/app-config';
import type { IdMap } from '../../src/fixtures';
import { channelRef, expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { notFound, stamps } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Promotion writes (/api/v1/promotions): create, PUT, PATCH and DELETE, with their events and the
 * pricing cache. `applied` discounts the placed order (and the carts), `cart_only` is coupon-based and
 * applied only to the cart through its coupon `CART_ONLY`, `coupons` through the coupon the placed order used.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
  - {code: MOB, name: Mobile Channel, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
customerGroups: [{code: wholesale, name: Wholesale}]
taxons:
  - {code: books, name: Books}
  - {code: mugs, name: Mugs}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: BOOK
    name: Book
    taxons: [books]
    variants:
      - {code: BOOK_STD, name: Standard book, shippingRequired: false, channelPricings: {WEB: 1000, MOB: 1000}}
promotions:
  - code: applied
    name: Applied
    channels: [WEB]
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 100}}}]
  - code: cart_only
    name: Cart only
    channels: [WEB]
    couponBased: true
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 50}}}]
    coupons: [{code: CART_ONLY}]
  - code: coupons
    name: Coupons
    channels: [WEB]
    couponBased: true
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 10}}}]
    coupons: [{code: PLACED}]
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: placed, customer: oliver.queen@star-city.com, channel: WEB, promotionCoupon: PLACED, checkoutState: completed, items: [{variant: BOOK_STD, quantity: 1}]}
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB, promotionCoupon: CART_ONLY, items: [{variant: BOOK_STD, quantity: 1}]}
`;

const BASE = '/api/v1/promotions/';
const NOT_VALID = 'This value is not valid.';
const NOT_BLANK = 'This value should not be blank.';
const IN_USE = { code: 409, message: 'The promotion is in use and cannot be deleted.' };

type Node = Record<string, unknown>;
const field = (errors: string[] = []): Node => (errors.length > 0 ? { errors } : {});
const moment = (c: { root?: string[]; date?: string[]; time?: string[] } = {}) => ({ ...(c.root && { errors: c.root }), children: { date: field(c.date), time: field(c.time) } });
const setting = (type: string[] = [], configuration: string[] = []) => ({ children: { type: field(type), configuration: field(configuration) } });
interface TreeErrors {
  name?: string[];
  description?: string[];
  exclusive?: string[];
  usageLimit?: string[];
  startsAt?: Node;
  endsAt?: Node;
  priority?: string[];
  couponBased?: string[];
  rules?: Node[];
  actions?: Node[];
  channels?: string[];
  code?: string[];
}
const tree = (c: TreeErrors) =>
  validationFailed({
    children: {
      name: field(c.name),
      description: field(c.description),
      exclusive: field(c.exclusive),
      usageLimit: field(c.usageLimit),
      startsAt: c.startsAt ?? moment(),
      endsAt: c.endsAt ?? moment(),
      priority: field(c.priority),
      couponBased: field(c.couponBased),
      rules: { children: c.rules ?? [] },
      actions: { children: c.actions ?? [] },
      channels: field(c.channels),
      code: field(c.code),
    },
  });

const CHRISTMAS = {
  name: 'Christmas',
  description: 'Discounts for the holidays',
  exclusive: true,
  usageLimit: 10,
  startsAt: { date: '2026-12-01', time: '08:30' },
  endsAt: { date: '2026-12-24' },
  priority: 2,
  rules: [
    { type: 'item_total', configuration: { WEB: { amount: 12 } } },
    { type: 'has_taxon', configuration: { taxons: 'books, mugs' } },
    { type: 'nth_order', configuration: { nth: 2 } },
    { type: 'customer_group', configuration: { group_code: 'wholesale' } },
  ],
  actions: [
    { type: 'order_fixed_discount', configuration: { WEB: { amount: '12.5' } } },
    {
      type: 'unit_percentage_discount',
      configuration: {
        WEB: { percentage: 15, filters: { price_range_filter: { min: 1, max: 12000 }, taxons_filter: { taxons: 'books' }, products_filter: { products: 'BOOK' } } },
      },
    },
    { type: 'unit_fixed_discount', configuration: { MOB: { amount: 3 } } },
  ],
  channels: ['WEB', 'MOB'],
  code: 'christmas',
};
/** The stored configurations of CHRISTMAS: money in minor units, percentages as fractions, code lists as lists. */
const CHRISTMAS_RULES = [
  { type: 'item_total', configuration: { WEB: { amount: 1200 } } },
  { type: 'has_taxon', configuration: { taxons: ['books', 'mugs'] } },
  { type: 'nth_order', configuration: { nth: 2 } },
  { type: 'customer_group', configuration: { group_code: 'wholesale' } },
];
const NO_FILTERS = { price_range_filter: [], taxons_filter: { taxons: [] }, products_filter: { products: [] } };
const CHRISTMAS_ACTIONS = [
  { type: 'order_fixed_discount', configuration: { WEB: { amount: 1250 } } },
  {
    type: 'unit_percentage_discount',
    configuration: {
      WEB: { percentage: 0.15, filters: { price_range_filter: { min: 100, max: 1200000 }, taxons_filter: { taxons: ['books'] }, products_filter: { products: ['BOOK'] } } },
    },
  },
  { type: 'unit_fixed_discount', configuration: { MOB: { amount: 300, filters: NO_FILTERS } } },
];

describe('promotion writes', () => {
  let t: TestApp;
  let ids: IdMap;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ids = await loadShop(t, SHOP_YAML);
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.inject({ method, url, headers: payload === undefined ? AUTH : JSON_AUTH, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url);
  const idOf = async (table: string, code: string): Promise<number> => (await sql<{ id: number }>(t, `select id from ${table} where code = ?`, [code]))[0]?.id;
  const channel = async (code: string) => channelRef(await idOf('channel', code), code);
  const settingsOf = (table: string, code: string) =>
    sql<{ id: number; type: string; configuration: unknown }>(t, `select s.id, s.type, s.configuration from ${table} s join promotion p on p.id = s.promotion_id where p.code = ? order by s.id`, [code]);
  const withIds = async (table: string, code: string, expected: Array<{ type: string; configuration: unknown }>) => {
    const stored = await settingsOf(table, code);
    expect(stored.map(({ type, configuration }) => ({ type, configuration }))).toEqual(expected);
    // As stored (jsonb orders an object's keys its own way), which is what GET answers.
    return stored.map(({ id, type, configuration }) => ({ id, type, configuration }));
  };
  const version = async () => (await sql<{ version: string }>(t, 'select version::text from shop_configuration_version'))[0].version;
  const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
  const eventsAfter = (sequence: number) => sql<{ type: string; data: unknown }>(t, 'select type, data from event where sequence > ? order by sequence', [sequence]);
  const stored = () =>
    sql(
      t,
      `select p.code, p.name, p.description, p.exclusive, p.usage_limit, p.starts_at, p.ends_at, p.priority, p.coupon_based,
              (select json_agg(json_build_object('id', r.id, 'type', r.type, 'configuration', r.configuration) order by r.id) from promotion_rule r where r.promotion_id = p.id) as rules,
              (select json_agg(json_build_object('id', a.id, 'type', a.type, 'configuration', a.configuration) order by a.id) from promotion_action a where a.promotion_id = p.id) as actions,
              array(select c.code from promotion_channel pc join channel c on c.id = pc.channel_id where pc.promotion_id = p.id order by c.code) as channels,
              array(select c.code from promotion_coupon c where c.promotion_id = p.id order by c.id) as coupons
         from promotion p order by p.id`,
    );
  const snapshot = async () => ({ promotions: await stored(), version: await version(), events: await lastSequence() });

  describe('POST /api/v1/promotions/', () => {
    it('creates a promotion with dates, rules, actions and channels, converted as the engine reads them', async () => {
      const before = await lastSequence();
      const versionBefore = await version();
      const response = await request('POST', BASE, CHRISTMAS);
      const id = await idOf('promotion', 'christmas');
      const expected = {
        id,
        code: 'christmas',
        name: 'Christmas',
        description: 'Discounts for the holidays',
        priority: 2,
        exclusive: true,
        usageLimit: 10,
        used: 0,
        startsAt: '2026-12-01T08:30:00+0000',
        endsAt: '2026-12-24T00:00:00+0000',
        couponBased: false,
        rules: await withIds('promotion_rule', 'christmas', CHRISTMAS_RULES),
        actions: await withIds('promotion_action', 'christmas', CHRISTMAS_ACTIONS),
        ...(await stamps(t, 'promotion', 'id = ?', [id])),
        channels: [await channel('WEB'), await channel('MOB')],
        _links: { self: { href: '/api/v1/promotions/christmas' } },
      };
      expectJson(response, 201, expected);
      expectJson(await get(`${BASE}christmas`), 200, expected);
      expect(await eventsAfter(before)).toEqual([{ type: 'promotion.created', data: expected }]);
      expect(await version()).not.toBe(versionBefore);
    });

    it('creates a promotion from its name and code alone: priority 0, no dates, no settings', async () => {
      const response = await request('POST', '/api/v1/promotions', { name: 'Plain', code: 'plain', couponBased: 'true' });
      const id = await idOf('promotion', 'plain');
      expectJson(response, 201, {
        id,
        code: 'plain',
        name: 'Plain',
        priority: 0,
        exclusive: false,
        used: 0,
        couponBased: true,
        rules: [],
        actions: [],
        ...(await stamps(t, 'promotion', 'id = ?', [id])),
        channels: [],
        _links: { self: { href: '/api/v1/promotions/plain' }, coupons: { href: '/api/v1/promotions/plain/coupons/' } },
      });
    });

    it('answers the whole form tree for an empty body, writing nothing', async () => {
      const before = await snapshot();
      expectJson(await request('POST', BASE, {}), 400, tree({ name: ['Please enter promotion name.'], code: ['Please enter promotion code.'] }));
      expect(await snapshot()).toEqual(before);
    });

    it('reports every field, rule and action that is wrong, writing nothing', async () => {
      const before = await snapshot();
      const response = await request('POST', BASE, {
        name: 'X',
        description: 'Y',
        exclusive: 'maybe',
        usageLimit: 0,
        startsAt: { date: '2026-02-30', time: '10:00' },
        endsAt: { date: '2026-12-01', time: '25:00' },
        priority: 'high',
        rules: [
          { type: 'nope', configuration: {} },
          { type: 'item_total', configuration: { WEB: { amount: -1 }, NOPE: { amount: 1 } } },
          { configuration: {} },
          { type: 'has_taxon', configuration: { taxons: 'books,unknown' } },
          { type: 'cart_quantity', configuration: { count: 0, extra: 1 } },
        ],
        actions: [
          { type: 'order_percentage_discount', configuration: { percentage: 150 } },
          { type: 'order_fixed_discount', configuration: { WEB: { amount: 'abc' } } },
          { type: 'unit_fixed_discount', configuration: { WEB: { amount: 1, filters: { products_filter: { products: 'NOPE' } } } } },
          { type: 'shipping_percentage_discount', configuration: 'all' },
          { type: 'item_total', configuration: { WEB: { amount: 1 } } },
        ],
        channels: ['WEB', 'NOPE'],
        code: 'bad code!',
      });
      expectJson(
        response,
        400,
        tree({
          name: ['Promotion name must be at least 2 characters long.'],
          description: ['Promotion description must be at least 2 characters long.'],
          exclusive: [NOT_VALID],
          usageLimit: ['Promotion usage limit must be at least 1.'],
          startsAt: moment({ date: [NOT_VALID] }),
          endsAt: moment({ time: [NOT_VALID] }),
          priority: [NOT_VALID],
          rules: [
            setting([NOT_VALID]),
            setting([], ['WEB.amount: The amount must not be negative.', `NOPE: ${NOT_VALID}`]),
            setting([NOT_BLANK]),
            setting([], [`taxons: ${NOT_VALID}`]),
            setting([], ['This form should not contain extra fields.', 'count: This value should be greater than or equal to 1.']),
          ],
          actions: [
            setting([], ['percentage: The percentage discount must be between 0% and 100%.']),
            setting([], [`WEB.amount: ${NOT_VALID}`]),
            setting([], [`WEB.filters.products_filter.products: ${NOT_VALID}`]),
            setting([], [NOT_VALID]),
            setting([NOT_VALID]),
          ],
          channels: [NOT_VALID],
          code: ['Promotion code can only be comprised of letters, numbers, dashes and underscores.'],
        }),
      );
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an end before the start, and a code that is taken', async () => {
      const before = await snapshot();
      expectJson(
        await request('POST', BASE, { name: 'Backwards', startsAt: { date: '2026-12-10' }, endsAt: { date: '2026-12-01', time: '23:59' }, code: 'applied' }),
        400,
        tree({ endsAt: moment({ root: ['End date cannot be set prior start date.'] }), code: ['The promotion with given code already exists.'] }),
      );
      expectJson(await request('POST', BASE, { name: 'No date', startsAt: { time: '10:00' }, code: 'no_date' }), 400, tree({ startsAt: moment({ date: [NOT_BLANK] }) }));
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('PUT and PATCH /api/v1/promotions/{code}', () => {
    const create = async () => {
      expect((await request('POST', BASE, CHRISTMAS)).statusCode).toBe(201);
      return (await get(`${BASE}christmas`)).json<Record<string, unknown>>();
    };

    it('PATCH changes only the fields sent, keeps rules and actions with their ids, and records one event', async () => {
      const created = await create();
      const before = await lastSequence();
      expectNoContent(await request('PATCH', `${BASE}christmas`, { exclusive: false, code: 'ignored' }));
      const changed = { ...created, exclusive: false, ...(await stamps(t, 'promotion', 'code = ?', ['christmas'])) };
      expectJson(await get(`${BASE}christmas`), 200, changed);
      expect(await eventsAfter(before)).toEqual([{ type: 'promotion.updated', data: changed }]);

      // The same again changes nothing and records nothing; the same rules sent again keep their ids.
      const versionBefore = await version();
      expectNoContent(await request('PATCH', `${BASE}christmas`, { exclusive: false, rules: CHRISTMAS.rules, channels: ['MOB', 'WEB'] }));
      expectJson(await get(`${BASE}christmas`), 200, changed);
      expect({ events: await eventsAfter(before), version: await version() }).toEqual({ events: [{ type: 'promotion.updated', data: changed }], version: versionBefore });
    });

    it('PATCH replaces the rules, actions or channels it is given, and checks the end against the kept start', async () => {
      const created = await create();
      expectNoContent(await request('PATCH', `${BASE}christmas`, { actions: [{ type: 'order_percentage_discount', configuration: { percentage: 7.5 } }], channels: 'MOB' }));
      const actions = await withIds('promotion_action', 'christmas', [{ type: 'order_percentage_discount', configuration: { percentage: 0.075 } }]);
      expectJson(await get(`${BASE}christmas`), 200, {
        ...created,
        actions,
        channels: [await channel('MOB')],
        ...(await stamps(t, 'promotion', 'code = ?', ['christmas'])),
      });
      const before = await snapshot();
      expectJson(
        await request('PATCH', `${BASE}christmas`, { endsAt: { date: '2026-11-30', time: '23:00' } }),
        400,
        tree({ endsAt: moment({ root: ['End date cannot be set prior start date.'] }) }),
      );
      expect(await snapshot()).toEqual(before);
    });

    it('PUT replaces everything: what is left out is cleared, the code is ignored', async () => {
      await create();
      const before = await lastSequence();
      expectNoContent(await request('PUT', `${BASE}christmas`, { name: 'Renamed', priority: 5, code: 'other' }));
      const id = await idOf('promotion', 'christmas');
      const expected = {
        id,
        code: 'christmas',
        name: 'Renamed',
        priority: 5,
        exclusive: false,
        used: 0,
        couponBased: false,
        rules: [],
        actions: [],
        ...(await stamps(t, 'promotion', 'id = ?', [id])),
        channels: [],
        _links: { self: { href: '/api/v1/promotions/christmas' } },
      };
      expectJson(await get(`${BASE}christmas`), 200, expected);
      expect(await eventsAfter(before)).toEqual([{ type: 'promotion.updated', data: expected }]);
      expectJson(await request('PUT', `${BASE}christmas`, {}), 400, tree({ name: ['Please enter promotion name.'] }));
    });

    it('answers 404 for an unknown code before looking at the body', async () => {
      expectJson(await request('PUT', `${BASE}nope`, {}), 404, notFound('promotion'));
      expectJson(await request('PATCH', `${BASE}nope`, { name: '' }), 404, notFound('promotion'));
    });
  });

  describe('DELETE /api/v1/promotions/{code}', () => {
    it('keeps a promotion a placed order applied, or whose coupon a placed order used (409), writing nothing', async () => {
      const before = await snapshot();
      expect(await sql(t, `select o.state, p.code from order_promotion op join orders o on o.id = op.order_id join promotion p on p.id = op.promotion_id order by o.id, p.code`)).toEqual([
        { state: 'new', code: 'applied' },
        { state: 'new', code: 'coupons' },
        { state: 'cart', code: 'applied' },
        { state: 'cart', code: 'cart_only' },
      ]);
      expectJson(await request('DELETE', `${BASE}applied`), 409, IN_USE);
      expectJson(await request('DELETE', `${BASE}coupons`), 409, IN_USE);
      expect(await snapshot()).toEqual(before);
    });

    it('deletes a promotion only carts use, with its coupons, one event each; the cart loses it', async () => {
      const id = await idOf('promotion', 'cart_only');
      const couponId = await idOf('promotion_coupon', 'CART_ONLY');
      const before = await lastSequence();
      expectNoContent(await request('DELETE', `${BASE}cart_only`));
      expectJson(await get(`${BASE}cart_only`), 404, notFound('promotion'));
      expect(await eventsAfter(before)).toEqual([
        { type: 'promotion_coupon.deleted', data: { id: couponId, code: 'CART_ONLY', promotionCode: 'cart_only' } },
        { type: 'promotion.deleted', data: { id, code: 'cart_only' } },
      ]);
      expect(await sql(t, 'select promotion_coupon_id from orders where id = ?', [ids.orders.cart])).toEqual([{ promotion_coupon_id: null }]);
      expectJson(await request('DELETE', `${BASE}cart_only`), 404, notFound('promotion'));
    });
  });

  describe('the pricing cache of another instance', () => {
    let b: RunningApp;

    beforeAll(async () => {
      const config = loadConfig({ LOG_LEVEL: 'silent', DB_POOL_SIZE: '2', WEBHOOK_CONCURRENCY: '0' });
      b = await createApp(config, { database: { url: t.running.database.url, embedded: t.running.database.embedded, close: () => Promise.resolve() } });
    });
    afterAll(() => b?.close());

    const onB = (options: InjectOptions): Promise<LightMyRequestResponse> => b.app.getHttpAdapter().getInstance().inject(options);
    const total = async (cartId: number): Promise<number> => (JSON.parse((await onB({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH })).body) as { total: number }).total;
    const addBook = async (cartId: number) => {
      const response = await onB({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: { variant: 'BOOK_STD', quantity: 1 } });
      expect(response.statusCode).toBe(201);
    };

    it('prices the very next cart change on instance B with an action changed through instance A; other carts keep their totals until they change', async () => {
      const newCart = await onB({ method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: { customer: 'oliver.queen@star-city.com', channel: 'WEB', localeCode: 'en_US' } });
      const newCartId = (JSON.parse(newCart.body) as { id: number }).id;
      // B caches the configuration: 1000 - 100 (applied).
      await addBook(newCartId);
      expect(await total(newCartId)).toBe(900);
      // The fixture cart: 1000 - 100 (applied) - 50 (its coupon).
      expect(await total(ids.orders.cart)).toBe(850);

      expectNoContent(await request('PATCH', `${BASE}applied`, { actions: [{ type: 'order_fixed_discount', configuration: { WEB: { amount: 3 } } }] }));

      await addBook(newCartId);
      expect(await total(newCartId)).toBe(1700);
      expect(await total(ids.orders.cart)).toBe(850);
      await addBook(ids.orders.cart);
      expect(await total(ids.orders.cart)).toBe(1650);
    });
  });
});
