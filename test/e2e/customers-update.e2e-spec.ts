import * as argon2 from 'argon2';
import type { InjectOptions } from 'fastify';
import { AUTH, insertCustomer, insertGroup } from '../support/customer-data';
import { CUSTOMER_NOT_FOUND, customerValidationFailed } from '../support/customer-expectations';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

describe('PUT and PATCH /api/v1/customers/{id}', () => {
  let t: TestApp;
  let vip: number;
  let retail: number;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
    vip = await insertGroup(t.em(), 'VIP', 'Very important');
    retail = await insertGroup(t.em(), 'RETAIL', 'Retail');
  });
  afterAll(() => t?.close());

  const send = (method: 'PUT' | 'PATCH', id: number, payload: InjectOptions['payload']) =>
    t.inject({ method, url: `/api/v1/customers/${id}`, headers: AUTH, payload });
  const show = async (id: number) => json(await t.inject({ method: 'GET', url: `/api/v1/customers/${id}`, headers: AUTH })) as Record<string, unknown>;

  /** A customer with every field set, a user and a group. */
  const fullCustomer = async (withUser = true) => {
    const email = `Barry${++counter}@Doe.com`;
    const seeded = await insertCustomer(t.em(), {
      email,
      firstName: 'Barry',
      lastName: 'Allen',
      gender: 'm',
      birthday: new Date('1989-03-14T00:00:00Z'),
      groups: [vip],
      user: withUser ? { password: 'old-password', roles: ['ROLE_USER', 'ROLE_SUPPORT'] } : undefined,
    });
    await t.em().getConnection().execute("update customer set phone_number = '555', subscribed_to_newsletter = true where id = ?", [seeded.id]);
    return { ...seeded, email };
  };

  const stored = async (id: number) => {
    const [row] = await t
      .em()
      .getConnection()
      .execute<Array<Record<string, unknown>>>(
        `select c.phone_number, c.subscribed_to_newsletter, u.password_hash, u.username, u.username_canonical, u.roles, u.enabled
         from customer c left join shop_user u on u.customer_id = c.id where c.id = ?`,
        [id],
      );
    return row;
  };

  describe('PUT', () => {
    it('replaces the customer: omitted optional fields are cleared, the user is kept; 204 with an empty body', async () => {
      const customer = await fullCustomer();
      const response = await send('PUT', customer.id, { email: 'Barry.Allen@Star-Labs.com', gender: 'm' });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await show(customer.id)).toEqual({
        id: customer.id,
        email: 'Barry.Allen@Star-Labs.com',
        emailCanonical: 'barry.allen@star-labs.com',
        gender: 'm',
        user: { id: customer.userId, username: 'Barry.Allen@Star-Labs.com', usernameCanonical: 'barry.allen@star-labs.com', roles: ['ROLE_USER', 'ROLE_SUPPORT'], enabled: true },
        _links: { self: { href: `/api/v1/customers/${customer.id}` } },
      });
      expect(await stored(customer.id)).toMatchObject({ phone_number: null, subscribed_to_newsletter: false });
    });

    it('sets every field it is given', async () => {
      const customer = await fullCustomer(false);
      const response = await send('PUT', customer.id, {
        email: customer.email,
        firstName: 'Bartholomew',
        lastName: 'Allen',
        birthday: '1990-01-01',
        gender: 'f',
        groups: ['RETAIL'],
        phoneNumber: '777',
      });
      expect(response.statusCode).toBe(204);
      expect(await show(customer.id)).toEqual({
        id: customer.id,
        email: customer.email,
        emailCanonical: customer.email.toLowerCase(),
        firstName: 'Bartholomew',
        lastName: 'Allen',
        birthday: '1990-01-01T00:00:00+0000',
        gender: 'f',
        group: [{ id: retail, code: 'RETAIL', name: 'Retail' }],
        _links: { self: { href: `/api/v1/customers/${customer.id}` } },
      });
    });

    it('requires email and gender: the exact 400 body for an empty PUT, and nothing changes', async () => {
      const customer = await fullCustomer();
      const before = await show(customer.id);
      const response = await send('PUT', customer.id, {});
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(
        '{"code":400,"message":"Validation Failed","errors":{"children":{"firstName":{},"lastName":{},' +
          '"email":{"errors":["Please enter your email."]},"birthday":{},"gender":{"errors":["Please choose your gender."]},' +
          '"phoneNumber":{},"subscribedToNewsletter":{},"group":{}}}}',
      );
      expect(await show(customer.id)).toEqual(before);
    });

    it('requires the password whenever a user field is sent, even for an existing account', async () => {
      const customer = await fullCustomer();
      const response = await send('PUT', customer.id, { email: customer.email, gender: 'm', user: { enabled: true } });
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(JSON.stringify(customerValidationFailed({ user: { fields: { plainPassword: ['Please enter your password.'] } } })));
    });

    it('replaces the account fields under PUT: new password, roles back to the given ones, enabled false when omitted', async () => {
      const customer = await fullCustomer();
      const response = await send('PUT', customer.id, { email: customer.email, gender: 'm', user: { plainPassword: 'new-password' } });
      expect(response.statusCode).toBe(204);
      const row = await stored(customer.id);
      expect(row).toMatchObject({ roles: ['ROLE_USER'], enabled: false });
      expect(await argon2.verify(row.password_hash as string, 'new-password')).toBe(true);
      expect(await argon2.verify(row.password_hash as string, 'old-password')).toBe(false);
    });

    it('creates an account for a guest when a user with a password is sent', async () => {
      const customer = await fullCustomer(false);
      const response = await send('PUT', customer.id, { email: customer.email, gender: 'm', user: { plainPassword: 'secret', enabled: true } });
      expect(response.statusCode).toBe(204);
      const body = (await show(customer.id)) as { user: { id: number } };
      expect(body.user).toEqual({ id: body.user.id, username: customer.email, usernameCanonical: customer.email.toLowerCase(), roles: ['ROLE_USER'], enabled: true });
    });

    it('rejects the email of another customer but accepts its own in another case', async () => {
      const customer = await fullCustomer();
      const other = await fullCustomer();
      const taken = await send('PUT', customer.id, { email: other.email.toUpperCase(), gender: 'm' });
      expect(taken.statusCode).toBe(400);
      expect(json(taken)).toEqual(customerValidationFailed({ fields: { email: ['This email is already used.'] } }));

      const own = await send('PUT', customer.id, { email: customer.email.toUpperCase(), gender: 'm' });
      expect(own.statusCode).toBe(204);
      expect(await show(customer.id)).toMatchObject({ email: customer.email.toUpperCase(), emailCanonical: customer.email.toLowerCase() });
    });

    it('looks the customer up before judging the body', async () => {
      const response = await send('PUT', 999999, { email: 'bad' });
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual(CUSTOMER_NOT_FOUND);
    });
  });

  describe('PATCH', () => {
    it('changes only what it is given', async () => {
      const customer = await fullCustomer();
      const before = await show(customer.id);
      const response = await send('PATCH', customer.id, { firstName: 'Bart' });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await show(customer.id)).toEqual({ ...before, firstName: 'Bart' });
      expect(await stored(customer.id)).toMatchObject({ phone_number: '555', subscribed_to_newsletter: true });
    });

    it('accepts an empty body as no change', async () => {
      const customer = await fullCustomer();
      const before = await show(customer.id);
      expect((await send('PATCH', customer.id, {})).statusCode).toBe(204);
      expect(await show(customer.id)).toEqual(before);
    });

    it('clears optional fields sent as null, and the groups with an empty list', async () => {
      const customer = await fullCustomer();
      const response = await send('PATCH', customer.id, { lastName: null, birthday: null, groups: [] });
      expect(response.statusCode).toBe(204);
      const body = await show(customer.id);
      expect(body).not.toHaveProperty('lastName');
      expect(body).not.toHaveProperty('birthday');
      expect(body).not.toHaveProperty('group');
      expect(body).toMatchObject({ firstName: 'Barry', gender: 'm' });
    });

    it('still validates what it is given: a null email or gender, an invalid value', async () => {
      const customer = await fullCustomer();
      const response = await send('PATCH', customer.id, { email: null, gender: '', birthday: 'yesterday' });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual(
        customerValidationFailed({
          fields: { email: ['Please enter your email.'], birthday: ['This value is not valid.'], gender: ['Please choose your gender.'] },
        }),
      );
    });

    it('renames the user when the email changes', async () => {
      const customer = await fullCustomer();
      expect((await send('PATCH', customer.id, { email: 'Flash@Central-City.com' })).statusCode).toBe(204);
      const body = await show(customer.id);
      expect(body).toMatchObject({
        email: 'Flash@Central-City.com',
        emailCanonical: 'flash@central-city.com',
        user: { id: customer.userId, username: 'Flash@Central-City.com', usernameCanonical: 'flash@central-city.com' },
      });
    });

    it('changes the password alone, keeping roles and enabled', async () => {
      const customer = await fullCustomer();
      expect((await send('PATCH', customer.id, { user: { plainPassword: 'changed!' } })).statusCode).toBe(204);
      const row = await stored(customer.id);
      expect(await argon2.verify(row.password_hash as string, 'changed!')).toBe(true);
      expect(row).toMatchObject({ roles: ['ROLE_USER', 'ROLE_SUPPORT'], enabled: true });
    });

    it('changes enabled and roles without a password', async () => {
      const customer = await fullCustomer();
      expect((await send('PATCH', customer.id, { user: { enabled: false, authorizationRoles: ['ROLE_VIP'] } })).statusCode).toBe(204);
      const row = await stored(customer.id);
      expect(row).toMatchObject({ roles: ['ROLE_USER', 'ROLE_VIP'], enabled: false });
      expect(await argon2.verify(row.password_hash as string, 'old-password')).toBe(true);
    });

    it('requires a password to create an account for a guest', async () => {
      const customer = await fullCustomer(false);
      const missing = await send('PATCH', customer.id, { user: { enabled: true } });
      expect(missing.statusCode).toBe(400);
      expect(json(missing)).toEqual(customerValidationFailed({ user: { fields: { plainPassword: ['Please enter your password.'] } } }));

      expect((await send('PATCH', customer.id, { user: { plainPassword: 'secret' } })).statusCode).toBe(204);
      expect((await show(customer.id)).user).toMatchObject({ username: customer.email, roles: ['ROLE_USER'], enabled: false });
    });

    it('reports extra fields and keeps everything', async () => {
      const customer = await fullCustomer();
      const before = await show(customer.id);
      const response = await send('PATCH', customer.id, { firstName: 'Bart', user: { username: 'x' } });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual(customerValidationFailed({ user: { root: ['This form should not contain extra fields.'] } }));
      expect(await show(customer.id)).toEqual(before);
    });
  });
});
