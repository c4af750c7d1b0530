import * as argon2 from 'argon2';
import type { InjectOptions } from 'fastify';
import { AUTH, insertCustomer, insertGroup } from '../support/customer-data';
import { customerValidationFailed } from '../support/customer-expectations';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

describe('POST /api/v1/customers/', () => {
  let t: TestApp;
  let vip: number;
  let retail: number;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
    vip = await insertGroup(t.em(), 'VIP', 'Very important');
    retail = await insertGroup(t.em(), 'RETAIL', 'Retail');
    await insertCustomer(t.em(), { email: 'Oliver.Queen@star-city.com', firstName: 'Oliver', lastName: 'Queen' });
  });
  afterAll(() => t?.close());

  const post = (payload: InjectOptions['payload']) => t.inject({ method: 'POST', url: '/api/v1/customers/', headers: AUTH, payload });
  const valid = { email: 'john.diggle@yahoo.com', firstName: 'John', lastName: 'Diggle', gender: 'm' };
  let counter = 0;
  /** A valid body with an email no other test uses. */
  const fresh = (extra: Record<string, unknown> = {}) => ({ ...valid, email: `customer${++counter}@example.com`, ...extra });

  const storedUser = async (customerId: number) => {
    const rows = await t
      .em()
      .getConnection()
      .execute<Array<{ password_hash: string; roles: string[]; enabled: boolean }>>('select password_hash, roles, enabled from shop_user where customer_id = ?', [customerId]);
    return rows[0];
  };

  it('creates a customer without a user: 201 with the detailed shape in contract key order', async () => {
    const response = await post(valid);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers.location).toBeUndefined();
    const id = (json(response) as { id: number }).id;
    expect(Number.isInteger(id)).toBe(true);
    const expected = {
      id,
      email: 'john.diggle@yahoo.com',
      emailCanonical: 'john.diggle@yahoo.com',
      firstName: 'John',
      lastName: 'Diggle',
      gender: 'm',
      _links: { self: { href: `/api/v1/customers/${id}` } },
    };
    expect(json(response)).toEqual(expected);
    expect(response.body).toBe(JSON.stringify(expected));

    const show = await t.inject({ method: 'GET', url: `/api/v1/customers/${id}`, headers: AUTH });
    expect(show.body).toBe(JSON.stringify(expected));
  });

  it('creates a customer with a user: username = email, roles ["ROLE_USER"], enabled false by default, Argon2id hash', async () => {
    const response = await post({ ...valid, email: 'Felicity.Smoak@Yahoo.com', user: { plainPassword: 'hunter22' } });
    expect(response.statusCode).toBe(201);
    const body = json(response) as { id: number; user: { id: number } };
    const expected = {
      id: body.id,
      email: 'Felicity.Smoak@Yahoo.com',
      emailCanonical: 'felicity.smoak@yahoo.com',
      firstName: 'John',
      lastName: 'Diggle',
      gender: 'm',
      user: { id: body.user.id, username: 'Felicity.Smoak@Yahoo.com', usernameCanonical: 'felicity.smoak@yahoo.com', roles: ['ROLE_USER'], enabled: false },
      _links: { self: { href: `/api/v1/customers/${body.id}` } },
    };
    expect(response.body).toBe(JSON.stringify(expected));

    const stored = await storedUser(body.id);
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(stored.password_hash, 'hunter22')).toBe(true);
    expect(response.body).not.toContain('hunter22');
    expect(response.body).not.toContain('argon2');
  });

  it('creates an enabled user with extra roles, and takes the birthday, groups and unused fields', async () => {
    const response = await post(
      fresh({
        birthday: '1985-05-20',
        phoneNumber: '+1 555 0100',
        subscribedToNewsletter: true,
        groups: ['RETAIL', 'VIP'],
        user: { plainPassword: 'secret', authorizationRoles: ['ROLE_SUPPORT', 'ROLE_USER'], enabled: true },
      }),
    );
    expect(response.statusCode).toBe(201);
    const body = json(response) as { id: number; email: string; user: { id: number } };
    const expected = {
      id: body.id,
      email: body.email,
      emailCanonical: body.email,
      firstName: 'John',
      lastName: 'Diggle',
      birthday: '1985-05-20T00:00:00+0000',
      gender: 'm',
      group: [
        { id: vip, code: 'VIP', name: 'Very important' },
        { id: retail, code: 'RETAIL', name: 'Retail' },
      ],
      user: { id: body.user.id, username: body.email, usernameCanonical: body.email, roles: ['ROLE_USER', 'ROLE_SUPPORT'], enabled: true },
      _links: { self: { href: `/api/v1/customers/${body.id}` } },
    };
    expect(response.body).toBe(JSON.stringify(expected));
    const [row] = await t.em().getConnection().execute('select phone_number, subscribed_to_newsletter from customer where id = ?', [body.id]);
    expect(row).toEqual({ phone_number: '+1 555 0100', subscribed_to_newsletter: true });
  });

  it('accepts a single group code under "group", a full datetime as birthday, and omits what is not set', async () => {
    const response = await post({ email: `solo${++counter}@example.com`, gender: 'f', group: 'VIP', birthday: '1990-02-03T23:30:00-05:00' });
    expect(response.statusCode).toBe(201);
    const body = json(response) as { id: number; email: string };
    expect(response.body).toBe(
      JSON.stringify({
        id: body.id,
        email: body.email,
        emailCanonical: body.email,
        birthday: '1990-02-03T00:00:00+0000',
        gender: 'f',
        group: [{ id: vip, code: 'VIP', name: 'Very important' }],
        _links: { self: { href: `/api/v1/customers/${body.id}` } },
      }),
    );
  });

  it('creates no account for a user object whose values are all empty', async () => {
    const response = await post(fresh({ user: { enabled: false, plainPassword: '' } }));
    expect(response.statusCode).toBe(201);
    expect(json(response)).not.toHaveProperty('user');
  });

  it('trims text and lowercases the canonical email (multibyte too)', async () => {
    const response = await post({ email: '  ÉLODIE@Example.COM ', firstName: '  Élodie ', gender: 'f' });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toMatchObject({ email: 'ÉLODIE@Example.COM', emailCanonical: 'élodie@example.com', firstName: 'Élodie' });
  });

  describe('validation', () => {
    it('answers the exact 400 body for an empty body: email and gender are required', async () => {
      for (const payload of [undefined, {}]) {
        const response = await post(payload);
        expect(response.statusCode).toBe(400);
        expect(response.headers['content-type']).toContain('application/json');
        expect(response.body).toBe(
          '{"code":400,"message":"Validation Failed","errors":{"children":{"firstName":{},"lastName":{},' +
            '"email":{"errors":["Please enter your email."]},"birthday":{},"gender":{"errors":["Please choose your gender."]},' +
            '"phoneNumber":{},"subscribedToNewsletter":{},"group":{}}}}',
        );
      }
    });

    it('requires a password when a user object asks for an account', async () => {
      const response = await post({ user: { enabled: true } });
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(
        '{"code":400,"message":"Validation Failed","errors":{"children":{"firstName":{},"lastName":{},' +
          '"email":{"errors":["Please enter your email."]},"birthday":{},"gender":{"errors":["Please choose your gender."]},' +
          '"phoneNumber":{},"subscribedToNewsletter":{},"group":{},' +
          '"user":{"children":{"plainPassword":{"errors":["Please enter your password."]},"authorizationRoles":{},"enabled":{}}}}}}',
      );
    });

    it('rejects an email another customer uses, in any case', async () => {
      const response = await post({ ...valid, email: 'OLIVER.queen@STAR-city.com' });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual(customerValidationFailed({ fields: { email: ['This email is already used.'] } }));
    });

    it.each([
      ['an invalid email', { email: 'not-an-email' }, { email: ['This email is invalid.'] }],
      ['an email over 254 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com` }, { email: ['Email must not be longer than 254 characters.'] }],
      ['a blank email', { email: '   ' }, { email: ['Please enter your email.'] }],
      ['an email that is not a string', { email: 42 }, { email: ['This value is not valid.'] }],
      ['an unknown gender', { gender: 'x' }, { gender: ['This value is not valid.'] }],
      ['a null gender', { gender: null }, { gender: ['Please choose your gender.'] }],
      ['a one-letter first name', { firstName: 'J' }, { firstName: ['First name must be at least 2 characters long.'] }],
      ['a too long last name', { lastName: 'x'.repeat(256) }, { lastName: ['Last name must not be longer than 255 characters.'] }],
      ['an impossible birthday', { birthday: '1990-02-30' }, { birthday: ['This value is not valid.'] }],
      ['a birthday in another format', { birthday: '03/02/1990' }, { birthday: ['This value is not valid.'] }],
      ['a too long phone number', { phoneNumber: '1'.repeat(256) }, { phoneNumber: ['This value is too long. It should have 255 characters or less.'] }],
      ['a newsletter flag that is no boolean', { subscribedToNewsletter: 'maybe' }, { subscribedToNewsletter: ['This value is not valid.'] }],
      ['an unknown group', { groups: ['VIP', 'NOPE'] }, { group: ['This value is not valid.'] }],
      ['groups that are not codes', { groups: [1, 2] }, { group: ['This value is not valid.'] }],
    ])('rejects %s', async (_case, change, fields) => {
      const response = await post(fresh(change));
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(JSON.stringify(customerValidationFailed({ fields })));
    });

    it('reports every violation at once', async () => {
      const response = await post({ email: 'bad', gender: 'q', firstName: 'J', group: 'NOPE', birthday: 'soon' });
      expect(json(response)).toEqual(
        customerValidationFailed({
          fields: {
            firstName: ['First name must be at least 2 characters long.'],
            email: ['This email is invalid.'],
            birthday: ['This value is not valid.'],
            gender: ['This value is not valid.'],
            group: ['This value is not valid.'],
          },
        }),
      );
    });

    it('reports extra fields on the form that received them', async () => {
      const root = await post(fresh({ nickname: 'Dig' }));
      expect(root.statusCode).toBe(400);
      expect(root.body).toBe(JSON.stringify(customerValidationFailed({ root: ['This form should not contain extra fields.'] })));

      const user = await post(fresh({ user: { plainPassword: 'secret', roles: ['ROLE_ADMIN'] } }));
      expect(user.statusCode).toBe(400);
      expect(user.body).toBe(JSON.stringify(customerValidationFailed({ user: { root: ['This form should not contain extra fields.'] } })));
    });

    it.each([
      ['a short password', { plainPassword: 'abc' }, { plainPassword: ['Password must be at least 4 characters long.'] }],
      ['a too long password', { plainPassword: 'p'.repeat(255) }, { plainPassword: ['Password must not be longer than 254 characters.'] }],
      ['roles that are not ROLE_ strings', { plainPassword: 'secret', authorizationRoles: ['admin'] }, { authorizationRoles: ['This value is not valid.'] }],
      ['an enabled flag that is no boolean', { plainPassword: 'secret', enabled: 'perhaps' }, { enabled: ['This value is not valid.'] }],
    ])('rejects a user with %s', async (_case, user, fields) => {
      const response = await post(fresh({ user }));
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(JSON.stringify(customerValidationFailed({ user: { fields } })));
    });

    it('rejects a user that is not an object', async () => {
      const response = await post(fresh({ user: 'yes' }));
      expect(response.body).toBe(JSON.stringify(customerValidationFailed({ user: { root: ['This value is not valid.'] } })));
    });

    it('answers 400 for malformed JSON and 415 for another content type', async () => {
      const malformed = await t.inject({ method: 'POST', url: '/api/v1/customers/', headers: { ...AUTH, 'content-type': 'application/json' }, payload: '{"email":' });
      expect(malformed.statusCode).toBe(400);
      expect(json(malformed)).toEqual({ code: 400, message: 'Invalid json message received' });
      const text = await t.inject({ method: 'POST', url: '/api/v1/customers/', headers: { ...AUTH, 'content-type': 'text/plain' }, payload: 'x' });
      expect(text.statusCode).toBe(415);
    });

    it('stores nothing for a rejected request', async () => {
      await post({ ...valid, email: 'rejected@example.com', gender: 'x', user: { plainPassword: 'secret' } });
      const [row] = await t.em().getConnection().execute<Array<{ n: string }>>("select count(*) as n from customer where email_canonical = 'rejected@example.com'");
      expect(Number(row.n)).toBe(0);
    });
  });
});
