import fc from 'fast-check';
import { Customer } from '../../src/customers/entities/customer.entity';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { assertProperty, fuzzRuns } from '../support/fuzz/fuzz-harness';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Property: whatever the timing of a customer delete among cart creations for that customer (any email
 * case), every creation answers 201 or the 400 naming `customer`, the delete answers 204, and no cart of
 * the deleted customer is left. FUZZ_RUNS scales the number of cases, FUZZ_SEED replays a run.
 */
jest.setTimeout(10 * 60_000);

const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
`;

const CUSTOMER_GONE = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { customer: { errors: ['This value is not valid.'] }, localeCode: {}, channel: {} } },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('fuzz: deletes racing creates', () => {
  let t: TestApp;
  let next = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: process.env.TEST_DATABASE_URL ? { DB_POOL_SIZE: '12' } : {}, validateResponses: false });
    await loadShop(t, SHOP_YAML);
  });
  afterAll(() => t?.close());

  it('a cart creation racing its customer delete answers 201 or 400, never 5xx', async () => {
    const race = fc.record({
      creationDelays: fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 1, maxLength: 8 }),
      deleteDelay: fc.integer({ min: 0, max: 15 }),
      upperCase: fc.boolean(),
    });
    await assertProperty(
      fc.asyncProperty(race, async ({ creationDelays, deleteDelay, upperCase }) => {
        const email = `racer${next++}@example.com`;
        const em = t.em();
        const customer = em.create(Customer, { email, emailCanonical: email });
        await em.flush();
        const given = upperCase ? email.toUpperCase() : email;
        const creations = creationDelays.map(async (delay) => {
          await sleep(delay);
          return t.inject({ method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: { customer: given, localeCode: 'en_US', channel: 'WEB' } });
        });
        const deletion = (async () => {
          await sleep(deleteDelay);
          return t.inject({ method: 'DELETE', url: `/api/v1/customers/${customer.id}`, headers: AUTH });
        })();
        const [deleted, ...created] = await Promise.all([deletion, ...creations]);
        if (deleted.statusCode !== 204) throw new Error(`DELETE customer answered ${deleted.statusCode}: ${deleted.body}`);
        for (const response of created) {
          if (response.statusCode === 201) continue;
          expect({ status: response.statusCode, body: JSON.parse(response.body) as unknown }).toEqual({ status: 400, body: CUSTOMER_GONE });
        }
        const [{ count }] = await t.em().getConnection().execute<Array<{ count: string }>>('select count(*) from orders where customer_id = ?', [customer.id]);
        expect(Number(count)).toBe(0);
      }),
      fuzzRuns(25),
    );
  });
});
