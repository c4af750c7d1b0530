import type { IdMap } from '../../src/fixtures';
import { sql } from '../support/cart-expectations';
import { DEMO_AUTH, loadDemoShop } from '../support/demo-shop';
import { startTestApp, type TestApp } from '../support/test-app';

/** Link targets whose endpoints are built on other branches; everything else must resolve here. */
/** Every `_links.*.href` anywhere in a JSON body. */
function linksIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const entry of value) linksIn(entry, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '_links') for (const link of Object.values(child as Record<string, { href: string }>)) into.push(link.href);
      else linksIn(child, into);
    }
  }
  return into;
}

describe('every link the API emits resolves', () => {
  let t: TestApp;
  let ids: IdMap;

  beforeAll(async () => {
    t = await startTestApp();
    ids = await loadDemoShop(t);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: DEMO_AUTH });

  /** Follows links breadth-first from the given bodies until no new href turns up. */
  async function crawl(bodies: unknown[]): Promise<Map<string, number>> {
    const statuses = new Map<string, number>();
    const queue = bodies.flatMap((body) => linksIn(body));
    while (queue.length > 0) {
      const href = queue.shift() as string;
      if (statuses.has(href)) continue;
      const response = await get(href);
      const isJson = /application\/json/.test(String(response.headers['content-type']));
      statuses.set(href, isJson ? response.statusCode : -response.statusCode);
      if (response.statusCode === 200 && isJson) queue.push(...linksIn(JSON.parse(response.body)));
    }
    return statuses;
  }

  const failures = (statuses: Map<string, number>) => [...statuses].filter(([, status]) => status !== 200);

  it('follows every link of a cart with items and a coupon, and of every resource reached from it', async () => {
    const cartId = ids.orders.cart_with_items;
    const applied = await t.inject({ method: 'PATCH', url: `/api/v1/carts/${cartId}`, headers: { ...DEMO_AUTH, 'content-type': 'application/json' }, payload: { promotionCoupon: 'SAVE10' } });
    expect(applied.statusCode).toBe(204);
    const cart = await get(`/api/v1/carts/${cartId}`);
    expect(cart.statusCode).toBe(200);

    const statuses = await crawl([JSON.parse(cart.body)]);
    expect(failures(statuses)).toEqual([]);
    const barry = ids.customers['Barry@doe.com'];
    expect([...statuses.keys()]).toEqual(
      expect.arrayContaining([
        `/api/v1/customers/${barry}`,
        '/api/v1/channels/WEB',
        '/api/v1/products/MUG',
        '/api/v1/products/MUG/variants/MUG_SW',
        '/api/v1/products/STICKER_PACK',
        '/api/v1/products/STICKER_PACK/variants/STICKER_PACK_10',
        '/api/v1/tax-categories/std',
        '/api/v1/shipping-categories/regular',
        '/api/v1/promotions/ten_percent_coupon/coupons/SAVE10',
        '/api/v1/promotions/ten_percent_coupon',
        '/api/v1/channels/EU_WEB',
        '/api/v1/products/MUG/variants/?page=1&limit=10',
        '/api/v1/products/MUG/variants/HARD_AVAILABLE_MUG',
        `/api/v1/orders/${cartId}`,
      ]),
    );
  });

  it('follows every link of every product, variant, category, zone, promotion and coupon of the demo shop', async () => {
    const codes = async (query: string) => (await sql<{ href: string }>(t, query)).map((row) => row.href);
    const seeds = [
      ...(await codes(`select '/api/v1/products/' || code as href from product`)),
      ...(await codes(`select '/api/v1/tax-categories/' || code as href from tax_category`)),
      ...(await codes(`select '/api/v1/shipping-categories/' || code as href from shipping_category`)),
      ...(await codes(`select '/api/v1/zones/' || code as href from zone`)),
      ...(await codes(`select '/api/v1/promotions/' || code as href from promotion`)),
      ...(await codes(`select '/api/v1/promotions/' || p.code || '/coupons/' || c.code as href from promotion_coupon c join promotion p on p.id = c.promotion_id`)),
    ];
    const bodies = [];
    for (const href of seeds) {
      const response = await get(href);
      expect({ href, status: response.statusCode }).toEqual({ href, status: 200 });
      bodies.push(JSON.parse(response.body));
    }

    const statuses = await crawl(bodies);
    expect(failures(statuses)).toEqual([]);
    // Every variant of the shop is reached through its product's links.
    const variants = await codes(`select '/api/v1/products/' || p.code || '/variants/' || v.code as href from product_variant v join product p on p.id = v.product_id`);
    expect(variants).toHaveLength(21);
    expect([...statuses.keys()]).toEqual(expect.arrayContaining(variants));
  });

  it('follows every link of every list and resource of the demo shop, placed orders included', async () => {
    const hrefs = async (query: string) => (await sql<{ href: string }>(t, query)).map((row) => row.href);
    const seeds = [
      '/api/v1/carts/?limit=100',
      '/api/v1/customers/?limit=100',
      '/api/v1/payments/?limit=100',
      '/api/v1/shipments/?limit=100',
      '/api/v1/orders/?limit=100',
      ...(await hrefs(`select '/api/v1/carts/' || id as href from orders where checkout_state = 'cart'`)),
      ...(await hrefs(`select '/api/v1/customers/' || id as href from customer`)),
      ...(await hrefs(`select '/api/v1/customers/' || id || '/orders/?limit=100' as href from customer`)),
      ...(await hrefs(`select '/api/v1/orders/' || id as href from orders`)),
      ...(await hrefs(`select '/api/v1/checkouts/' || id as href from orders`)),
      ...(await hrefs(`select '/api/v1/channels/' || code as href from channel`)),
      ...(await hrefs(`select '/api/v1/payment-methods/' || code as href from payment_method`)),
      ...(await hrefs(`select '/api/v1/shipping-methods/' || code as href from shipping_method`)),
    ];
    const bodies = [];
    for (const href of seeds) {
      const response = await get(href);
      expect({ href, status: response.statusCode }).toEqual({ href, status: 200 });
      bodies.push(JSON.parse(response.body));
    }

    const statuses = await crawl(bodies);
    expect(failures(statuses)).toEqual([]);
    // Placed orders lead to their payments and shipments, and those to their methods and zones.
    const reached = [...statuses.keys()];
    for (const prefix of ['/api/v1/payments/', '/api/v1/shipments/', '/api/v1/payment-methods/', '/api/v1/shipping-methods/', '/api/v1/zones/', '/api/v1/orders/']) {
      expect({ prefix, reached: reached.some((href) => href.startsWith(prefix)) }).toEqual({ prefix, reached: true });
    }
  });
});
