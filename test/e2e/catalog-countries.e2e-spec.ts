import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { ACCESS_DENIED, notFound, PAGE_NOT_FOUND } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Countries (/api/v1/countries): a plain list, create (with provinces), show and delete; no update. And
 * provinces (/api/v1/countries/{countryCode}/provinces/{code}): show and delete. `US` is an address's
 * country and `US-NY` its province; `NL` is a member of a country zone, `DE-BY` of a province zone (so `DE`
 * is kept too); `PL`, `BE-AN` and `US-CA` are nobody's.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries:
  - NL
  - {code: BE, provinces: [{code: BE-LI, name: Limburg}, {code: BE-AN, name: Antwerp}]}
  - {code: US, provinces: [{code: US-NY, name: New York}, {code: US-CA, name: California}]}
  - {code: DE, provinces: [{code: DE-BY, name: Bavaria}]}
  - PL
zones:
  - {code: BENELUX, name: Benelux, type: country, members: [NL]}
  - {code: BAVARIA, name: Bavaria, type: province, members: [DE-BY]}
customers:
  - email: oliver.queen@star-city.com
    firstName: Oliver
    lastName: Queen
    addresses: [{firstName: Oliver, lastName: Queen, countryCode: US, provinceCode: US-NY, street: Main St 1, city: Star City, postcode: "12345"}]
