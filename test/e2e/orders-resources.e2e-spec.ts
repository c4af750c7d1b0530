import type { IdMap } from '../../src/fixtures';
import { expectJson, idOf, sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { cashOnDelivery, euChannel, oliversCart, payment, placedOrder, shipment, stamp, ups } from '../support/order-expectations';
import { ORDERS_SHOP_EXTRAS_SQL, ORDERS_SHOP_YAML } from '../support/order-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const notFound = (resource: string) => ({ code: 404, message: `The "${resource}" has not been found` });
const BAD_IDS = ['999999', '0', '-1', 'abc', '2147483648', '1e3'];

describe('orders, payments, shipments and their methods', () => {
  let t: TestApp;
  let ids: IdMap;
  let recording: string[] | null = null;

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (message) => recording?.push(message) });
    ids = await loadShop(t, ORDERS_SHOP_YAML);
    for (const statement of ORDERS_SHOP_EXTRAS_SQL) await sql(t, statement);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });

  describe('GET /api/v1/orders/{id}', () => {
    it('shows a placed order in full, as the customer-orders list does but without the variants\' descriptors', async () => {
      expectJson(await get(`/api/v1/orders/${ids.orders.placed}`), 200, await placedOrder(t, ids));
    });

    it('shows a cart too, its lines linking to the order', async () => {
      expectJson(await get(`/api/v1/orders/${ids.orders.cart}`), 200, await oliversCart(t, ids));
    });

    it('shows line variants without a descriptor; the customer-orders list describes each by its name in the order locale, else another translation, else the product name', async () => {
      const created = await t.inject({
        method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: { customer: 'barry@doe.com', channel: 'EU_WEB', localeCode: 'de_DE' },
      });
      const cartId = (JSON.parse(created.body) as { id: number }).id;
      for (const variant of ['MUG_SW', 'EBOOK_PDF']) {
        const added = await t.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: { variant, quantity: 1 } });
        expect(added.statusCode).toBe(201);
      }
      const body = JSON.parse((await get(`/api/v1/orders/${cartId}`)).body) as {
        items: Array<{ variant: Record<string, unknown> }>;
        customer: unknown;
        channel: unknown;
        payments: Array<{ method: { code: string }; state: string }>;
        shipments: unknown[];
        localeCode: string;
      };
      const mugTranslations = { en_US: { locale: 'en_US', id: await idOf(t, 'select id from product_variant_translation where variant_id = ?', [ids.variants.MUG_SW]), name: 'Star wars mug' } };
      expect(body.items.map((item) => [Object.keys(item.variant)[0], item.variant.descriptor, item.variant.translations])).toEqual([
        ['id', undefined, mugTranslations],
        ['id', undefined, []],
      ]);
      const barry = ids.customers['barry@doe.com'];
      const listed = JSON.parse((await get(`/api/v1/customers/${barry}/orders/?limit=100`)).body) as {
        _embedded: { items: Array<{ id: number; items: Array<{ variant: { descriptor: string } }> }> };
      };
      const listedCart = listed._embedded.items.find((order) => order.id === cartId);
      expect(listedCart?.items.map((item) => item.variant.descriptor)).toEqual(['Star wars mug (MUG_SW)', 'E-book (EBOOK_PDF)']);
      expect([body.customer, body.channel, body.payments.map((p) => [p.method.code, p.state]), body.shipments, body.localeCode]).toEqual([
        { id: barry, email: 'barry@doe.com', emailCanonical: 'barry@doe.com', gender: 'u', _links: { self: { href: `/api/v1/customers/${barry}` } } },
        await euChannel(t),
        [['bank_transfer', 'cart']],
        [],
        'de_DE',
      ]);
    });

    it.each(BAD_IDS)('answers 404 for the order id %s', async (raw) => {
      expectJson(await get(`/api/v1/orders/${raw}`), 404, notFound('order'));
    });

    it('reads an order in a fixed number of statements after the token check, cart or placed', async () => {
      const count = async (url: string): Promise<number> => {
        recording = [];
        const response = await get(url);
        const statements = recording.length;
        recording = null;
        expect(response.statusCode).toBe(200);
        return statements;
      };
      // The channel resource reads one row, so this is what authentication costs.
      const auth = (await count('/api/v1/channels/WEB')) - 1;
      const placed = await count(`/api/v1/orders/${ids.orders.placed}`);
      expect([await count(`/api/v1/orders/${ids.orders.cart}`)]).toEqual([placed]);
      // The order with what it owns, then from their own modules: its customer, its payments, its shipments,
      // and its channel with its payment methods' channels.
      expect(placed).toBe(auth + 5);
    });
  });

  describe('GET /api/v1/payments/{id} and /api/v1/payment-methods/{code}', () => {
    it('shows a payment with its method in full', async () => {
      const expected = await payment(t, ids.orders.placed, 2480, 'new');
      expectJson(await get(`/api/v1/payments/${expected.id}`), 200, expected);
    });

    it('leaves out the method and its link when a payment has none', async () => {
      const paymentId = await idOf(t, 'select id from payment where order_id = ?', [ids.orders.cart]);
      await sql(t, 'update payment set method_id = null where id = ?', [paymentId]);
      try {
        expectJson(await get(`/api/v1/payments/${paymentId}`), 200, {
          id: paymentId,
          amount: 1600,
          state: 'cart',
          _links: { order: { href: `/api/v1/orders/${ids.orders.cart}` }, self: { href: `/api/v1/payments/${paymentId}` } },
        });
      } finally {
        await sql(t, `update payment set method_id = (select id from payment_method where code = 'cash_on_delivery') where id = ?`, [paymentId]);
      }
    });

    it('shows payment methods with translations and channels in full', async () => {
      expectJson(await get('/api/v1/payment-methods/cash_on_delivery'), 200, await cashOnDelivery(t));
      const [bank] = await sql<{ id: number; created_at: string; updated_at: string }>(t, `select id, created_at, updated_at from payment_method where code = 'bank_transfer'`);
      const translationIds = (await sql<{ id: number }>(t, 'select id from payment_method_translation where method_id = ? order by id', [bank.id])).map((row) => row.id);
      expectJson(await get('/api/v1/payment-methods/bank_transfer'), 200, {
        id: bank.id,
        code: 'bank_transfer',
        position: 1,
        createdAt: stamp(bank.created_at),
        updatedAt: stamp(bank.updated_at),
        enabled: true,
        translations: { de_DE: { locale: 'de_DE', id: translationIds[0], name: 'Bank transfer', description: 'Pay in advance.' } },
        channels: [await euChannel(t)],
        _links: { self: { href: '/api/v1/payment-methods/bank_transfer' } },
      });
    });

    it.each(BAD_IDS)('answers 404 for the payment id %s', async (raw) => {
      expectJson(await get(`/api/v1/payments/${raw}`), 404, notFound('payment'));
    });

    it('answers 404 for an unknown payment method', async () => {
      expectJson(await get('/api/v1/payment-methods/nope'), 404, notFound('payment method'));
      expectJson(await get('/api/v1/payment-methods/CASH_ON_DELIVERY'), 404, notFound('payment method'));
    });
  });

  describe('GET /api/v1/shipments/{id} and /api/v1/shipping-methods/{code}', () => {
    it('shows a shipment with its tracking code and method', async () => {
      const placed = await shipment(t, ids.orders.placed, 'ready', 'TRACK-123');
      expectJson(await get(`/api/v1/shipments/${placed.id}`), 200, placed);
      const cart = await shipment(t, ids.orders.cart, 'cart');
      expectJson(await get(`/api/v1/shipments/${cart.id}`), 200, cart);
    });

    it('shows a shipping method', async () => {
      expectJson(await get('/api/v1/shipping-methods/ups'), 200, await ups(t));
    });

    it.each(BAD_IDS)('answers 404 for the shipment id %s', async (raw) => {
      expectJson(await get(`/api/v1/shipments/${raw}`), 404, notFound('shipment'));
    });

    it('answers 404 for an unknown shipping method', async () => {
      expectJson(await get('/api/v1/shipping-methods/dhl'), 404, notFound('shipping method'));
    });
  });

  it('reads a payment or a payment method in two statements after the token check (the channels come from their module), a shipment or a shipping method in one', async () => {
    const paymentId = await idOf(t, 'select id from payment where order_id = ?', [ids.orders.placed]);
    const shipmentId = await idOf(t, 'select id from shipment where order_id = ?', [ids.orders.placed]);
    const counted = async (url: string) => {
      recording = [];
      const response = await get(url);
      const statements = recording.length;
      recording = null;
      return { url, status: response.statusCode, statements };
    };
    // The channel resource reads one row, so it shows what authentication costs.
    const { statements } = await counted('/api/v1/channels/WEB');
    const expected = [
      { url: `/api/v1/payments/${paymentId}`, status: 200, statements: statements + 1 },
      { url: '/api/v1/payment-methods/cash_on_delivery', status: 200, statements: statements + 1 },
      { url: `/api/v1/shipments/${shipmentId}`, status: 200, statements },
      { url: '/api/v1/shipping-methods/ups', status: 200, statements },
    ];
    const counts = [];
    for (const { url } of expected) counts.push(await counted(url));
    expect(counts).toEqual(expected);
    expect(statements).toBeLessThanOrEqual(2);
  });

  it('answers 405 with the methods a route has for the others (Allow: GET on the read-only ones)', async () => {
    const writable = 'GET, PUT, PATCH, DELETE';
    for (const [method, url, allow] of [
      ['DELETE', '/api/v1/orders/1', 'GET'], ['PUT', '/api/v1/payments/1', 'GET'], ['PATCH', '/api/v1/shipments/1', 'GET'],
      ['POST', '/api/v1/customers/1/orders/', 'GET'],
      ['POST', '/api/v1/payment-methods/cash_on_delivery', writable], ['POST', '/api/v1/shipping-methods/ups', writable],
    ] as const) {
      const response = await t.inject({ method, url, headers: AUTH });
      expect({ status: response.statusCode, allow: response.headers.allow, body: JSON.parse(response.body) }).toEqual({
        status: 405,
        allow,
        body: { code: 405, message: `No route found for "${method} ${url}": Method Not Allowed (Allow: ${allow})` },
      });
    }
  });

  it('answers 401 on every route without a token', async () => {
    const shipmentId = await idOf(t, 'select id from shipment where order_id = ?', [ids.orders.placed]);
    const paymentId = await idOf(t, 'select id from payment where order_id = ?', [ids.orders.placed]);
    for (const url of [
      `/api/v1/orders/${ids.orders.placed}`, `/api/v1/payments/${paymentId}`, `/api/v1/shipments/${shipmentId}`,
      '/api/v1/payment-methods/cash_on_delivery', '/api/v1/shipping-methods/ups', '/api/v1/orders/abc',
    ]) {
      const response = await t.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode, body: JSON.parse(response.body) }).toEqual({
        url, status: 401, body: { error: 'access_denied', error_description: 'OAuth2 authentication required' },
      });
    }
  });
});
