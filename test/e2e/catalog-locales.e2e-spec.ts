import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { ACCESS_DENIED, notFound, PAGE_NOT_FOUND, stamps } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Locales (/api/v1/locales): a plain list, create, show and delete; no update. `en_US` is the channel's
 * default, `de_DE` one of its locales, `nl_NL` the locale of an order only; `fr_FR` is nobody's.
 */
const SHOP_YAML = `
locales: [en_US, de_DE, nl_NL, fr_FR]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, locales: [en_US, de_DE], taxCalculationStrategy: order_items_based}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB, localeCode: en_US, currencyCode: USD}
`;
const CODES = ['en_US', 'de_DE', 'nl_NL', 'fr_FR'];
const BASE = '/api/v1/locales/';

const CODE_BLANK = 'Please enter locale code.';
const NOT_VALID = 'This value is not valid.';
const TAKEN = 'This locale already exists.';
const IN_USE = { code: 409, message: 'The locale is in use and cannot be deleted.' };
const tree = (errors: string[], rootErrors?: string[]) => validationFailed({ ...(rootErrors && { errors: rootErrors }), children: { code: errors.length > 0 ? { errors } : {} } });

describe('locales', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
    // The order was placed in a locale its channel no longer offers.
    await sql(t, `update orders set locale_code = 'nl_NL'`);
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = JSON_AUTH) =>
    t.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url, undefined, AUTH);
  const idOf = async (code: string): Promise<number> => (await sql<{ id: number }>(t, 'select id from locale where code = ?', [code]))[0]?.id;
  const codes = async () => (await sql<{ code: string }>(t, 'select code from locale order by id')).map((row) => row.code);
  const listItem = async (code: string) => ({ id: await idOf(code), code, _links: { self: { href: `${BASE}${code}` } } });
  const detail = async (code: string) => ({ id: await idOf(code), code, ...(await stamps(t, 'locale', 'code = ?', [code])), _links: { self: { href: `${BASE}${code}` } } });

  describe('GET /api/v1/locales/', () => {
    it('lists every locale in creation order', async () => {
      const items = await Promise.all(CODES.map(listItem));
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 4, items));
      expectJson(await get('/api/v1/locales'), 200, plainPage(BASE, '', 1, 10, 1, 4, items));
    });

    it('pages, carrying criteria and sorting into the links without applying them', async () => {
      const items = await Promise.all(CODES.map(listItem));
      expectJson(await get(`${BASE}?sorting[code]=desc&criteria[code]=fr_FR&limit=3&page=2`), 200, plainPage(BASE, 'sorting%5Bcode%5D=desc&criteria%5Bcode%5D=fr_FR&', 2, 3, 2, 4, items.slice(3)));
    });

    it.each(['page=3', 'limit=0', 'page=0', 'limit=abc'])('answers 404 Page Not Found to ?%s', async (query) => {
      expectJson(await get(`${BASE}?${query}`), 404, PAGE_NOT_FOUND);
    });
  });

  describe('GET /api/v1/locales/{code}', () => {
    it('shows a locale with its times', async () => {
      for (const code of CODES) expectJson(await get(`${BASE}${code}`), 200, await detail(code));
    });

    it.each(['en', 'en_us', 'xx_XX', 'x'.repeat(300)])('answers 404 for %s', async (code) => {
      expectJson(await get(`${BASE}${code}`), 404, notFound('locale'));
    });
  });

  describe('POST /api/v1/locales/', () => {
    it.each(['pt_BR', 'sr_Latn_BA', 'es_419', 'ja'])('creates %s: 201 with every field, no Location', async (code) => {
      const response = await request('POST', BASE, { code: ` ${code} ` });
      const expected = await detail(code);
      expectJson(response, 201, expected);
      expect(response.headers.location).toBeUndefined();
      expectJson(await get(`${BASE}${code}`), 200, expected);
    });

    it.each([
      ['an empty body', undefined, tree([CODE_BLANK])],
      ['a blank code', { code: '  ' }, tree([CODE_BLANK])],
      ['null', { code: null }, tree([CODE_BLANK])],
      ['a number', { code: 12 }, tree([NOT_VALID])],
      ['an unknown language', { code: 'xx_US' }, tree([NOT_VALID])],
      ['an unknown region', { code: 'en_XX' }, tree([NOT_VALID])],
      ['a hyphen', { code: 'en-US' }, tree([NOT_VALID])],
      ['a lower-case region', { code: 'en_us' }, tree([NOT_VALID])],
      ['a code longer than the column', { code: 'en_Latn_US_X' + 'Y'.repeat(2) }, tree(['This value is too long. It should have 12 characters or less.'])],
      ['a code that exists', { code: 'de_DE' }, tree([TAKEN])],
      ['unknown keys', { code: 'it_IT', name: 'Italian' }, tree([], ['This form should not contain extra fields.'])],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      expectJson(await request('POST', BASE, payload), 400, expected);
      expect(await codes()).toEqual(CODES);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'locale-create' };
      const first = await request('POST', BASE, { code: 'it_IT' }, headers);
      expect(first.statusCode).toBe(201);
      const again = await request('POST', BASE, { code: 'it_IT' }, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      expect(await codes()).toEqual([...CODES, 'it_IT']);
    });

    it('creates one locale from concurrent requests for it; the others get the taken-code 400', async () => {
      const responses = await Promise.all(Array.from({ length: 3 }, () => request('POST', BASE, { code: 'pl_PL' })));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(json(response)).toEqual(tree([TAKEN]));
      expect(await codes()).toEqual([...CODES, 'pl_PL']);
    });
  });

  describe('DELETE /api/v1/locales/{code}', () => {
    it('deletes a locale nothing uses', async () => {
      expectNoContent(await request('DELETE', `${BASE}fr_FR`, undefined, AUTH));
      expectJson(await get(`${BASE}fr_FR`), 404, notFound('locale'));
      expect(await codes()).toEqual(['en_US', 'de_DE', 'nl_NL']);
    });

    it.each([
      ['the default locale of a channel', 'en_US'],
      ['a locale a channel offers', 'de_DE'],
      ['the locale of an order', 'nl_NL'],
    ])('answers 409 for %s, and writes nothing', async (_case, code) => {
      const channelLocales = () => sql(t, 'select locale_id from channel_locale order by locale_id');
      const before = await channelLocales();
      expectJson(await request('DELETE', `${BASE}${code}`, undefined, AUTH), 409, IN_USE);
      expect([await codes(), await channelLocales()]).toEqual([CODES, before]);
    });

    it('answers 409 when a channel starts offering the locale while the delete waits for it', async () => {
      const id = await idOf('fr_FR');
      let deletion: ReturnType<typeof request> | undefined;
      await t.em().transactional(async (tx) => {
        await tx.execute(`insert into channel_locale (channel_id, locale_id) select id, ${id} from channel`);
        deletion = request('DELETE', `${BASE}fr_FR`, undefined, AUTH);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expectJson(await deletion!, 409, IN_USE);
      expect(await codes()).toEqual(CODES);
    });

    it.each([
      ['product', '/api/v1/products/', { code: 'MUG', translations: { fr_FR: { name: 'Tasse', slug: 'tasse' } } }, '/api/v1/products/MUG'],
      ['taxon', '/api/v1/taxons/', { code: 'mugs', translations: { fr_FR: { name: 'Tasses', slug: 'tasses' } } }, '/api/v1/taxons/mugs'],
      ['product option', '/api/v1/product-options/', { code: 'SIZE', translations: { fr_FR: { name: 'Taille' } } }, '/api/v1/product-options/SIZE'],
    ])('answers 409 while a %s has a text in the locale, and deletes it once the text is gone', async (_case, collection, body, resource) => {
      expect((await request('POST', collection, body)).statusCode).toBe(201);
      expectJson(await request('DELETE', `${BASE}fr_FR`, undefined, AUTH), 409, IN_USE);
      expect(await codes()).toEqual(CODES);
      expectNoContent(await request('DELETE', resource, undefined, AUTH));
      expectNoContent(await request('DELETE', `${BASE}fr_FR`, undefined, AUTH));
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('DELETE', `${BASE}it_IT`, undefined, AUTH), 404, notFound('locale'));
    });
  });

  describe('routing and authentication', () => {
    it.each(['PUT', 'PATCH'] as const)('answers 405 to %s: a locale is never changed', async (method) => {
      const response = await request(method, `${BASE}fr_FR`, { code: 'fr_CA' });
      expect(response.headers.allow).toBe('GET, DELETE');
      expectJson(response, 405, { code: 405, message: `No route found for "${method} ${BASE}fr_FR": Method Not Allowed (Allow: GET, DELETE)` });
      expect(await codes()).toEqual(CODES);
    });

    it.each([
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${BASE}fr_FR`],
      ['DELETE', `${BASE}fr_FR`],
    ] as const)('answers 401 to %s %s without a token', async (method, url) => {
      expectJson(await t.inject({ method, url, ...(method === 'POST' && { headers: { 'content-type': 'application/json' }, payload: { code: 'it_IT' } }) }), 401, ACCESS_DENIED);
      expect(await codes()).toEqual(CODES);
    });
  });
});
