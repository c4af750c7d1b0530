import type { LightMyRequestResponse } from 'fastify';
import type { IdMap } from '../../src/fixtures';
import { validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const CUSTOMERS = Array.from({ length: 40 }, (_, index) => `racer${index}@example.com`);

const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
customers:
${CUSTOMERS.map((email) => `  - {email: ${email}}`).join('\n')}
`;

const CUSTOMER_GONE = validationFailed({ children: { customer: { errors: ['This value is not valid.'] }, localeCode: {}, channel: {} } });

function expectCreatedOrGone(response: LightMyRequestResponse): 'created' | 'gone' {
  if (response.statusCode === 201) return 'created';
  expect({ status: response.statusCode, body: JSON.parse(response.body) as unknown }).toEqual({ status: 400, body: CUSTOMER_GONE });
  return 'gone';
}

/** Writes that reference a row another request deletes at the same time: the write sees the row or answers 400, never 500. */
describe('deletes racing cart creations', () => {
  let t: TestApp;
  let ids: IdMap;

  beforeAll(async () => {
    // On a server, enough connections for the creations and the delete to overlap (the embedded database
    // serves few connections: its default pool).
    t = await startTestApp(process.env.TEST_DATABASE_URL ? { env: { DB_POOL_SIZE: '16' } } : {});
    ids = await loadShop(t, SHOP_YAML);
  });
  afterAll(() => t?.close());

  it('creating carts while their customer is deleted answers 201 or the customer 400', async () => {
    const outcomes: string[] = [];
    await Promise.all(
      CUSTOMERS.map(async (email) => {
        const creations = Array.from({ length: 6 }, (_, index) =>
          (async () => {
            await new Promise((resolve) => setTimeout(resolve, index * 3));
            return t.inject({ method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: { customer: email, localeCode: 'en_US', channel: 'WEB' } });
          })(),
        );
        const deletion = (async () => {
          await new Promise((resolve) => setTimeout(resolve, 1 + (Number(email.replace(/\D/g, '')) % 12)));
          return t.inject({ method: 'DELETE', url: `/api/v1/customers/${ids.customers[email]}`, headers: AUTH });
        })();
        const [deleted, ...created] = await Promise.all([deletion, ...creations]);
        expect(deleted.statusCode).toBe(204);
        for (const response of created) outcomes.push(expectCreatedOrGone(response));
      }),
    );
    expect(outcomes).toHaveLength(CUSTOMERS.length * 6);
    const [{ count }] = await t.em().getConnection().execute<Array<{ count: string }>>('select count(*) from orders');
    expect(Number(count)).toBe(0);
  });
});
