import { AUTH, insertCustomer } from '../support/customer-data';
import { customerValidationFailed } from '../support/customer-expectations';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

describe('customers under concurrency, and the cost of the list', () => {
  let t: TestApp;
  let recording = false;
  const statements: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (sql) => recording && statements.push(sql) });
    await seedAuth(t.em());
  });
  afterAll(() => t?.close());

  it('lets exactly one of 20 concurrent creates of the same email (in mixed case) win; the others get the duplicate-email 400', async () => {
    const variants = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? `Race.Winner+${'x'}@Example.com` : `race.winner+X@example.COM`));
    const responses = await Promise.all(
      variants.map((email, i) =>
        t.inject({
          method: 'POST',
          url: '/api/v1/customers/',
          headers: AUTH,
          payload: { email, gender: 'u', ...(i % 3 === 0 && { user: { plainPassword: 'secret' } }) },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      const body = json(response) as { errors: { children: Record<string, unknown> } };
      const withUser = 'user' in body.errors.children;
      expect(body).toEqual(customerValidationFailed({ fields: { email: ['This email is already used.'] }, ...(withUser && { user: {} }) }));
    }
    const [row] = await t.em().getConnection().execute<Array<{ n: string }>>("select count(*) as n from customer where email_canonical = 'race.winner+x@example.com'");
    expect(Number(row.n)).toBe(1);
  });

  it('loads a list page in the same number of statements for 1 row and for 10 rows', async () => {
    for (let i = 0; i < 12; i++) {
      await insertCustomer(t.em(), { email: `count${i}@example.com`, firstName: `N${i}`, user: i % 2 === 0 ? { password: 'pw12' } : undefined });
    }
    const measure = async (url: string) => {
      statements.length = 0;
      recording = true;
      const response = await t.inject({ method: 'GET', url, headers: AUTH });
      recording = false;
      expect(response.statusCode).toBe(200);
      return { rows: (json(response) as { _embedded: { items: unknown[] } })._embedded.items.length, statements: statements.length };
    };
    const one = await measure('/api/v1/customers/?limit=1');
    const ten = await measure('/api/v1/customers/?limit=10');
    expect(one.rows).toBe(1);
    expect(ten.rows).toBe(10);
    expect(ten.statements).toBe(one.statements);
    // Authentication plus the count and the page itself.
    expect(ten.statements).toBeLessThanOrEqual(5);
  });
});
