import type { LightMyRequestResponse } from 'fastify';
import { AUTH, insertCustomer, insertGroup } from '../support/customer-data';
import { CUSTOMER_NOT_FOUND, PAGE_NOT_FOUND } from '../support/customer-expectations';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

interface Seeded {
  id: number;
  userId: number | null;
}

describe('GET /api/v1/customers/ and /api/v1/customers/{id}', () => {
  let t: TestApp;
  let vip: number;
  const c: Record<'oliver' | 'roy' | 'thea' | 'barry' | 'joe', Seeded> = {} as never;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
    vip = await insertGroup(t.em(), 'VIP', 'Very important');
    const day = (n: number) => new Date(Date.UTC(2020, 0, n, 12));
    // Inserted in this order, as in the reference fixtures; createdAt deliberately not in id order.
    c.oliver = await insertCustomer(t.em(), { email: 'Oliver@doe.com', firstName: 'Oliver', lastName: 'Doe', user: {}, createdAt: day(3), groups: [vip] });
    c.roy = await insertCustomer(t.em(), { email: 'Roy@doe.com', firstName: 'Roy', lastName: 'Doe', user: {}, createdAt: day(1), birthday: new Date('1970-06-15T00:00:00Z') });
    c.thea = await insertCustomer(t.em(), { email: 'Thea@doe.com', firstName: 'Thea', lastName: 'Queen', user: { enabled: false }, createdAt: day(5), groups: [vip] });
    c.barry = await insertCustomer(t.em(), { email: 'Barry@doe.com', firstName: 'Barry', lastName: 'Allen', createdAt: day(2) });
    c.joe = await insertCustomer(t.em(), { email: 'Joe@doe.com', firstName: 'Joe', lastName: 'West', createdAt: day(4), gender: 'm' });
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const href = (query: string) => ({ href: `/api/v1/customers/?${query}` });
  const items = (response: LightMyRequestResponse) => (json(response) as { _embedded: { items: Array<{ id: number }> } })._embedded.items.map((i) => i.id);

  const listItem = (name: keyof typeof c) => {
    const { id, userId } = c[name];
    const first = name[0].toUpperCase() + name.slice(1);
    const last = { oliver: 'Doe', roy: 'Doe', thea: 'Queen', barry: 'Allen', joe: 'West' }[name];
    return {
      id,
      email: `${first}@doe.com`,
      firstName: first,
      lastName: last,
      ...(userId !== null && { user: { id: userId, username: `${first}@doe.com`, enabled: name !== 'thea' } }),
      _links: { self: { href: `/api/v1/customers/${id}` } },
    };
  };

  describe('list', () => {
    it('lists everyone, guests included, newest id first, in the list shape and envelope key order', async () => {
      const response = await get('/api/v1/customers/');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      const expected = {
        page: 1,
        limit: 10,
        pages: 1,
        total: 5,
        _links: { self: href('page=1&limit=10'), first: href('page=1&limit=10'), last: href('page=1&limit=10') },
        _embedded: { items: [listItem('joe'), listItem('barry'), listItem('thea'), listItem('roy'), listItem('oliver')] },
      };
      expect(json(response)).toEqual(expected);
      expect(response.body).toBe(JSON.stringify(expected));
    });

    it('answers on the path without the trailing slash too, with canonical links', async () => {
      const response = await get('/api/v1/customers');
      expect(response.statusCode).toBe(200);
      expect((json(response) as { _links: unknown })._links).toEqual({ self: href('page=1&limit=10'), first: href('page=1&limit=10'), last: href('page=1&limit=10') });
    });

    it('pages with limit: next on the first page, next and previous in the middle, previous on the last', async () => {
      const first = await get('/api/v1/customers/?limit=2');
      const expectedFirst = {
        page: 1,
        limit: 2,
        pages: 3,
        total: 5,
        _links: { self: href('page=1&limit=2'), first: href('page=1&limit=2'), last: href('page=3&limit=2'), next: href('page=2&limit=2') },
        _embedded: { items: [listItem('joe'), listItem('barry')] },
      };
      expect(first.body).toBe(JSON.stringify(expectedFirst));

      const middle = await get('/api/v1/customers/?page=2&limit=2');
      expect(json(middle)).toEqual({
        page: 2,
        limit: 2,
        pages: 3,
        total: 5,
        _links: {
          self: href('page=2&limit=2'),
          first: href('page=1&limit=2'),
          last: href('page=3&limit=2'),
          next: href('page=3&limit=2'),
          previous: href('page=1&limit=2'),
        },
        _embedded: { items: [listItem('thea'), listItem('roy')] },
      });

      const last = await get('/api/v1/customers/?limit=2&page=3');
      expect(json(last)).toEqual({
        page: 3,
        limit: 2,
        pages: 3,
        total: 5,
        _links: { self: href('page=3&limit=2'), first: href('page=1&limit=2'), last: href('page=3&limit=2'), previous: href('page=2&limit=2') },
        _embedded: { items: [listItem('oliver')] },
      });
    });

    it('also reads the page size from paginate (limit wins when both are given) and caps it at 100', async () => {
      const paginate = await get('/api/v1/customers/?paginate=2&page=2');
      expect(json(paginate)).toMatchObject({ page: 2, limit: 2, pages: 3, _links: { self: href('page=2&limit=2') } });
      expect(items(paginate)).toEqual([c.thea.id, c.roy.id]);
      expect(json(await get('/api/v1/customers/?paginate=2&limit=4'))).toMatchObject({ limit: 4, pages: 2 });
      expect(json(await get('/api/v1/customers/?limit=1000'))).toMatchObject({ limit: 100, pages: 1, _links: { self: href('page=1&limit=100') } });
    });

    it.each(['limit=0', 'limit=-1', 'limit=abc', 'page=0', 'page=abc', 'page=4&limit=2', 'page=2'])('answers 404 Page Not Found for %s', async (query) => {
      const response = await get(`/api/v1/customers/?${query}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).toBe(JSON.stringify(PAGE_NOT_FOUND));
    });

    it.each([
      ['firstName asc', 'sorting[firstName]=asc', ['barry', 'joe', 'oliver', 'roy', 'thea']],
      ['firstName desc', 'sorting[firstName]=desc', ['thea', 'roy', 'oliver', 'joe', 'barry']],
      ['lastName asc, id as tie-breaker', 'sorting[lastName]=asc', ['barry', 'oliver', 'roy', 'thea', 'joe']],
      ['lastName desc, then firstName', 'sorting[lastName]=desc&sorting[firstName]=asc', ['joe', 'thea', 'oliver', 'roy', 'barry']],
      ['email asc', 'sorting[email]=ASC', ['barry', 'joe', 'oliver', 'roy', 'thea']],
      ['createdAt asc', 'sorting[createdAt]=asc', ['roy', 'barry', 'oliver', 'joe', 'thea']],
      ['id asc', 'sorting[id]=asc', ['oliver', 'roy', 'thea', 'barry', 'joe']],
    ] as const)('sorts by %s', async (_case, query, order) => {
      const response = await get(`/api/v1/customers/?${query}`);
      expect(response.statusCode).toBe(200);
      expect(items(response)).toEqual(order.map((name) => c[name].id));
    });

    it('keeps sorting and criteria in the links, brackets encoded, paging last', async () => {
      const response = await get('/api/v1/customers/?sorting[lastName]=asc&criteria[search]=doe&limit=2&page=2');
      expect(json(response)).toEqual({
        page: 2,
        limit: 2,
        pages: 3,
        total: 5,
        _links: {
          self: href('sorting%5BlastName%5D=asc&criteria%5Bsearch%5D=doe&page=2&limit=2'),
          first: href('sorting%5BlastName%5D=asc&criteria%5Bsearch%5D=doe&page=1&limit=2'),
          last: href('sorting%5BlastName%5D=asc&criteria%5Bsearch%5D=doe&page=3&limit=2'),
          next: href('sorting%5BlastName%5D=asc&criteria%5Bsearch%5D=doe&page=3&limit=2'),
          previous: href('sorting%5BlastName%5D=asc&criteria%5Bsearch%5D=doe&page=1&limit=2'),
        },
        _embedded: { items: [listItem('roy'), listItem('thea')] },
      });
    });

    it.each([
      ['search in the email, case-insensitively', 'criteria[search]=ROY@', ['roy']],
      ['search in first and last names', 'criteria[search]=QUEE', ['thea']],
      ['search matching several', 'criteria[search]=A', ['barry', 'thea']],
      ['search with LIKE wildcards taken literally', 'criteria[search]=%25', []],
      ['an empty search', 'criteria[search]=', ['joe', 'barry', 'thea', 'roy', 'oliver']],
      ['group code', 'criteria[group]=VIP', ['thea', 'oliver']],
      ['group and search together', 'criteria[group]=VIP&criteria[search]=oli', ['oliver']],
      ['an unknown group', 'criteria[group]=NOPE', []],
    ] as const)('filters by %s', async (_case, query, expected) => {
      const response = await get(`/api/v1/customers/?${query}`);
      expect(response.statusCode).toBe(200);
      expect(items(response)).toEqual(expected.map((name) => c[name].id));
      expect(json(response)).toMatchObject({ total: expected.length, pages: 1 });
    });

    it('answers an empty match as page 1 of 1', async () => {
      const response = await get('/api/v1/customers/?criteria[search]=nobody');
      expect(json(response)).toEqual({
        page: 1,
        limit: 10,
        pages: 1,
        total: 0,
        _links: {
          self: href('criteria%5Bsearch%5D=nobody&page=1&limit=10'),
          first: href('criteria%5Bsearch%5D=nobody&page=1&limit=10'),
          last: href('criteria%5Bsearch%5D=nobody&page=1&limit=10'),
        },
        _embedded: { items: [] },
      });
    });

    it.each([
      ['an unknown sort field', 'sorting[password]=asc', 'Unknown sorting field "password". Allowed: id, email, firstName, lastName, createdAt.'],
      ['an unknown direction', 'sorting[email]=up', 'Invalid sorting direction "up" for "email". Allowed: asc, desc.'],
      ['an unknown criterion', 'criteria[gender]=m', 'Unknown filter "gender". Allowed: search, group.'],
    ])('answers 400 for %s', async (_case, query, message) => {
      const response = await get(`/api/v1/customers/?${query}`);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ code: 400, message });
    });
  });

  describe('show', () => {
    it('shows a customer with a user, birthday and no group in contract key order', async () => {
      const response = await get(`/api/v1/customers/${c.roy.id}`);
      expect(response.statusCode).toBe(200);
      const expected = {
        id: c.roy.id,
        email: 'Roy@doe.com',
        emailCanonical: 'roy@doe.com',
        firstName: 'Roy',
        lastName: 'Doe',
        birthday: '1970-06-15T00:00:00+0000',
        gender: 'u',
        user: { id: c.roy.userId, username: 'Roy@doe.com', usernameCanonical: 'roy@doe.com', roles: ['ROLE_USER'], enabled: true },
        _links: { self: { href: `/api/v1/customers/${c.roy.id}` } },
      };
      expect(json(response)).toEqual(expected);
      expect(response.body).toBe(JSON.stringify(expected));
    });

    it('shows groups as {id, code, name}, before the user', async () => {
      const response = await get(`/api/v1/customers/${c.thea.id}`);
      expect(response.body).toBe(
        JSON.stringify({
          id: c.thea.id,
          email: 'Thea@doe.com',
          emailCanonical: 'thea@doe.com',
          firstName: 'Thea',
          lastName: 'Queen',
          gender: 'u',
          group: [{ id: vip, code: 'VIP', name: 'Very important' }],
          user: { id: c.thea.userId, username: 'Thea@doe.com', usernameCanonical: 'thea@doe.com', roles: ['ROLE_USER'], enabled: false },
          _links: { self: { href: `/api/v1/customers/${c.thea.id}` } },
        }),
      );
    });

    it('shows a guest without a user key', async () => {
      const response = await get(`/api/v1/customers/${c.joe.id}`);
      expect(response.body).toBe(
        JSON.stringify({
          id: c.joe.id,
          email: 'Joe@doe.com',
          emailCanonical: 'joe@doe.com',
          firstName: 'Joe',
          lastName: 'West',
          gender: 'm',
          _links: { self: { href: `/api/v1/customers/${c.joe.id}` } },
        }),
      );
    });
  });

  describe('ids that cannot name a customer', () => {
    it.each(['999999', 'abc', '-1', '0', '2147483648', '99999999999999999999', '1.5', '1e3'])('answers 404 for id %s on every method', async (id) => {
      for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
        const response = await t.inject({ method, url: `/api/v1/customers/${id}`, headers: AUTH, payload: method === 'PUT' || method === 'PATCH' ? {} : undefined });
        expect({ method, status: response.statusCode }).toEqual({ method, status: 404 });
        expect(response.body).toBe(JSON.stringify(CUSTOMER_NOT_FOUND));
      }
    });
  });

  describe('authentication', () => {
    it.each([
      ['GET', '/api/v1/customers/'],
      ['POST', '/api/v1/customers/'],
      ['GET', '/api/v1/customers/1'],
      ['PUT', '/api/v1/customers/1'],
      ['PATCH', '/api/v1/customers/1'],
      ['DELETE', '/api/v1/customers/1'],
    ] as const)('answers 401 to %s %s without a token', async (method, url) => {
      const response = await t.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ error: 'access_denied', error_description: 'OAuth2 authentication required' });
    });

    it('answers 405 with Allow for a wrong method on the collection', async () => {
      const response = await t.inject({ method: 'DELETE', url: '/api/v1/customers/', headers: AUTH });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET, POST');
    });
  });
});