`;
const CODES = ['NL', 'BE', 'US', 'DE', 'PL'];
const PROVINCES = ['BE-LI', 'BE-AN', 'US-NY', 'US-CA', 'DE-BY'];
const BASE = '/api/v1/countries/';

const NOT_VALID = 'This value is not valid.';
const CODE_BLANK = 'Please enter country ISO code.';
const CODE_INVALID = 'This value is not a valid country.';
const CODE_TAKEN = 'Country ISO code must be unique.';
const P_CODE_BLANK = 'Please enter province code.';
const P_CODE_FORMAT = 'Province code should have the following format XX-XX (e.g. US-FL).';
const P_CODE_TAKEN = 'Province code must be unique.';
const P_NAME_BLANK = 'Please enter province name.';
const P_NAME_SHORT = 'Province name must be at least 2 characters long.';
const P_NAME_LONG = 'Province name must not be longer than 255 characters.';
const P_NAME_TAKEN = 'Province name must be unique.';
const EXTRA = 'This form should not contain extra fields.';
const COUNTRY_IN_USE = { code: 409, message: 'The country is in use and cannot be deleted.' };
const PROVINCE_IN_USE = { code: 409, message: 'The province is in use and cannot be deleted.' };

type Node = Record<string, unknown>;
const field = (errors: string[] = []): Node => (errors.length > 0 ? { errors } : {});
const province = (errors: { code?: string[]; name?: string[]; abbreviation?: string[] } = {}, root?: string[]) => ({
  ...(root && { errors: root }),
  children: { code: field(errors.code), name: field(errors.name), abbreviation: field(errors.abbreviation) },
});
const tree = (c: { code?: string[]; enabled?: string[]; provinces?: Node[]; provincesRoot?: string[] }, root?: string[]) =>
  validationFailed({
    ...(root && { errors: root }),
    children: { provinces: { ...(c.provincesRoot && { errors: c.provincesRoot }), children: c.provinces ?? [] }, enabled: field(c.enabled), code: field(c.code) },
  });

describe('countries and provinces', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
    await sql(t, `update province set abbreviation = 'LI' where code = 'BE-LI'`);
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = JSON_AUTH) =>
    t.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url, undefined, AUTH);
  const idOf = async (table: 'country' | 'province', code: string): Promise<number> => (await sql<{ id: number }>(t, `select id from ${table} where code = ?`, [code]))[0]?.id;
  const codes = async () => (await sql<{ code: string }>(t, 'select code from country order by id')).map((row) => row.code);
  const provinceCodes = async () => (await sql<{ code: string }>(t, 'select code from province order by id')).map((row) => row.code);
  const listItem = async (code: string) => ({ id: await idOf('country', code), code, _links: { self: { href: `${BASE}${code}` } } });
  const provinceBody = async (country: string, code: string, name: string, abbreviation?: string) => ({
    id: await idOf('province', code),
    code,
    name,
    ...(abbreviation !== undefined && { abbreviation }),
    _links: { self: { href: `${BASE}${country}/provinces/${code}` }, country: { href: `${BASE}${country}` } },
  });
  const countryBody = async (code: string, provinces: unknown[], enabled = true) => ({ id: await idOf('country', code), code, provinces, enabled, _links: { self: { href: `${BASE}${code}` } } });
  const unchanged = async () => expect([await codes(), await provinceCodes()]).toEqual([CODES, PROVINCES]);

  describe('GET /api/v1/countries/', () => {
    it('lists every country in creation order', async () => {
      const items = await Promise.all(CODES.map(listItem));
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 5, items));
      expectJson(await get('/api/v1/countries'), 200, plainPage(BASE, '', 1, 10, 1, 5, items));
    });

    it('pages, carrying criteria and sorting into the links without applying them', async () => {
      const items = await Promise.all(CODES.map(listItem));
      expectJson(await get(`${BASE}?sorting[code]=desc&criteria[code]=PL&limit=2&page=3`), 200, plainPage(BASE, 'sorting%5Bcode%5D=desc&criteria%5Bcode%5D=PL&', 3, 2, 3, 5, items.slice(4)));
    });

    it.each(['page=4', 'limit=0', 'page=0', 'limit=abc'])('answers 404 Page Not Found to ?%s', async (query) => {
      expectJson(await get(`${BASE}?${query}`), 404, PAGE_NOT_FOUND);
    });
  });

  describe('GET /api/v1/countries/{code}', () => {
    it('shows a country with its provinces in creation order', async () => {
      expectJson(await get(`${BASE}BE`), 200, await countryBody('BE', [await provinceBody('BE', 'BE-LI', 'Limburg', 'LI'), await provinceBody('BE', 'BE-AN', 'Antwerp')]));
      expectJson(await get(`${BASE}NL`), 200, await countryBody('NL', []));
    });

    it('shows a disabled country as disabled', async () => {
      await sql(t, `update country set enabled = false where code = 'PL'`);
      expectJson(await get(`${BASE}PL`), 200, await countryBody('PL', [], false));
    });

    it.each(['nl', 'XX', 'NLD', 'x'.repeat(300)])('answers 404 for %s', async (code) => {
      expectJson(await get(`${BASE}${code}`), 404, notFound('country'));
    });
  });

  describe('POST /api/v1/countries/', () => {
    it('creates a country without provinces, disabled when `enabled` is left out: 201, no Location', async () => {
      const response = await request('POST', BASE, { code: ' FR ' });
      const expected = await countryBody('FR', [], false);
      expectJson(response, 201, expected);
      expect(response.headers.location).toBeUndefined();
      expectJson(await get(`${BASE}FR`), 200, expected);
    });

    it('creates an enabled country with its provinces, in the order sent', async () => {
      const response = await request('POST', BASE, {
        code: 'IT',
        enabled: 'true',
        provinces: { 1: { code: 'IT-RM', name: 'Rome' }, 0: { code: 'IT-MI', name: ' Milan ', abbreviation: 'MI' } },
      });
      const expected = await countryBody('IT', [await provinceBody('IT', 'IT-MI', 'Milan', 'MI'), await provinceBody('IT', 'IT-RM', 'Rome')]);
      expectJson(response, 201, expected);
      expectJson(await get(`${BASE}IT`), 200, expected);
      expectJson(await get(`${BASE}IT/provinces/IT-MI`), 200, await provinceBody('IT', 'IT-MI', 'Milan', 'MI'));
    });

    it.each([
      ['an empty body', undefined, tree({ code: [CODE_BLANK] })],
      ['a blank code', { code: ' ' }, tree({ code: [CODE_BLANK] })],
      ['null', { code: null }, tree({ code: [CODE_BLANK] })],
      ['a number', { code: 12 }, tree({ code: [NOT_VALID] })],
      ['a lower-case code', { code: 'fr' }, tree({ code: [CODE_INVALID] })],
      ['an unknown code', { code: 'XX' }, tree({ code: [CODE_INVALID] })],
      ['a three-letter code', { code: 'FRA' }, tree({ code: ['This value is too long. It should have 2 characters or less.'] })],
      ['a region that is no country', { code: 'EU' }, tree({ code: [CODE_INVALID] })],
      ['a code that exists', { code: 'PL' }, tree({ code: [CODE_TAKEN] })],
      ['a non-boolean enabled', { code: 'FR', enabled: 'maybe' }, tree({ enabled: [NOT_VALID] })],
      ['unknown keys', { code: 'FR', name: 'France' }, tree({}, [EXTRA])],
      ['provinces that are no list', { code: 'FR', provinces: 'FR-75' }, tree({ provincesRoot: [NOT_VALID] })],
      ['a province that is no object', { code: 'FR', provinces: ['FR-75'] }, tree({ provinces: [province({}, [NOT_VALID])] })],
      ['an empty province', { code: 'FR', provinces: [{}] }, tree({ provinces: [province({ code: [P_CODE_BLANK], name: [P_NAME_BLANK] })] })],
      [
        'badly formed province codes and names',
        { code: 'FR', provinces: [{ code: 'fr-75', name: 'P' }, { code: 'FR75', name: 'x'.repeat(256) }, { code: 'FR-75', name: 'Paris', capital: true }] },
        tree({ provinces: [province({ code: [P_CODE_FORMAT], name: [P_NAME_SHORT] }), province({ code: [P_CODE_FORMAT], name: [P_NAME_LONG] }), province({}, [EXTRA])] }),
      ],
      [
        'province codes taken here or elsewhere, and a repeated name',
        { code: 'FR', provinces: [{ code: 'FR-75', name: 'Paris' }, { code: 'FR-75', name: 'Paris' }, { code: 'US-NY', name: 'New York' }] },
        tree({ provinces: [province(), province({ code: [P_CODE_TAKEN], name: [P_NAME_TAKEN] }), province({ code: [P_CODE_TAKEN] })] }),
      ],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      expectJson(await request('POST', BASE, payload), 400, expected);
      await unchanged();
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'country-create' };
      const first = await request('POST', BASE, { code: 'ES', provinces: [{ code: 'ES-M', name: 'Madrid' }] }, headers);
      expect(first.statusCode).toBe(201);
      const again = await request('POST', BASE, { code: 'ES', provinces: [{ code: 'ES-M', name: 'Madrid' }] }, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      expect([await codes(), await provinceCodes()]).toEqual([[...CODES, 'ES'], [...PROVINCES, 'ES-M']]);
    });

    it('creates one country from concurrent requests for it; the others get the taken-code 400', async () => {
      const responses = await Promise.all(Array.from({ length: 3 }, () => request('POST', BASE, { code: 'AT' })));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(json(response)).toEqual(tree({ code: [CODE_TAKEN] }));
      expect(await codes()).toEqual([...CODES, 'AT']);
    });
  });

  describe('DELETE /api/v1/countries/{code}', () => {
    it('deletes a country nothing uses, with its provinces', async () => {
      await sql(t, `delete from address`);
      expectNoContent(await request('DELETE', `${BASE}US`, undefined, AUTH));
      expectJson(await get(`${BASE}US`), 404, notFound('country'));
      expectJson(await get(`${BASE}US/provinces/US-CA`), 404, notFound('province'));
      expect([await codes(), await provinceCodes()]).toEqual([['NL', 'BE', 'DE', 'PL'], ['BE-LI', 'BE-AN', 'DE-BY']]);
    });

    it.each([
      ['the country of an address', 'US'],
      ['a member of a country zone', 'NL'],
      ['a country whose province is a member of a province zone', 'DE'],
    ])('answers 409 for %s, and writes nothing', async (_case, code) => {
      expectJson(await request('DELETE', `${BASE}${code}`, undefined, AUTH), 409, COUNTRY_IN_USE);
      await unchanged();
    });

    it('answers 409 for a country whose province an address names', async () => {
      await sql(t, `update address set country_code = 'PL', province_code = 'BE-AN'`);
      expectJson(await request('DELETE', `${BASE}BE`, undefined, AUTH), 409, COUNTRY_IN_USE);
      await unchanged();
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('DELETE', `${BASE}FR`, undefined, AUTH), 404, notFound('country'));
    });
  });

  describe('GET /api/v1/countries/{countryCode}/provinces/{code}', () => {
    it('shows a province with links to itself and its country', async () => {
      expectJson(await get(`${BASE}BE/provinces/BE-LI`), 200, await provinceBody('BE', 'BE-LI', 'Limburg', 'LI'));
      expectJson(await get(`${BASE}US/provinces/US-CA`), 200, await provinceBody('US', 'US-CA', 'California'));
    });

    it.each([
      ['an unknown province', 'BE/provinces/BE-XX'],
      ['another country\'s province', 'NL/provinces/BE-LI'],
      ['an unknown country', 'FR/provinces/BE-LI'],
    ])('answers 404 for %s', async (_case, path) => {
      expectJson(await get(`${BASE}${path}`), 404, notFound('province'));
    });
  });

  describe('DELETE /api/v1/countries/{countryCode}/provinces/{code}', () => {
    it('deletes a province nothing uses, keeping its country', async () => {
      expectNoContent(await request('DELETE', `${BASE}BE/provinces/BE-AN`, undefined, AUTH));
      expectJson(await get(`${BASE}BE/provinces/BE-AN`), 404, notFound('province'));
      expectJson(await get(`${BASE}BE`), 200, await countryBody('BE', [await provinceBody('BE', 'BE-LI', 'Limburg', 'LI')]));
    });

    it.each([
      ['the province of an address', 'US/provinces/US-NY'],
      ['a member of a province zone', 'DE/provinces/DE-BY'],
    ])('answers 409 for %s, and writes nothing', async (_case, path) => {
      expectJson(await request('DELETE', `${BASE}${path}`, undefined, AUTH), 409, PROVINCE_IN_USE);
      await unchanged();
    });

    it.each(['BE/provinces/BE-XX', 'NL/provinces/BE-AN'])('answers 404 for %s', async (path) => {
      expectJson(await request('DELETE', `${BASE}${path}`, undefined, AUTH), 404, notFound('province'));
      await unchanged();
    });
  });

  describe('routing and authentication', () => {
    it.each(['PUT', 'PATCH'] as const)('answers 405 to %s: a country is never changed', async (method) => {
      const response = await request(method, `${BASE}PL`, { enabled: false });
      expect(response.headers.allow).toBe('GET, DELETE');
      expectJson(response, 405, { code: 405, message: `No route found for "${method} ${BASE}PL": Method Not Allowed (Allow: GET, DELETE)` });
      await unchanged();
    });

    it.each(['POST', 'PUT', 'PATCH'] as const)('answers 405 to %s on a province', async (method) => {
      const response = await request(method, `${BASE}BE/provinces/BE-AN`, { name: 'Antwerpen' });
      expectJson(response, 405, { code: 405, message: `No route found for "${method} ${BASE}BE/provinces/BE-AN": Method Not Allowed (Allow: GET, DELETE)` });
      await unchanged();
    });

    it('has no province list', async () => {
      expectJson(await get(`${BASE}BE/provinces/`), 404, { code: 404, message: `No route found for "GET ${BASE}BE/provinces/"` });
    });

    it.each([
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${BASE}PL`],
      ['DELETE', `${BASE}PL`],
      ['GET', `${BASE}BE/provinces/BE-AN`],
      ['DELETE', `${BASE}BE/provinces/BE-AN`],
    ] as const)('answers 401 to %s %s without a token', async (method, url) => {
      expectJson(await t.inject({ method, url, ...(method === 'POST' && { headers: { 'content-type': 'application/json' }, payload: { code: 'FR' } }) }), 401, ACCESS_DENIED);
      await unchanged();
    });
  });
});
