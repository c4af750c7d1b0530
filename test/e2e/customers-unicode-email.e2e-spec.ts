import type { InjectOptions } from 'fastify';
import { AUTH, insertCustomer } from '../support/customer-data';
import { customerValidationFailed } from '../support/customer-expectations';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

/** 190 characters as given, 310 once lowercased: each Turkish dotted capital I lowercases to two code points. */
const EXPANDING_EMAIL = `${'a'.repeat(64)}@${'İ'.repeat(60)}.${'İ'.repeat(60)}.com`;
const TOO_LONG = customerValidationFailed({ fields: { email: ['Email must not be longer than 254 characters.'] } });
const EMAIL_USED = customerValidationFailed({ fields: { email: ['This email is already used.'] } });

describe('Customer emails and Unicode', () => {
  let t: TestApp;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
  });
  afterAll(() => t?.close());

  const post = (payload: InjectOptions['payload']) => t.inject({ method: 'POST', url: '/api/v1/customers/', headers: AUTH, payload });
  const send = (method: 'PUT' | 'PATCH', id: number, payload: InjectOptions['payload']) =>
    t.inject({ method, url: `/api/v1/customers/${id}`, headers: AUTH, payload });
  const seeded = async () => (await insertCustomer(t.em(), { email: `unicode${++counter}@example.com`, gender: 'f' })).id;

  describe('an email whose canonical form is longer than the column', () => {
    it('is within the limit as given', () => {
      expect([...EXPANDING_EMAIL].length).toBeLessThanOrEqual(254);
      expect([...EXPANDING_EMAIL.normalize('NFKC').toLowerCase()].length).toBeGreaterThan(254);
    });

    it('POST answers 400 with the length message', async () => {
      const response = await post({ email: EXPANDING_EMAIL, gender: 'm' });
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(JSON.stringify(TOO_LONG));
    });

    it.each(['PUT', 'PATCH'] as const)('%s answers 400 with the length message and changes nothing', async (method) => {
      const id = await seeded();
      const response = await send(method, id, { email: EXPANDING_EMAIL, gender: 'm' });
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(JSON.stringify(TOO_LONG));
      const show = json(await t.inject({ method: 'GET', url: `/api/v1/customers/${id}`, headers: AUTH })) as { email: string };
      expect(show.email).toBe(`unicode${counter}@example.com`);
    });
  });

  describe('emails that look the same are one customer', () => {
    const precomposed = 'caf\u00e9@x.com';
    const decomposed = 'cafe\u0301@x.com';

    it('stores the email as given and the NFKC lowercase form as canonical', async () => {
      const response = await post({ email: 'ＦＵＬＬ@X.com', gender: 'u', user: { plainPassword: 'secret12' } });
      expect(response.statusCode).toBe(201);
      const body = json(response) as { id: number; user: { id: number } };
      expect(response.body).toBe(
        JSON.stringify({
          id: body.id,
          email: 'ＦＵＬＬ@X.com',
          emailCanonical: 'full@x.com',
          gender: 'u',
          user: { id: body.user.id, username: 'ＦＵＬＬ@X.com', usernameCanonical: 'full@x.com', roles: ['ROLE_USER'], enabled: false },
          _links: { self: { href: `/api/v1/customers/${body.id}` } },
        }),
      );
    });

    it('rejects the plain form of a fullwidth email already used', async () => {
      const response = await post({ email: 'full@x.com', gender: 'u' });
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(JSON.stringify(EMAIL_USED));
    });

    it('rejects the decomposed form of a precomposed email already used, and the other way round', async () => {
      const first = await post({ email: precomposed, gender: 'u' });
      expect(first.statusCode).toBe(201);
      expect((json(first) as { emailCanonical: string }).emailCanonical).toBe(precomposed);
      const second = await post({ email: decomposed, gender: 'u' });
      expect(second.statusCode).toBe(400);
      expect(second.body).toBe(JSON.stringify(EMAIL_USED));
    });

    it.each(['PUT', 'PATCH'] as const)('%s to a look-alike of another customer\'s email answers the duplicate 400', async (method) => {
      const id = await seeded();
      const response = await send(method, id, { email: 'ｆｕｌｌ@x.com', gender: 'u' });
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(JSON.stringify(EMAIL_USED));
    });

    it('PATCH to a look-alike of the customer\'s own email is accepted and keeps the email as given', async () => {
      const created = json(await post({ email: 'Zoe@Example.com', gender: 'f' })) as { id: number };
      const response = await send('PATCH', created.id, { email: 'Ｚｏｅ@Example.com' });
      expect(response.statusCode).toBe(204);
      const show = json(await t.inject({ method: 'GET', url: `/api/v1/customers/${created.id}`, headers: AUTH })) as { email: string; emailCanonical: string };
      expect([show.email, show.emailCanonical]).toEqual(['Ｚｏｅ@Example.com', 'zoe@example.com']);
    });
  });
});
