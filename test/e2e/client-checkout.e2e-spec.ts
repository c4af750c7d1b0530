import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createShopAdminClient, type ShopAdminClient } from '../../clients/typescript/src';
import type { IdMap } from '../../src/fixtures';
import { channelRef, customer, idOf, sql, storedAdjustments, unitIds, validationFailed } from '../support/cart-expectations';
import { loadShop } from '../support/cart-fixtures';
import { INJECT_BASE_URL, injectFetch } from '../support/inject-fetch';
import { oliversCart, payment, shipment, stamp } from '../support/order-expectations';
import { ORDERS_SHOP_EXTRAS_SQL, ORDERS_SHOP_YAML } from '../support/order-fixtures';
import { TOKEN } from '../support/seed-auth';
import { startTestApp, type TestApp } from '../support/test-app';

/** A call's answer as the test compares it: the status and the typed body, or the error with its family. */
type Answer = { ok: true; status: number; data: unknown } | { ok: false; status: number; error: unknown };

/** The whole answer, and the body's key order too (the client parses the JSON in the order it was sent). */
function expectAnswer(answer: Answer, expected: { status: number; data?: unknown; error?: unknown }): void {
  const actual = answer.ok ? { status: answer.status, data: answer.data } : { status: answer.status, error: answer.error };
  expect(actual).toEqual(expected);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

const OLIVER = 'Oliver.Queen@star-city.com';
const SHIPPING_ADDRESS = { firstName: 'Oliver', lastName: 'Queen', countryCode: 'US', provinceCode: 'US-NY', street: 'Main St 1', city: 'Star City', postcode: '12345' };

/**
 * The flow of the README's "Checkout with curl", through the generated client over the e2e app
 * (`injectFetch`): every answer is compared whole and is also checked against the OpenAPI document.
 */
describe('the typed client (clients/typescript) from a new cart to a shipped order', () => {
  let t: TestApp;
  let ids: IdMap;
  let shop: ShopAdminClient;

  beforeAll(async () => {
    t = await startTestApp();
    ids = await loadShop(t, ORDERS_SHOP_YAML);
    for (const statement of ORDERS_SHOP_EXTRAS_SQL) await sql(t, statement);
    shop = createShopAdminClient({ baseUrl: INJECT_BASE_URL, token: TOKEN, fetch: injectFetch(t) });
  });
  afterAll(() => t?.close());

  /** Oliver as carts embed him (`canonical`: with the account's canonical username) and as the customer list shows him. */
  const oliverInBrief = async (canonical = true) => {
    const user = await idOf(t, 'select id from shop_user where customer_id = ?', [ids.customers[OLIVER]]);
    return customer({
      id: ids.customers[OLIVER], email: OLIVER, firstName: 'Oliver', lastName: 'Queen',
      user: { id: user, username: OLIVER, ...(canonical && { usernameCanonical: 'oliver.queen@star-city.com' }), enabled: true },
    });
  };
  const stock = async () =>
    (await sql<{ version: number; on_hold: number; on_hand: number }>(t, `select version, on_hold, on_hand from product_variant where code = 'MUG_SW'`)).map((row) => ({
      version: row.version,
      onHold: row.on_hold,
      onHand: row.on_hand,
    }))[0];

  /** GET /orders/{id} of the cart once placed: Oliver's one-mug cart of the fixtures, now addressed, paid and shipped as given. */
  async function placed(id: number, itemId: number, states: { state: string; payment: string; shipment: string; tracking?: string }) {
    const asCart = await oliversCart(t, { ...ids, orders: { ...ids.orders, cart: id }, orderItems: { ...ids.orderItems, cart_item: itemId } });
    const mug = await stock();
    const [order] = await sql<{ checkout_completed_at: string; number: string; shipping_address_id: number; billing_address_id: number }>(
      t,
      'select checkout_completed_at, number, shipping_address_id, billing_address_id from orders where id = ?',
      [id],
    );
    return {
      id,
      checkoutCompletedAt: stamp(order.checkout_completed_at),
      number: order.number,
      items: asCart.items.map((item) => ({ ...item, variant: { ...item.variant, ...mug } })),
      itemsTotal: asCart.itemsTotal,
      adjustments: asCart.adjustments,
      adjustmentsTotal: asCart.adjustmentsTotal,
      total: asCart.total,
      state: states.state,
      customer: asCart.customer,
      channel: asCart.channel,
      shippingAddress: { id: order.shipping_address_id, ...SHIPPING_ADDRESS },
      billingAddress: { id: order.billing_address_id, ...SHIPPING_ADDRESS },
      payments: [await payment(t, id, asCart.total, states.payment)],
      shipments: [await shipment(t, id, states.shipment, states.tracking)],
      currencyCode: 'USD',
      localeCode: 'en_US',
      checkoutState: 'completed',
    };
  }

  it('serves the OpenAPI document the client is generated from (clients/typescript/openapi.json)', async () => {
    const served = await t.inject({ method: 'GET', url: '/api/doc.json' });
    const committed = readFileSync(join(__dirname, '..', '..', 'clients', 'typescript', 'openapi.json'), 'utf8');
    expect(served.statusCode).toBe(200);
    expect(`${JSON.stringify(JSON.parse(served.body), null, 2)}\n`).toBe(committed);
  });

  it('creates a cart (retried with its Idempotency-Key), adds a mug, walks the checkout, pays and ships', async () => {
    const body = { customer: 'oliver.queen@star-city.com', channel: 'WEB', localeCode: 'en_US' };
    const created = await shop.POST('/api/v1/carts/', { body, idempotencyKey: 'client-flow-cart' });
    if (!created.ok) throw new Error(`POST /carts/ answered ${created.status}: ${JSON.stringify(created.error)}`);
    const id = created.data.id;
    const cart = {
      id, items: [], itemsTotal: 0, adjustments: [], adjustmentsTotal: 0, total: 0,
      customer: await oliverInBrief(), channel: channelRef(ids.channels.WEB), currencyCode: 'USD', localeCode: 'en_US', checkoutState: 'cart',
    };
    expectAnswer(created, { status: 201, data: cart });
    const replayed = await shop.POST('/api/v1/carts/', { body, idempotencyKey: 'client-flow-cart' });
    expectAnswer(replayed, { status: 201, data: cart });
    expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');

    const added = await shop.POST('/api/v1/carts/{cartId}/items/', { params: { path: { cartId: id } }, body: { variant: 'MUG_SW', quantity: 1 } });
    if (!added.ok) throw new Error(`POST /items/ answered ${added.status}`);
    const [unitId] = await unitIds(t, added.data.id);
    const [tax] = await sql<{ id: number }>(t, `select id from ${storedAdjustments('unit')} where owner_id = ?`, [unitId]);
    const optionValueTranslation = (locale: string) =>
      idOf(t, `select t.id from product_option_value_translation t join product_option_value v on v.id = t.option_value_id where v.code = 'MUG_SIZE_S' and t.locale = ?`, [locale]);
    expectAnswer(added, {
      status: 201,
      data: {
        id: added.data.id, quantity: 1, unitPrice: 1000, total: 1100,
        units: [{ id: unitId, adjustments: [{ id: tax.id, type: 'tax', label: 'VAT (10%)', amount: 100 }], adjustmentsTotal: 100 }],
        unitsTotal: 1100, adjustments: [], adjustmentsTotal: 0,
        variant: {
          id: ids.variants.MUG_SW, code: 'MUG_SW',
          optionValues: [{ code: 'MUG_SIZE_S', translations: {
            en_US: { locale: 'en_US', id: await optionValueTranslation('en_US'), value: 'Size S' },
            de_DE: { locale: 'de_DE', id: await optionValueTranslation('de_DE'), value: 'Size S' },
          } }],
          position: 0,
          translations: { en_US: { locale: 'en_US', id: await idOf(t, 'select id from product_variant_translation where variant_id = ?', [ids.variants.MUG_SW]), name: 'Star wars mug' } },
          version: 2, tracked: true,
          taxCategory: { id: await idOf(t, `select id from tax_category where code = 'std'`, []), code: 'std', name: 'Standard', _links: { self: { href: '/api/v1/tax-categories/std' } } },
          shippingCategory: { id: await idOf(t, `select id from shipping_category where code = 'regular'`, []), code: 'regular', name: 'Regular', _links: { self: { href: '/api/v1/shipping-categories/regular' } } },
          channelPricings: { WEB: { channelCode: 'WEB', price: 1000 }, EU_WEB: { channelCode: 'EU_WEB', price: 900 } },
          _links: { self: { href: '/api/v1/products/MUG/variants/MUG_SW' } },
        },
        _links: { order: { href: `/api/v1/orders/${id}` }, product: { href: '/api/v1/products/MUG' }, variant: { href: '/api/v1/products/MUG/variants/MUG_SW' } },
      },
    });

    const path = { params: { path: { id } } };
    expectAnswer(await shop.PUT('/api/v1/checkouts/addressing/{id}', { ...path, body: { shippingAddress: SHIPPING_ADDRESS } }), { status: 204, data: undefined });
    expectAnswer(await shop.GET('/api/v1/checkouts/select-shipping/{id}', path), {
      status: 200,
      data: { shipments: [{ methods: [{ id: await idOf(t, `select id from shipping_method where code = 'ups'`, []), code: 'ups', name: 'UPS', price: 500 }] }] },
    });
    expectAnswer(await shop.PUT('/api/v1/checkouts/select-shipping/{id}', { ...path, body: { shipments: [{ method: 'ups' }] } }), { status: 204, data: undefined });
    expectAnswer(await shop.GET('/api/v1/checkouts/select-payment/{id}', path), {
      status: 200,
      data: { payments: [{ methods: [{ id: await idOf(t, `select id from payment_method where code = 'cash_on_delivery'`, []), code: 'cash_on_delivery', name: 'Cash on delivery' }] }] },
    });
    expectAnswer(await shop.PUT('/api/v1/checkouts/select-payment/{id}', { ...path, body: { payments: [{ method: 'cash_on_delivery' }] } }), { status: 204, data: undefined });
    expectAnswer(await shop.PUT('/api/v1/checkouts/complete/{id}', { ...path, body: { notes: 'Leave it at the door.' } }), { status: 204, data: undefined });

    const order = await shop.GET('/api/v1/orders/{id}', path);
    if (!order.ok) throw new Error(`GET /orders/${id} answered ${order.status}`);
    expectAnswer(order, { status: 200, data: await placed(id, added.data.id, { state: 'new', payment: 'new', shipment: 'ready' }) });

    const paymentId = order.data.payments[0].id;
    const shipmentId = order.data.shipments[0].id;
    expectAnswer(await shop.PUT('/api/v1/orders/{orderId}/payments/{id}/complete', { params: { path: { orderId: id, id: paymentId } } }), { status: 204, data: undefined });
    expectAnswer(await shop.PUT('/api/v1/orders/{orderId}/shipments/{id}/ship', { params: { path: { orderId: id, id: shipmentId } }, body: { tracking: '1Z999AA10123456784' } }), {
      status: 204,
      data: undefined,
    });
    expectAnswer(await shop.GET('/api/v1/orders/{id}', path), {
      status: 200,
      data: await placed(id, added.data.id, { state: 'fulfilled', payment: 'completed', shipment: 'shipped', tracking: '1Z999AA10123456784' }),
    });
    // A placed order is no cart any more: the `{code, message}` family.
    expectAnswer(await shop.GET('/api/v1/carts/{id}', path), { status: 404, error: { family: 'message', body: { code: 404, message: 'The "cart" has not been found' } } });
  });

  it('types each error family: the form tree, {code, message}, and OAuth', async () => {
    const cart = await shop.POST('/api/v1/carts/', { body: { customer: 'barry@doe.com', channel: 'WEB', localeCode: 'en_US' } });
    if (!cart.ok) throw new Error(`POST /carts/ answered ${cart.status}`);
    const invalid = await shop.POST('/api/v1/carts/{cartId}/items/', { params: { path: { cartId: cart.data.id } }, body: { variant: 'MUG_SW', quantity: 0 } });
    expectAnswer(invalid, {
      status: 400,
      error: { family: 'validation', body: validationFailed({ children: { quantity: { errors: ['Quantity of an order item cannot be lower than 1.'] }, variant: {} } }) },
    });
    // The family narrows the body's type down to this form's fields.
    expect(!invalid.ok && invalid.error.family === 'validation' ? invalid.error.body.errors.children.quantity.errors : null).toEqual(['Quantity of an order item cannot be lower than 1.']);

    expectAnswer(await shop.DELETE('/api/v1/carts/{id}', { params: { path: { id: 999999 } } }), {
      status: 404,
      error: { family: 'message', body: { code: 404, message: 'The "cart" has not been found' } },
    });
    expectAnswer(await shop.GET('/api/v1/carts/{id}', { params: { path: { id: cart.data.id } }, headers: { authorization: 'Bearer not-a-token' } }), {
      status: 401,
      error: { family: 'oauth', body: { error: 'invalid_grant', error_description: 'The access token provided is invalid.' } },
    });
  });

  it('follows _links.next through every page of a list', async () => {
    const customers = [];
    for await (const one of shop.items('/api/v1/customers/', { params: { query: { limit: 1, sorting: { id: 'asc' } } } })) customers.push(one);
    expect(customers).toEqual([
      await oliverInBrief(false),
      customer({ id: ids.customers['barry@doe.com'], email: 'barry@doe.com' }),
    ]);
    const pages = [];
    for await (const page of shop.pages('/api/v1/customers/', { params: { query: { limit: 1 } } })) pages.push([page.page, page.pages, page._links.next?.href]);
    expect(pages).toEqual([
      [1, 2, '/api/v1/customers/?page=2&limit=1'],
      [2, 2, undefined],
    ]);
  });
});
