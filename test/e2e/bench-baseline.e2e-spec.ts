import { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Pool } from 'pg';
import { buildBaselineServer } from '../../bench/baseline/server';
import { generateDataset, type DatasetInfo } from '../../bench/data/generate';
import { connectSql } from '../../bench/data/sql';
import { hasCustomerOrdersRoute, productGetRoutes } from '../support/product-routes';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The benchmark's baseline server must serve exactly the product's bytes, or the throughput ratio compares
 * different work. Both answer the same requests on one generated dataset (fixtures + bulk clones).
 */
const AUTH = { authorization: 'Bearer SampleToken' };
const ORDERS_ROUTE_PRESENT = hasCustomerOrdersRoute();

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
      info = await generateDataset(t.running.app.get(MikroORM), sql, { customers: 25, orders: 60, carts: 4 });
    } finally {
      await sql.close();
    }
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
    expect({ url, status: base.statusCode, body: base.body }).toEqual({ url, status, body: product.body });
    expect(base.headers['content-type']).toBe(product.headers['content-type']);
  }

  /** Same status (whichever it is) and body. */
  async function expectSameResponse(url: string): Promise<void> {
    const { product, baseline: base } = await both(url);
    expect({ url, status: base.statusCode, body: base.body }).toEqual({ url, status: product.statusCode, body: product.body });
  }

  const ids = async (query: string): Promise<number[]> =>
    (await t.em().getConnection().execute<Array<{ id: number }>>(query)).map((row) => row.id);

  it('GET /api/v1/carts/{id}: every cart (demo, templates with coupon, user, EU channel, 1/10/50 lines, clones)', async () => {
    const carts = await ids(`select id from orders where checkout_state = 'cart' order by id`);
    expect(carts).toEqual(expect.arrayContaining([info.cart1Id, info.cart50Id, info.carts.firstId, info.carts.firstId + info.carts.count - 1]));
    expect(carts.length).toBe(2 + 5 + info.carts.count);
    for (const id of carts) await expectSameBytes(`/api/v1/carts/${id}`, 200);
    const fiftyLines = JSON.parse((await both(`/api/v1/carts/${info.cart50Id}`)).baseline.body) as { items: unknown[]; promotionCoupon?: unknown };
    expect(fiftyLines.items).toHaveLength(50);
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

  // The product's customer-orders route is being built on another branch; until it is merged there is nothing to compare.
  const describeOrders = ORDERS_ROUTE_PRESENT ? describe : describe.skip;
  if (!ORDERS_ROUTE_PRESENT) {
    process.stderr.write(
      'bench-baseline: SKIPPING the customer-orders comparison: the product has no GET /api/v1/customers/{id}/orders/ route yet ' +
        `(GET routes: ${productGetRoutes().join(', ')}).\n`,
    );
  }

  describeOrders('GET /api/v1/customers/{id}/orders/ (full order shape)', () => {
    it('matches for the template customer, generated customers, demo customers and an empty list', async () => {
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
      }
    });

    it('matches the 404 of an unknown customer and of a page past the end', async () => {
      await expectSameBytes('/api/v1/customers/999999/orders/', 404);
      await expectSameBytes(`/api/v1/customers/${info.templateCustomerId}/orders/?page=99`, 404);
    });
  });
});
