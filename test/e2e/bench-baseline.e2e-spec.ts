import { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Pool } from 'pg';
import { buildBaselineServer } from '../../bench/baseline/server';
import { generateDataset, type DatasetInfo } from '../../bench/data/generate';
import { connectSql } from '../../bench/data/sql';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The benchmark's baseline server must serve exactly the product's bytes, or the throughput ratio compares
 * different work. Both answer the same requests on one generated dataset (fixtures + bulk clones).
 */
const AUTH = { authorization: 'Bearer SampleToken' };

/** Where two bodies first differ, with some text around it from each, so a failure is readable; null when equal. */
function firstDifference(product: string, baseline: string): { at: number; product: string; baseline: string } | null {
  if (product === baseline) return null;
  let at = 0;
  while (at < product.length && product[at] === baseline[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 120), at + 120);
  return { at, product: around(product), baseline: around(baseline) };
}

describe('bench baseline server: bodies byte-identical to the product', () => {
  let t: TestApp;
  let pool: Pool;
  let baseline: FastifyInstance;
  let info: DatasetInfo;

  beforeAll(async () => {
    // The embedded test database accepts 4 connections: 2 for the product, 1 for the generator, then 1 for the baseline.
    t = await startTestApp({ env: { DB_POOL_SIZE: '2' } });
    const sql = await connectSql(t.running.database.url);
    try {
      info = await generateDataset({ orm: t.running.app.get(MikroORM), outbox: t.outbox }, sql, { customers: 25, orders: 60, carts: 4 });
    } finally {
      await sql.close();
    }
    // A customer without orders (the demo's customers all have some): the empty-list shape is compared too.
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/customers/',
      headers: { ...AUTH, 'content-type': 'application/json' },
      payload: { email: 'no.orders@example.com', firstName: 'No', lastName: 'Orders', gender: 'u' },
    });
    expect(created.statusCode).toBe(201);
    pool = new Pool({ connectionString: t.running.database.url, max: 1 });
    baseline = buildBaselineServer(pool);
    await baseline.ready();
  }, 120_000);

  afterAll(async () => {
    await baseline?.close();
    await pool?.end();
    await t?.close();
  });

  const both = async (url: string): Promise<{ product: LightMyRequestResponse; baseline: LightMyRequestResponse }> => ({
    product: await t.inject({ method: 'GET', url, headers: AUTH }),
    baseline: await baseline.inject({ method: 'GET', url, headers: AUTH }),
  });

  /** Same status and the very same body text; the status is part of the label so a failure names the request. */
  async function expectSameBytes(url: string, status: number): Promise<void> {
    const { product, baseline: base } = await both(url);
    expect({ url, status: product.statusCode }).toEqual({ url, status });
    expect({ url, difference: firstDifference(product.body, base.body) }).toEqual({ url, difference: null });
    expect({ url, status: base.statusCode, body: base.body }).toEqual({ url, status, body: product.body });
    expect(base.headers['content-type']).toBe(product.headers['content-type']);
  }

  /** Same status (whichever it is) and body. */
  async function expectSameResponse(url: string): Promise<void> {
    const { product, baseline: base } = await both(url);
    expect({ url, difference: firstDifference(product.body, base.body) }).toEqual({ url, difference: null });
    expect({ url, status: base.statusCode, body: base.body }).toEqual({ url, status: product.statusCode, body: product.body });
  }

  const ids = async (query: string): Promise<number[]> =>
    (await t.em().getConnection().execute<Array<{ id: number }>>(query)).map((row) => row.id);

  it('GET /api/v1/carts/{id}: every cart (demo, templates with coupon, user, EU channel, 1/10/50 lines, the largest cart, clones)', async () => {
    const carts = await ids(`select id from orders where checkout_state = 'cart' order by id`);
    expect(carts).toEqual(expect.arrayContaining([info.cart1Id, info.cart50Id, info.largestCart.id, info.carts.firstId, info.carts.firstId + info.carts.count - 1]));
    expect(carts.length).toBe(3 + 6 + info.carts.count);
    for (const id of carts) await expectSameBytes(`/api/v1/carts/${id}`, 200);
    const fiftyLines = JSON.parse((await both(`/api/v1/carts/${info.cart50Id}`)).baseline.body) as { items: unknown[]; promotionCoupon?: unknown };
    expect(fiftyLines.items).toHaveLength(50);
    const largest = JSON.parse((await both(`/api/v1/carts/${info.largestCart.id}`)).baseline.body) as { items: Array<{ quantity: number }> };
    expect([largest.items.length, largest.items.reduce((sum, item) => sum + item.quantity, 0)]).toEqual([info.largestCart.lines, info.largestCart.pieces]);
    const withCoupon = await ids(`select id from orders where checkout_state = 'cart' and promotion_coupon_id is not null`);
    expect(withCoupon).toHaveLength(1);
  });

  it('GET /api/v1/carts/{id}: the same 404 bodies for unknown, invalid and non-cart ids', async () => {
    await expectSameBytes('/api/v1/carts/999999', 404);
    await expectSameBytes('/api/v1/carts/abc', 404);
    await expectSameBytes('/api/v1/carts/0', 404);
    await expectSameBytes(`/api/v1/carts/${info.orders.firstId}`, 404);
  });

  it('GET /api/v1/customers/: pages, sizes, the cap, the last page and past it', async () => {
    for (const query of ['?limit=10', '', '?limit=10&page=2', '?limit=7&page=3', '?paginate=5&page=2', '?limit=1000', '?limit=4&page=9']) {
      await expectSameBytes(`/api/v1/customers/${query}`, 200);
    }
    await expectSameBytes('/api/v1/customers', 200);
    await expectSameBytes('/api/v1/customers/?limit=10&page=99', 404);
    await expectSameBytes('/api/v1/customers/?page=0', 404);
  });

  it('both refuse a request without a valid token', async () => {
    const product = await t.inject({ method: 'GET', url: '/api/v1/carts/1', headers: { authorization: 'Bearer nope' } });
    const base = await baseline.inject({ method: 'GET', url: '/api/v1/carts/1', headers: { authorization: 'Bearer nope' } });
    expect([product.statusCode, base.statusCode]).toEqual([401, 401]);
    expect((await baseline.inject({ method: 'GET', url: '/api/v1/carts/1' })).statusCode).toBe(401);
  });

  describe('GET /api/v1/customers/{id}/orders/ (full order shape)', () => {
    /** Every customer's whole order list (carts included) on one page, compared; the product bodies, joined. */
    async function compareEveryCustomersOrders(): Promise<string> {
      const bodies: string[] = [];
      for (const id of await ids('select id from customer order by id')) {
        await expectSameBytes(`/api/v1/customers/${id}/orders/?limit=100`, 200);
        bodies.push((await t.inject({ method: 'GET', url: `/api/v1/customers/${id}/orders/?limit=100`, headers: AUTH })).body);
      }
      return bodies.join('\n');
    }

    it('matches every order of every customer: carts, coupons, both channels and locales, groups, accounts, empty lists', async () => {
      const bodies = await compareEveryCustomersOrders();
      for (const feature of [
        '"checkoutState":"cart"',
        '"checkoutState":"completed"',
        '"promotionCoupon":{',
        '"localeCode":"de_DE"',
        '"code":"EU_WEB","name"',
        '"group":[{',
        '"usernameCanonical"',
        '"shippingCategory":{',
        '"descriptor":"Gadget 001 (BENCH_GADGET_001)"',
        '"_embedded":{"items":[]}',
      ]) {
        expect({ feature, present: bodies.includes(feature) }).toEqual({ feature, present: true });
      }
    });

    it('matches pages of the template customer, generated customers and demo customers', async () => {
      const customers = [
        info.templateCustomerId,
        info.customers.firstId,
        info.customers.firstId + info.customers.count - 1,
        ...(await ids(`select id from customer where email in ('oliver.queen@star-city.com', 'Roy@doe.com', 'Joe@doe.com') order by id`)),
      ];
      for (const id of customers) {
        await expectSameBytes(`/api/v1/customers/${id}/orders/?limit=10`, 200);
        await expectSameBytes(`/api/v1/customers/${id}/orders/`, 200);
        await expectSameResponse(`/api/v1/customers/${id}/orders/?limit=3&page=2`);
        await expectSameResponse(`/api/v1/customers/${id}/orders/?paginate=4&page=3`);
      }
    });

    it('matches the 404 of an unknown or invalid customer and of a page past the end', async () => {
      await expectSameBytes('/api/v1/customers/999999/orders/', 404);
      await expectSameBytes('/api/v1/customers/abc/orders/', 404);
      await expectSameBytes(`/api/v1/customers/${info.templateCustomerId}/orders/?page=99`, 404);
    });

    // Changes the shared rows, so it runs last: values the generated data never has.
    it('matches with the values the generated data lacks: dimensions, tracking, no method, names, encoded codes, null fields', async () => {
      const conn = t.em().getConnection();
      const [order] = await ids(`select min(id) as id from orders where customer_id = ${info.templateCustomerId} and checkout_state = 'completed'`);
      const variants = await ids(
        `select distinct i.variant_id as id from order_item i join orders o on o.id = i.order_id where o.customer_id = ${info.templateCustomerId} order by 1 limit 3`,
      );
      expect(variants).toHaveLength(3);
      const [named] = await conn.execute<Array<{ fallback: string; trimmed: string }>>(
        `select (select pt.name || ' (' || v1.code || ')' from product_variant v1
                   join product_translation pt on pt.product_id = v1.product_id and pt.locale = 'en_US' where v1.id = ${variants[1]}) as fallback,
                (select vt.name || ' (' || v2.code || ')' from product_variant v2
                   join product_variant_translation vt on vt.variant_id = v2.id and vt.locale = 'en_US' where v2.id = ${variants[2]}) as trimmed`,
      );
      for (const statement of [
        `update product_variant set weight = 1.5, width = 0.1, height = 10, depth = 2.5e-7 where id = ${variants[0]}`,
        `delete from product_variant_translation where variant_id = ${variants[1]}`,
        `update product_variant_translation set name = E'\\u00A0 \\t' || name where variant_id = ${variants[2]}`,
        `update product_variant_translation set name = name || ' (de)' where locale = 'de_DE'`,
        `update shipment set tracking = 'TRACK 1' where order_id = ${order}`,
        `update payment set method_id = null where order_id = ${order}`,
        `update promotion_coupon set expires_at = '2030-05-06 07:08:09.999+00', usage_limit = 5, per_customer_usage_limit = 1`,
        `update product set code = 'Gadget/ä b?' where code = 'BENCH_GADGET'`,
        `update tax_category set code = 'tax #1', description = null where code = 'std'`,
        `update shipping_method set code = 'ups & co' where code = 'ups'`,
        `update address set province_name = 'Bavaria', phone_number = null where id = (select shipping_address_id from orders where id = ${order})`,
        `update customer set first_name = null, birthday = '1985-12-31 23:30:00-02' where id = ${info.templateCustomerId}`,
        `update channel set color = null, hostname = null where code = 'WEB'`,
      ]) {
        await conn.execute(statement);
      }
      const bodies = await compareEveryCustomersOrders();
      for (const feature of [
        '"weight":1.5,"width":0.1,"height":10,"depth":2.5e-7',
        '"tracking":"TRACK 1"',
        '/api/v1/products/Gadget%2F%C3%A4%20b%3F/variants/',
        '/api/v1/tax-categories/tax%20%231',
        '/api/v1/shipping-methods/ups%20%26%20co',
        '"expiresAt":"2030-05-06T07:08:09+0000"',
        '"provinceName":"Bavaria"',
        '"birthday":"1986-01-01T01:30:00+0000"',
        ' (de) (',
        `"descriptor":"${named.fallback}","id":${variants[1]},`,
        `"descriptor":"${named.trimmed}","id":${variants[2]},`,
      ]) {
        expect({ feature, present: bodies.includes(feature) }).toEqual({ feature, present: true });
      }
      expect(bodies).toMatch(/"payments":\[\{"id":\d+,"amount":\d+,"state":"\w+","_links":\{"order":\{"href":"[^"]+"\},"self":\{"href":"[^"]+"\}\}\}\]/);
    });
  });
});
