import { DEMO_AUTH, loadDemoShop } from '../support/demo-shop';
import { startTestApp, type TestApp } from '../support/test-app';

/** Behind a transaction-mode pooler every statement must stand alone: no SQL-level PREPARE/EXECUTE kept in the session. */
describe('statements for a transaction-mode pooler', () => {
  let t: TestApp;
  const statements: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (sql) => statements.push(sql) });
    await loadDemoShop(t);
  });
  afterAll(() => t?.close());

  it('adds, reads, changes and removes a cart line without any server-side prepared statement', async () => {
    const json = { ...DEMO_AUTH, 'content-type': 'application/json' };
    statements.length = 0;
    const cart = await t.inject({ method: 'POST', url: '/api/v1/carts/', headers: json, payload: { customer: 'oliver.queen@star-city.com', channel: 'WEB', localeCode: 'en_US' } });
    expect(cart.statusCode).toBe(201);
    const cartId = JSON.parse(cart.body).id as number;
    const added = await t.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: json, payload: { variant: 'MUG_SW', quantity: 2 } });
    expect(added.statusCode).toBe(201);
    const item = JSON.parse(added.body) as { id: number; quantity: number; unitPrice: number };
    expect([item.quantity, item.unitPrice]).toEqual([2, 1059]);
    const changed = await t.inject({ method: 'PUT', url: `/api/v1/carts/${cartId}/items/${item.id}`, headers: json, payload: { quantity: 3 } });
    expect(changed.statusCode).toBe(204);
    const shown = await t.inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: DEMO_AUTH });
    expect(shown.statusCode).toBe(200);
    expect(JSON.parse(shown.body).items.map((line: { quantity: number }) => line.quantity)).toEqual([3]);
    const removed = await t.inject({ method: 'DELETE', url: `/api/v1/carts/${cartId}/items/${item.id}`, headers: DEMO_AUTH });
    expect(removed.statusCode).toBe(204);

    const texts = statements.map((message) => message.replace(/^\[query\]\s*/, ''));
    expect(texts.filter((sql) => /^\s*(prepare|execute|deallocate)\b/i.test(sql) || /;\s*(prepare|execute)\b/i.test(sql))).toEqual([]);
    // The filter sees the statements as sent (the logger's prefix removed).
    expect(texts.filter((sql) => /^\s*begin\b/i.test(sql)).length).toBeGreaterThan(0);
    expect(statements.length).toBeGreaterThan(10);
  });
});
