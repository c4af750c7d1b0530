import type { LightMyRequestResponse } from 'fastify';
import { expectNoContent, sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

/** Two products (the mug translated into de_DE only as well), Oliver as a registered customer. */
const SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, hostname: localhost, baseCurrency: USD, defaultLocale: en_US}
products:
  - code: MUG
    translations: {en_US: {name: Mug}, de_DE: {name: Becher}}
  - code: BECHER
    translations: {de_DE: {name: Becher}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
`;

const NOT_FOUND_REVIEW = { code: 404, message: 'The "product review" has not been found' };
const NOT_FOUND_PRODUCT = { code: 404, message: 'The "product" has not been found' };
/** The whole answer: its status and its whole JSON body (matchers allowed). */
function expectJson(response: LightMyRequestResponse, status: number, expected: unknown): void {
  expect({ status: response.statusCode, body: JSON.parse(response.body) as unknown }).toEqual({ status, body: expected });
}

const DATE = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/);

describe('catalog: product reviews', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
  });

  const url = (product: string, id?: number | string, action?: string) => `/api/v1/products/${product}/reviews/${id ?? ''}${action ? `/${action}` : ''}`;
  const post = (product: string, payload: object) => t.inject({ method: 'POST', url: url(product), headers: JSON_AUTH, payload });
  const send = (method: 'PUT' | 'PATCH' | 'POST', path: string, payload: object = {}) => t.inject({ method, url: path, headers: JSON_AUTH, payload });
  const get = (path: string) => t.inject({ method: 'GET', url: path, headers: AUTH });
  const remove = (product: string, id: number) => t.inject({ method: 'DELETE', url: url(product, id), headers: AUTH });
  const product = async (code: string) => JSON.parse((await get(`/api/v1/products/${code}`)).body) as Record<string, unknown>;
  const customerId = async (email: string) => (await sql<{ id: number }>(t, 'select id from customer where email_canonical = ?', [email]))[0]?.id;

  const review = { rating: 4, title: 'Keeps coffee hot', comment: 'Still warm after an hour.' };

  const oliver = (id: number) => ({
    id,
    email: 'oliver.queen@star-city.com',
    emailCanonical: 'oliver.queen@star-city.com',
    firstName: 'Oliver',
    lastName: 'Queen',
    gender: 'u',
    _links: { self: { href: `/api/v1/customers/${id}` } },
  });

  async function created(payload: object, productCode = 'MUG'): Promise<number> {
    const response = await post(productCode, payload);
    expect(response.statusCode).toBe(201);
    return (JSON.parse(response.body) as { id: number }).id;
  }

  describe('create', () => {
    it('makes an existing customer (found by canonical email) the author', async () => {
      const id = await customerId('oliver.queen@star-city.com');
      const response = await post('MUG', { ...review, rating: '4', author: { email: 'Oliver.Queen@Star-City.com' } });
      expectJson(response, 201, {
        id: expect.any(Number),
        ...review,
        author: oliver(id),
        status: 'new',
        reviewSubject: { ...(await product('MUG')), averageRating: 0 },
        createdAt: DATE,
        updatedAt: DATE,
      });
      expect(await sql(t, 'select count(*)::int as n from customer')).toEqual([{ n: 1 }]);
      const reviewId = (JSON.parse(response.body) as { id: number }).id;
      expectJson(await get(url('MUG', reviewId)), 200, JSON.parse(response.body));
    });

    it('creates a guest customer for an unknown email', async () => {
      const response = await post('MUG', { ...review, rating: 5, author: { email: 'Ann.Reader@example.com' } });
      const id = await customerId('ann.reader@example.com');
      expect(id).toEqual(expect.any(Number));
      expectJson(response, 201, {
        id: expect.any(Number),
        ...review,
        rating: 5,
        author: { id, email: 'Ann.Reader@example.com', emailCanonical: 'ann.reader@example.com', gender: 'u', _links: { self: { href: `/api/v1/customers/${id}` } } },
        status: 'new',
        reviewSubject: await product('MUG'),
        createdAt: DATE,
        updatedAt: DATE,
      });
    });

    it('makes concurrent reviews by one new email share one guest customer', async () => {
      const responses = await Promise.all([1, 2, 3, 4].map(() => post('MUG', { ...review, author: { email: 'race@example.com' } })));
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
      expect(await sql(t, `select count(*)::int as n from customer where email_canonical = 'race@example.com'`)).toEqual([{ n: 1 }]);
    });

    it('answers an empty body with the whole form tree', async () => {
      expectJson(await post('MUG', {}), 400, {
        code: 400,
        message: 'Validation Failed',
        errors: {
          children: {
            rating: { errors: ['You must check review rating.'] },
            title: { errors: ['Review title should not be blank.'] },
            comment: { errors: ['Review comment should not be blank.'] },
            author: { children: { email: { errors: ['Please enter your email.'] } } },
          },
        },
      });
    });

    it('refuses bad values field by field', async () => {
      expectJson(await post('MUG', { rating: 6, title: 'A', comment: 'x'.repeat(5001), author: { email: 'nope' }, extra: 1 }), 400, {
        code: 400,
        message: 'Validation Failed',
        errors: {
          errors: ['This form should not contain extra fields.'],
          children: {
            rating: { errors: ['This value is not valid.'] },
            title: { errors: ['Review title must have at least 2 characters.'] },
            comment: { errors: ['Review comment must have at most 5000 characters.'] },
            author: { children: { email: { errors: ['This email is invalid.'] } } },
          },
        },
      });
      expectJson(await post('MUG', { ...review, rating: 'four', title: 'x'.repeat(256), author: { email: 'a@example.com' } }), 400, {
        code: 400,
        message: 'Validation Failed',
        errors: {
          children: {
            rating: { errors: ['This value is not valid.'] },
            title: { errors: ['Review title must have at most 255 characters.'] },
            comment: {},
            author: { children: { email: {} } },
          },
        },
      });
      expect(await sql(t, 'select count(*)::int as n from product_review')).toEqual([{ n: 0 }]);
    });

    it('answers 404 for an unknown product, before the form', async () => {
      expectJson(await post('NOPE', {}), 404, NOT_FOUND_PRODUCT);
    });
  });

  describe('list', () => {
    async function three(): Promise<number[]> {
      const ids = [];
      for (const [rating, title] of [[3, 'Alpha mug'], [5, 'Beta cup'], [1, 'Gamma mug']] as const) {
        ids.push(await created({ rating, title, comment: 'Fine.', author: { email: 'oliver.queen@star-city.com' } }));
      }
      // Written a day apart, the first one earliest.
      for (const [index, id] of ids.entries()) await sql(t, `update product_review set created_at = '2026-11-0${index + 1}T10:00:00Z' where id = ?`, [id]);
      return ids;
    }
    const idsOf = (body: string) => (JSON.parse(body) as { _embedded: { items: Array<{ id: number }> } })._embedded.items.map((item) => item.id);

    it('lists newest first, in the whole item shape', async () => {
      const [a, b, c] = await three();
      const response = await get(url('MUG'));
      const subject = await product('MUG');
      const oliverId = await customerId('oliver.queen@star-city.com');
      const item = (id: number, rating: number, title: string, createdAt: string) => ({
        id,
        title,
        rating,
        comment: 'Fine.',
        author: oliver(oliverId),
        status: 'new',
        reviewSubject: subject,
        createdAt,
        updatedAt: DATE,
      });
      const self = '/api/v1/products/MUG/reviews/?page=1&limit=10';
      expectJson(response, 200, {
        page: 1,
        limit: 10,
        pages: 1,
        total: 3,
        _links: { self: { href: self }, first: { href: self }, last: { href: self } },
        _embedded: {
          items: [
            item(c, 1, 'Gamma mug', '2026-11-03T10:00:00+0000'),
            item(b, 5, 'Beta cup', '2026-11-02T10:00:00+0000'),
            item(a, 3, 'Alpha mug', '2026-11-01T10:00:00+0000'),
          ],
        },
      });
    });

    it('sorts by date, title and rating, filters by title and pages', async () => {
      const [a, b, c] = await three();
      expect(idsOf((await get(`${url('MUG')}?sorting[date]=asc`)).body)).toEqual([a, b, c]);
      expect(idsOf((await get(`${url('MUG')}?sorting[title]=desc`)).body)).toEqual([c, b, a]);
      expect(idsOf((await get(`${url('MUG')}?sorting[rating]=desc`)).body)).toEqual([b, a, c]);
      expect(idsOf((await get(`${url('MUG')}?criteria[title]=MUG`)).body)).toEqual([c, a]);
      expect(idsOf((await get(`${url('MUG')}?criteria[title][type]=starts_with&criteria[title][value]=beta`)).body)).toEqual([b]);
      const page2 = await get(`${url('MUG')}?sorting[rating]=asc&limit=2&page=2`);
      expect(JSON.parse(page2.body)).toMatchObject({
        page: 2,
        limit: 2,
        pages: 2,
        total: 3,
        _links: {
          self: { href: '/api/v1/products/MUG/reviews/?sorting%5Brating%5D=asc&page=2&limit=2' },
          previous: { href: '/api/v1/products/MUG/reviews/?sorting%5Brating%5D=asc&page=1&limit=2' },
        },
      });
      expect(idsOf(page2.body)).toEqual([b]);
      expectJson(await get(`${url('MUG')}?sorting[comment]=asc`), 400, { code: 400, message: 'Unknown sorting field "comment". Allowed: date, title, rating.' });
    });

    it('lists the reviews of a product without an en_US translation, and 404 for an unknown product', async () => {
      const id = await created({ ...review, author: { email: 'oliver.queen@star-city.com' } }, 'BECHER');
      expect(idsOf((await get(url('BECHER'))).body)).toEqual([id]);
      expect(JSON.parse((await get(url('MUG'))).body)).toMatchObject({ total: 0, _embedded: { items: [] } });
      expectJson(await get(url('NOPE')), 404, NOT_FOUND_PRODUCT);
    });
  });

  describe('show, change, moderate and delete', () => {
    let id: number;
    beforeEach(async () => {
      id = await created({ ...review, author: { email: 'oliver.queen@star-city.com' } });
    });
    const shown = async () => JSON.parse((await get(url('MUG', id))).body) as Record<string, unknown>;

    it('finds a review only under its own product', async () => {
      expectJson(await get(url('BECHER', id)), 404, NOT_FOUND_REVIEW);
      expectJson(await get(url('NOPE', id)), 404, NOT_FOUND_REVIEW);
      expectJson(await get(url('MUG', id + 1000)), 404, NOT_FOUND_REVIEW);
      expectJson(await get(url('MUG', 'abc')), 404, NOT_FOUND_REVIEW);
      expectJson(await send('PATCH', url('BECHER', id), { rating: 1 }), 404, NOT_FOUND_REVIEW);
      expectJson(await send('POST', url('BECHER', id, 'accept')), 404, NOT_FOUND_REVIEW);
      expectJson(await t.inject({ method: 'DELETE', url: url('BECHER', id), headers: AUTH }), 404, NOT_FOUND_REVIEW);
    });

    it('PUT needs every field and ignores the author; PATCH changes what it is given', async () => {
      const before = await shown();
      expectJson(await send('PUT', url('MUG', id), { title: 'Hot', author: { email: 'someone@example.com' } }), 400, {
        code: 400,
        message: 'Validation Failed',
        errors: {
          children: {
            rating: { errors: ['You must check review rating.'] },
            title: {},
            comment: { errors: ['Review comment should not be blank.'] },
            author: { children: { email: {} } },
          },
        },
      });
      expectNoContent(await send('PUT', url('MUG', id), { rating: 2, title: 'Lukewarm', comment: 'Cold after an hour.', author: { email: 'someone@example.com' } }));
      expect(await shown()).toEqual({ ...before, rating: 2, title: 'Lukewarm', comment: 'Cold after an hour.', updatedAt: DATE });
      expectNoContent(await send('PATCH', url('MUG', id), { rating: '5' }));
      expect(await shown()).toEqual({ ...before, rating: 5, title: 'Lukewarm', comment: 'Cold after an hour.', updatedAt: DATE });
      expectJson(await send('PATCH', url('MUG', id), { title: null }), 400, {
        code: 400,
        message: 'Validation Failed',
        errors: { children: { rating: {}, title: { errors: ['Review title should not be blank.'] }, comment: {}, author: { children: { email: {} } } } },
      });
      expect(await customerId('someone@example.com')).toBeUndefined();
    });

    it('accepting moves the average rating; a second accept or a reject is a 400; changes and delete move it again', async () => {
      const other = await created({ ...review, rating: 1, author: { email: 'ann@example.com' } });
      const accepted = await send('POST', url('MUG', id, 'accept'));
      const subject = await product('MUG');
      expect(subject.averageRating).toBe(4);
      expectJson(accepted, 200, { ...(await shown()), status: 'accepted', reviewSubject: subject });
      expect((await shown()).status).toBe('accepted');

      expectJson(await send('PUT', url('MUG', id, 'accept')), 400, { code: 400, message: 'The review is accepted and cannot be accepted.' });
      expectJson(await send('PATCH', url('MUG', id, 'reject')), 400, { code: 400, message: 'The review is accepted and cannot be rejected.' });

      expectJson(await send('PATCH', url('MUG', other, 'accept')), 200, expect.objectContaining({ id: other, status: 'accepted' }));
      expect((await product('MUG')).averageRating).toBe(2.5);
      expect(JSON.parse((await get('/api/v1/products/')).body)).toMatchObject({ _embedded: { items: [{ code: 'MUG', averageRating: 2.5 }] } });

      expectNoContent(await send('PATCH', url('MUG', other), { rating: 2 }));
      expect((await product('MUG')).averageRating).toBe(3);

      expectNoContent(await remove('MUG', id));
      expectJson(await get(url('MUG', id)), 404, NOT_FOUND_REVIEW);
      expect((await product('MUG')).averageRating).toBe(2);

      expectNoContent(await remove('MUG', other));
      expect((await product('MUG')).averageRating).toBe(0);
    });

    it('rejecting leaves the average alone and cannot be undone', async () => {
      const rejected = await send('PUT', url('MUG', id, 'reject'));
      expectJson(rejected, 200, { ...(await shown()), status: 'rejected' });
      expect((await product('MUG')).averageRating).toBe(0);
      expectJson(await send('POST', url('MUG', id, 'accept')), 400, { code: 400, message: 'The review is rejected and cannot be accepted.' });
      expectJson(await send('POST', url('MUG', id, 'reject')), 400, { code: 400, message: 'The review is rejected and cannot be rejected.' });
    });

    it("deleting the author deletes their reviews and recomputes the product's average", async () => {
      const ann = await created({ ...review, rating: 2, author: { email: 'ann@example.com' } });
      expect((await send('POST', url('MUG', id, 'accept'))).statusCode).toBe(200);
      expect((await send('POST', url('MUG', ann, 'accept'))).statusCode).toBe(200);
      expect((await product('MUG')).averageRating).toBe(3);
      const oliverId = await customerId('oliver.queen@star-city.com');
      expectNoContent(await t.inject({ method: 'DELETE', url: `/api/v1/customers/${oliverId}`, headers: AUTH }));
      expectJson(await get(url('MUG', id)), 404, NOT_FOUND_REVIEW);
      expect((await product('MUG')).averageRating).toBe(2);
    });

    it('deleting the product deletes its reviews', async () => {
      expectNoContent(await t.inject({ method: 'DELETE', url: '/api/v1/products/MUG', headers: AUTH }));
      expect(await sql(t, 'select count(*)::int as n from product_review')).toEqual([{ n: 0 }]);
    });
  });

  describe('events', () => {
    const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
    /** The events after `after`: each one's type and the raw text of its `data`. */
    async function eventsAfter(after: number): Promise<Array<{ type: string; data: string }>> {
      const page = await get(`/api/v1/events/?after=${after}&limit=500`);
      expect(page.statusCode).toBe(200);
      const items = (JSON.parse(page.body) as { _embedded: { items: Array<{ sequence: number; type: string }> } })._embedded.items;
      return Promise.all(
        items.map(async ({ sequence, type }) => {
          const one = await get(`/api/v1/events/${sequence}`);
          const marker = ',"data":';
          return { type, data: one.body.slice(one.body.indexOf(marker) + marker.length, -1) };
        }),
      );
    }
    /** What the events after `after` say: each one's type and its data, which must be the GET's text. */
    async function eventsSince(after: number): Promise<Array<[string, string]>> {
      return (await eventsAfter(after)).map(({ type, data }) => [type, data]);
    }
    const productText = async (code: string) => (await get(`/api/v1/products/${code}`)).body;
    const rating = async () => (await product('MUG')).averageRating;
    const stamp = '2026-01-01T00:00:00+0000';

    it('a review by a new email records customer.created with the customer as GET shows it; one by a known customer none', async () => {
      let start = await lastSequence();
      await created({ ...review, author: { email: 'oliver.queen@star-city.com' } });
      expect(await eventsSince(start)).toEqual([]);

      start = await lastSequence();
      await created({ ...review, author: { email: 'Ann.Reader@example.com' } });
      const annId = await customerId('ann.reader@example.com');
      const customer = await get(`/api/v1/customers/${annId}`);
      expect(customer.statusCode).toBe(200);
      expect(await eventsSince(start)).toEqual([['customer.created', customer.body]]);

      start = await lastSequence();
      await created({ ...review, author: { email: 'ann.reader@EXAMPLE.com' } });
      expect(await eventsSince(start)).toEqual([]);
    });

    it("a write that moves the product's average records product.updated with the product as GET shows it; one that moves nothing, none", async () => {
      const oliverReview = await created({ ...review, rating: 5, author: { email: 'oliver.queen@star-city.com' } });
      const ann = await created({ ...review, rating: 2, author: { email: 'ann@example.com' } });
      const third = await created({ ...review, rating: 1, author: { email: 'oliver.queen@star-city.com' } });
      await sql(t, `update product set updated_at = '2026-01-01T00:00:00Z' where code = 'MUG'`);

      // Changes of reviews that are not accepted move no average.
      let start = await lastSequence();
      expectNoContent(await send('PATCH', url('MUG', ann), { rating: 3 }));
      expectNoContent(await send('PATCH', url('MUG', ann), { rating: 2 }));
      expect((await send('POST', url('MUG', third, 'reject'))).statusCode).toBe(200);
      expectNoContent(await remove('MUG', third));
      expect(await eventsSince(start)).toEqual([]);
      expect(await product('MUG')).toMatchObject({ averageRating: 0, updatedAt: stamp });

      start = await lastSequence();
      expect((await send('POST', url('MUG', oliverReview, 'accept'))).statusCode).toBe(200);
      expect(await rating()).toBe(5);
      expect((await product('MUG')).updatedAt).not.toBe(stamp);
      expect(await eventsSince(start)).toEqual([['product.updated', await productText('MUG')]]);

      // An accepted review's change that leaves the average where it was, and a refused accept: none.
      start = await lastSequence();
      expectNoContent(await send('PATCH', url('MUG', oliverReview), { title: 'Hot for hours' }));
      expectNoContent(await send('PUT', url('MUG', oliverReview), { rating: 5, title: 'Hot', comment: 'Still warm.' }));
      expect((await send('POST', url('MUG', oliverReview, 'accept'))).statusCode).toBe(400);
      expect(await eventsSince(start)).toEqual([]);

      start = await lastSequence();
      expect((await send('POST', url('MUG', ann, 'accept'))).statusCode).toBe(200);
      expect(await rating()).toBe(3.5);
      const afterAccept = await productText('MUG');
      expectNoContent(await send('PATCH', url('MUG', ann), { rating: 4 }));
      expect(await rating()).toBe(4.5);
      const afterChange = await productText('MUG');
      expectNoContent(await remove('MUG', ann));
      expect(await rating()).toBe(5);
      expect(await eventsSince(start)).toEqual([
        ['product.updated', afterAccept],
        ['product.updated', afterChange],
        ['product.updated', await productText('MUG')],
      ]);
    });

    it("deleting an author whose accepted reviews counted records product.updated before customer.deleted", async () => {
      const oliverId = await customerId('oliver.queen@star-city.com');
      const accepted = await created({ ...review, author: { email: 'oliver.queen@star-city.com' } });
      await created({ ...review, author: { email: 'oliver.queen@star-city.com' } }, 'BECHER');
      expect((await send('POST', url('MUG', accepted, 'accept'))).statusCode).toBe(200);
      expect(await rating()).toBe(4);

      const start = await lastSequence();
      expectNoContent(await t.inject({ method: 'DELETE', url: `/api/v1/customers/${oliverId}`, headers: AUTH }));
      expect(await rating()).toBe(0);
      expect(await eventsSince(start)).toEqual([
        ['product.updated', await productText('MUG')],
        ['customer.deleted', `{"id":${oliverId}}`],
      ]);
    });
  });
});
