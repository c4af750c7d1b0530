import type { IdMap } from '../../src/fixtures';
import { createShopAdminClient, type ShopAdminClient } from '../../clients/typescript/src';
import { sql } from '../support/cart-expectations';
import { loadShop } from '../support/cart-fixtures';
import { INJECT_BASE_URL, injectFetch } from '../support/inject-fetch';
import { ORDERS_SHOP_EXTRAS_SQL, ORDERS_SHOP_YAML } from '../support/order-fixtures';
import { TOKEN } from '../support/seed-auth';
import { startTestApp, type TestApp } from '../support/test-app';

describe('explore', () => {
  let t: TestApp;
  let ids: IdMap;
  let shop: ShopAdminClient;
  beforeAll(async () => {
    t = await startTestApp();
    ids = await loadShop(t, ORDERS_SHOP_YAML);
    for (const statement of ORDERS_SHOP_EXTRAS_SQL) await sql(t, statement);
    shop = createShopAdminClient({ baseUrl: INJECT_BASE_URL, token: TOKEN, fetch: injectFetch(t) });
  });
  afterAll(() => t.close());
  it('prints', async () => {
    const log = (label: string, r: unknown) => process.stdout.write(`${label}: ${JSON.stringify(r)}\n`);
    const created = await shop.POST('/api/v1/carts/', { body: { customer: 'oliver.queen@star-city.com', channel: 'WEB', localeCode: 'en_US' }, idempotencyKey: 'k1' });
    log('created', { ...created, response: undefined });
    if (!created.ok) return;
    const id = created.data.id;
    const item = await shop.POST('/api/v1/carts/{cartId}/items/', { params: { path: { cartId: id } }, body: { variant: 'MUG_SW', quantity: 2 } });
    log('item', { ...item, response: undefined });
    const bad = await shop.POST('/api/v1/carts/{cartId}/items/', { params: { path: { cartId: id } }, body: { variant: 'MUG_SW', quantity: 0 } });
    log('bad', { ...bad, response: undefined });
    const addr = await shop.PUT('/api/v1/checkouts/addressing/{id}', { params: { path: { id } }, body: { shippingAddress: { firstName: 'Oliver', lastName: 'Queen', countryCode: 'US', provinceCode: 'US-NY', street: 'Main St 1', city: 'Star City', postcode: '12345' } } });
    log('addr', { ...addr, response: undefined });
    log('ship-list', { ...(await shop.GET('/api/v1/checkouts/select-shipping/{id}', { params: { path: { id } } })), response: undefined });
    log('pay-list', { ...(await shop.GET('/api/v1/checkouts/select-payment/{id}', { params: { path: { id } } })), response: undefined });
    log('ids', ids.customers);
    for await (const c of shop.items('/api/v1/customers/', { params: { query: { limit: 1 } } })) log('customer', c);
  });
});
