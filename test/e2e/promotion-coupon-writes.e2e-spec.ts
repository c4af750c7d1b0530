import type { InjectOptions } from 'fastify';
import type { IdMap } from '../../src/fixtures';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { notFound, PAGE_NOT_FOUND, stamps } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Coupons of promotions (/api/v1/promotions/{promotionCode}/coupons): the plain list, create, PUT, PATCH,
 * DELETE and the generator, with their events. `PLACED` was used by a placed order, `IN_CART` is on a
 * cart; `sunday` is not coupon-based.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: BOOK
    name: Book
    variants:
      - {code: BOOK_STD, name: Standard book, shippingRequired: false, channelPricings: {WEB: 1000}}
promotions:
  - code: holiday
    name: Holiday
    channels: [WEB]
    couponBased: true
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 100}}}]
    coupons:
      - {code: 1765C}
      - {code: CAE14, used: 3, usageLimit: 4, perCustomerUsageLimit: 1, expiresAt: 2026-12-31T00:00:00+00:00}
      - {code: IN_CART}
      - {code: PLACED}
  - {code: sunday, name: Sunday promotion, channels: [WEB]}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: placed, customer: oliver.queen@star-city.com, channel: WEB, promotionCoupon: PLACED, checkoutState: completed, items: [{variant: BOOK_STD, quantity: 1}]}
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB, promotionCoupon: IN_CART, items: [{variant: BOOK_STD, quantity: 1}]}
`;

const BASE = '/api/v1/promotions/holiday/coupons/';
const NOT_VALID = 'This value is not valid.';
const IN_USE = { code: 409, message: 'The promotion coupon is in use and cannot be deleted.' };
const NOT_COUPON_BASED = { code: 409, message: 'Promotion with name Sunday promotion is not coupon based.' };

type Node = Record<string, unknown>;
const field = (errors: string[] = []): Node => (errors.length > 0 ? { errors } : {});
const tree = (c: { usageLimit?: string[]; expiresAt?: string[]; perCustomerUsageLimit?: string[]; reusableFromCancelledOrders?: string[]; code?: string[] }) =>
  validationFailed({
    children: {
      usageLimit: field(c.usageLimit),
      expiresAt: field(c.expiresAt),
      perCustomerUsageLimit: field(c.perCustomerUsageLimit),
      reusableFromCancelledOrders: field(c.reusableFromCancelledOrders),
      code: field(c.code),
    },
  });
const generationTree = (c: { root?: string[]; amount?: string[]; prefix?: string[]; suffix?: string[]; codeLength?: string[]; expiresAt?: string[]; usageLimit?: string[] }) =>
  validationFailed({
    ...(c.root && { errors: c.root }),
    children: {
      amount: field(c.amount),
      prefix: field(c.prefix),
      suffix: field(c.suffix),
      codeLength: field(c.codeLength),
      expiresAt: field(c.expiresAt),
      usageLimit: field(c.usageLimit),
    },
  });

describe('promotion coupon writes', () => {
  let t: TestApp;
  let ids: IdMap;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ids = await loadShop(t, SHOP_YAML);
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method, url, headers: { ...(payload === undefined ? AUTH : JSON_AUTH), ...headers }, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url);
  const couponRow = async (code: string) =>
    (
      await sql<{ id: number; used: number; usage_limit: number | null; per_customer_usage_limit: number | null; expires_at: string | null; reusable: boolean }>(
        t,
        `select id, used, usage_limit, per_customer_usage_limit, to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+0000"') as expires_at,
                reusable_from_cancelled_orders as reusable
           from promotion_coupon where code = ?`,
        [code],
      )
    )[0];
  /** The coupon as GET shows it, from its row. */
  const detail = async (code: string, promotion = 'holiday') => {
    const row = await couponRow(code);
    return {
      id: row.id,
      code,
      used: row.used,
      ...(row.usage_limit !== null && { usageLimit: row.usage_limit }),
      ...(row.expires_at !== null && { expiresAt: row.expires_at }),
      ...(await stamps(t, 'promotion_coupon', 'id = ?', [row.id])),
      ...(row.per_customer_usage_limit !== null && { perCustomerUsageLimit: row.per_customer_usage_limit }),
      _links: { self: { href: `/api/v1/promotions/${promotion}/coupons/${code}` }, promotion: { href: `/api/v1/promotions/${promotion}` } },
    };
  };
  const listItem = async (code: string) => {
    const { id, used, usageLimit, expiresAt, _links } = (await detail(code)) as Record<string, unknown> & { _links: { self: unknown } };
    return { id, code, used, ...(usageLimit !== undefined && { usageLimit }), ...(expiresAt !== undefined && { expiresAt }), _links: { self: _links.self } };
  };
  const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
  const eventsAfter = (sequence: number) => sql<{ type: string; data: unknown }>(t, 'select type, data from event where sequence > ? order by sequence', [sequence]);
  const coupons = () =>
    sql(t, `select code, used, usage_limit, per_customer_usage_limit, expires_at, reusable_from_cancelled_orders, updated_at from promotion_coupon order by id`);
  const snapshot = async () => ({ coupons: await coupons(), events: await lastSequence() });

  describe('GET /api/v1/promotions/{promotionCode}/coupons/', () => {
    it('lists the coupons of the promotion in creation order', async () => {
      const items = [await listItem('1765C'), await listItem('CAE14'), await listItem('IN_CART'), await listItem('PLACED')];
      expect(items[1]).toEqual(expect.objectContaining({ used: 3, usageLimit: 4, expiresAt: '2026-12-31T00:00:00+0000' }));
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 4, items));
      expectJson(await get('/api/v1/promotions/holiday/coupons?sorting[code]=desc&limit=3&page=2'), 200, plainPage(BASE, 'sorting%5Bcode%5D=desc&', 2, 3, 2, 4, items.slice(3)));
      expectJson(await get(`${BASE}?page=3`), 404, PAGE_NOT_FOUND);
    });

    it('answers an empty page for a promotion without coupons, and 404 for an unknown promotion', async () => {
      expectJson(await get('/api/v1/promotions/sunday/coupons/'), 200, plainPage('/api/v1/promotions/sunday/coupons/', '', 1, 10, 1, 0, []));
      expectJson(await get('/api/v1/promotions/nope/coupons/'), 404, notFound('promotion'));
    });
  });

  describe('POST /api/v1/promotions/{promotionCode}/coupons/', () => {
    it('creates a coupon with every field, and one with its code alone', async () => {
      const before = await lastSequence();
      const response = await request('POST', BASE, { usageLimit: 5, expiresAt: '2026-12-27', perCustomerUsageLimit: 2, reusableFromCancelledOrders: true, code: 'XMAS' });
      const expected = await detail('XMAS');
      expect(expected).toEqual(expect.objectContaining({ used: 0, usageLimit: 5, expiresAt: '2026-12-27T00:00:00+0000', perCustomerUsageLimit: 2 }));
      expectJson(response, 201, expected);
      expectJson(await get(`${BASE}XMAS`), 200, expected);
      expect(await eventsAfter(before)).toEqual([{ type: 'promotion_coupon.created', data: expected }]);

      expectJson(await request('POST', '/api/v1/promotions/holiday/coupons', { code: ' PLAIN ' }), 201, await detail('PLAIN'));
      expect([(await couponRow('XMAS')).reusable, (await couponRow('PLAIN')).reusable]).toEqual([true, false]);
    });

    it('answers the form tree for an empty or invalid body, writing nothing', async () => {
      const before = await snapshot();
      expectJson(await request('POST', BASE, {}), 400, tree({ code: ['Please enter coupon code.'] }));
      expectJson(
        await request('POST', BASE, { usageLimit: 0, expiresAt: '2026-13-01', perCustomerUsageLimit: 0, reusableFromCancelledOrders: 'perhaps', code: 'CAE14' }),
        400,
        tree({
          usageLimit: ['Coupon usage limit must be at least 1.'],
          expiresAt: [NOT_VALID],
          perCustomerUsageLimit: ['Coupon usage limit per customer must be at least 1.'],
          reusableFromCancelledOrders: [NOT_VALID],
          code: ['This coupon already exists.'],
        }),
      );
      expectJson(await request('POST', BASE, { usageLimit: 1.5, code: 'A' }), 400, tree({ usageLimit: [NOT_VALID], code: ['Coupon code must be at least 2 characters long.'] }));
      expectJson(await request('POST', BASE, { code: 'a b' }), 400, tree({ code: ['Coupon code can only be comprised of letters, numbers, dashes and underscores.'] }));
      expect(await snapshot()).toEqual(before);
    });

    it('answers 404 for an unknown promotion and 409 for one that is not coupon-based, before the form', async () => {
      const before = await snapshot();
      expectJson(await request('POST', '/api/v1/promotions/nope/coupons/', {}), 404, notFound('promotion'));
      expectJson(await request('POST', '/api/v1/promotions/sunday/coupons/', {}), 409, NOT_COUPON_BASED);
      expectJson(await request('POST', '/api/v1/promotions/sunday/coupons/', { code: 'SUNNY' }), 409, NOT_COUPON_BASED);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('PUT and PATCH /api/v1/promotions/{promotionCode}/coupons/{code}', () => {
    it('PUT clears what it leaves out, PATCH keeps it; each records an event, a PATCH that changes nothing none', async () => {
      const before = await lastSequence();
      expectNoContent(await request('PATCH', `${BASE}CAE14`, { usageLimit: 7, code: 'IGNORED' }));
      const patched = await detail('CAE14');
      expect(patched).toEqual(expect.objectContaining({ code: 'CAE14', used: 3, usageLimit: 7, expiresAt: '2026-12-31T00:00:00+0000', perCustomerUsageLimit: 1 }));
      expectJson(await get(`${BASE}CAE14`), 200, patched);
      expectNoContent(await request('PATCH', `${BASE}CAE14`, { usageLimit: 7, expiresAt: '2026-12-31' }));

      expectNoContent(await request('PUT', `${BASE}CAE14`, { usageLimit: 3 }));
      const replaced = await detail('CAE14');
      expect(replaced).toEqual({
        id: patched.id,
        code: 'CAE14',
        used: 3,
        usageLimit: 3,
        ...(await stamps(t, 'promotion_coupon', 'id = ?', [patched.id])),
        _links: patched._links,
      });
      expectJson(await get(`${BASE}CAE14`), 200, replaced);
      expect(await eventsAfter(before)).toEqual([
        { type: 'promotion_coupon.updated', data: patched },
        { type: 'promotion_coupon.updated', data: replaced },
      ]);
      expect((await couponRow('CAE14')).reusable).toBe(false);
    });

    it('answers the form tree for invalid values, and 404 for a coupon of another or an unknown promotion', async () => {
      const before = await snapshot();
      expectJson(await request('PUT', `${BASE}CAE14`, { usageLimit: 0, expiresAt: 'tomorrow' }), 400, tree({ usageLimit: ['Coupon usage limit must be at least 1.'], expiresAt: [NOT_VALID] }));
      expectJson(await request('PATCH', `${BASE}CAE14`, { perCustomerUsageLimit: -1 }), 400, tree({ perCustomerUsageLimit: ['Coupon usage limit per customer must be at least 1.'] }));
      expectJson(await request('PUT', '/api/v1/promotions/sunday/coupons/CAE14', { usageLimit: 0 }), 404, notFound('promotion coupon'));
      expectJson(await request('PATCH', `${BASE}NOPE`, {}), 404, notFound('promotion coupon'));
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('reusableFromCancelledOrders', () => {
    it('gives a cancelled order\'s use back only to a reusable coupon', async () => {
      const used = async () => (await couponRow('PLACED')).used;
      expect(await used()).toBe(1);
      expectNoContent(await request('PATCH', `${BASE}PLACED`, { reusableFromCancelledOrders: false }));
      expectNoContent(await request('PUT', `/api/v1/orders/${ids.orders.placed}/cancel`));
      expect(await used()).toBe(1);

      ids = await loadShop(t, SHOP_YAML);
      expectNoContent(await request('PUT', `/api/v1/orders/${ids.orders.placed}/cancel`));
      expect(await used()).toBe(0);
    });
  });

  describe('DELETE /api/v1/promotions/{promotionCode}/coupons/{code}', () => {
    it('keeps a coupon a placed order used (409) and deletes one a cart holds, which the cart loses', async () => {
      const before = await snapshot();
      expectJson(await request('DELETE', `${BASE}PLACED`), 409, IN_USE);
      expect(await snapshot()).toEqual(before);

      const id = (await couponRow('IN_CART')).id;
      expectNoContent(await request('DELETE', `${BASE}IN_CART`));
      expectJson(await get(`${BASE}IN_CART`), 404, notFound('promotion coupon'));
      expect(await sql(t, 'select promotion_coupon_id from orders where id = ?', [ids.orders.cart])).toEqual([{ promotion_coupon_id: null }]);
      expect(await eventsAfter(before.events)).toEqual([{ type: 'promotion_coupon.deleted', data: { id, code: 'IN_CART', promotionCode: 'holiday' } }]);
      expectJson(await request('DELETE', `${BASE}IN_CART`), 404, notFound('promotion coupon'));
      expectJson(await request('DELETE', '/api/v1/promotions/sunday/coupons/1765C'), 404, notFound('promotion coupon'));
    });
  });

  describe('POST /api/v1/promotions/{promotionCode}/coupons/generate', () => {
    const GENERATE = `${BASE}generate`;

    it('generates coupons with random unique codes and the limits given, one event each', async () => {
      const before = await lastSequence();
      const response = await request('POST', GENERATE, { amount: 3, prefix: 'XMAS-', codeLength: 6, expiresAt: '2026-12-27', usageLimit: 1 });
      expect(response.statusCode).toBe(201);
      const body = response.json<Array<{ code: string }>>();
      const codes = body.map((coupon) => coupon.code);
      expect(codes).toEqual([expect.stringMatching(/^XMAS-[0-9A-F]{6}$/), expect.stringMatching(/^XMAS-[0-9A-F]{6}$/), expect.stringMatching(/^XMAS-[0-9A-F]{6}$/)]);
      expect(new Set(codes).size).toBe(3);
      const expected = await Promise.all(codes.map((code) => detail(code)));
      expect(expected.map(({ used, usageLimit, expiresAt }) => ({ used, usageLimit, expiresAt }))).toEqual(Array(3).fill({ used: 0, usageLimit: 1, expiresAt: '2026-12-27T00:00:00+0000' }));
      expect(body).toEqual(expected);
      for (const coupon of expected) expectJson(await get(`${BASE}${coupon.code}`), 200, coupon);
      expect(await eventsAfter(before)).toEqual(expected.map((data) => ({ type: 'promotion_coupon.created', data })));
      expect(await Promise.all(codes.map(async (code) => (await couponRow(code)).reusable))).toEqual([true, true, true]);
    });

    it('answers the same coupons to the same Idempotency-Key', async () => {
      const headers = { 'idempotency-key': 'generate-once' };
      const first = await request('POST', GENERATE, { amount: 2, codeLength: 8 }, headers);
      const again = await request('POST', GENERATE, { amount: 2, codeLength: 8 }, headers);
      expect(first.statusCode).toBe(201);
      expectJson(again, 201, first.json());
      expect(await sql(t, 'select count(*)::int as n from promotion_coupon')).toEqual([{ n: 6 }]);
    });

    it('checks the instruction, writing nothing', async () => {
      const before = await snapshot();
      expectJson(await request('POST', GENERATE, {}), 400, generationTree({ amount: ['Please enter amount of coupons to generate.'], codeLength: ['Please enter coupon code length.'] }));
      expectJson(
        await request('POST', GENERATE, { amount: 1001, prefix: 'a b', suffix: '-X', codeLength: 41, expiresAt: '2026-02-30', usageLimit: 0 }),
        400,
        generationTree({
          amount: ['At most 1000 coupons can be generated at once.'],
          prefix: ['Coupon code can only be comprised of letters, numbers, dashes and underscores.'],
          codeLength: ['Coupon code must not be longer than 40 characters.'],
          expiresAt: [NOT_VALID],
          usageLimit: ['Coupon usage limit must be at least 1.'],
        }),
      );
      expectJson(await request('POST', GENERATE, { amount: 0, codeLength: 0 }), 400, generationTree({ amount: ['Amount of coupons to generate must be at least 1.'], codeLength: ['Coupon code must be at least 1 character long.'] }));
      const tooMany = 'Invalid coupon code length or coupons amount. It is not possible to generate 9 unique coupons with code length equal 1.';
      expectJson(await request('POST', GENERATE, { amount: 9, codeLength: 1 }), 400, generationTree({ root: [tooMany] }));
      expectJson(
        await request('POST', GENERATE, { amount: 1, prefix: 'P'.repeat(200), suffix: 'S'.repeat(50), codeLength: 6 }),
        400,
        generationTree({ root: ['Coupon code must not be longer than 255 characters.'] }),
      );
      expectJson(await request('POST', '/api/v1/promotions/sunday/coupons/generate', { amount: 1, codeLength: 6 }), 409, NOT_COUPON_BASED);
      expectJson(await request('POST', '/api/v1/promotions/nope/coupons/generate', {}), 404, notFound('promotion'));
      expect(await snapshot()).toEqual(before);
    });

    it('fails clearly when the codes left are too few, writing nothing', async () => {
      // Z0 … ZD are taken: of the 16 one-digit codes after Z only ZE and ZF are left.
      await sql(
        t,
        `insert into promotion_coupon (promotion_id, code, used, created_at, updated_at)
         select p.id, 'Z' || upper(to_hex(n)), 0, now(), now() from promotion p, generate_series(0, 13) n where p.code = 'holiday'`,
      );
      const before = await snapshot();
      const message = 'Invalid coupon code length or coupons amount. It is not possible to generate 8 unique coupons with code length equal 1.';
      expectJson(await request('POST', GENERATE, { amount: 8, prefix: 'Z', codeLength: 1 }), 400, generationTree({ root: [message] }));
      expect(await snapshot()).toEqual(before);
      const response = await request('POST', GENERATE, { amount: 2, prefix: 'Z', codeLength: 1 });
      expect(response.json<Array<{ code: string }>>().map((coupon) => coupon.code).sort()).toEqual(['ZE', 'ZF']);
    });
  });
});
