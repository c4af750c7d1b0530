import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { ACCESS_DENIED, notFound, PAGE_NOT_FOUND } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Currencies (/api/v1/currencies): a plain list, create, show and delete; no update. `USD` is the
 * channel's base currency, `EUR` one of its currencies, `GBP` the currency of an order only; `CHF` is
 * nobody's.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD, EUR, GBP, CHF]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, currencies: [USD, EUR], defaultLocale: en_US, taxCalculationStrategy: order_items_based}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB, localeCode: en_US, currencyCode: USD}
`;
const CODES = ['USD', 'EUR', 'GBP', 'CHF'];
const BASE = '/api/v1/currencies/';

const CODE_BLANK = 'Please choose currency code.';
const LENGTH = 'Currency code must be exactly 3 characters long.';
const NOT_VALID = 'This value is not valid.';
const TAKEN = 'Currency code must be unique.';
const IN_USE = { code: 409, message: 'The currency is in use and cannot be deleted.' };
const tree = (errors: string[], rootErrors?: string[]) => validationFailed({ ...(rootErrors && { errors: rootErrors }), children: { code: errors.length > 0 ? { errors } : {} } });

describe('currencies', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
    // The order was placed in a currency its channel no longer sells in.
    await sql(t, `update orders set currency_code = 'GBP'`);
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = JSON_AUTH) =>
    t.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url, undefined, AUTH);
  const idOf = async (code: string): Promise<number> => (await sql<{ id: number }>(t, 'select id from currency where code = ?', [code]))[0]?.id;
  const codes = async () => (await sql<{ code: string }>(t, 'select code from currency order by id')).map((row) => row.code);
  /** A currency has one shape, in its list and on its own. */
  const currency = async (code: string) => ({ id: await idOf(code), code, _links: { self: { href: `${BASE}${code}` } } });

  describe('GET /api/v1/currencies/', () => {
    it('lists every currency in creation order', async () => {
      const items = await Promise.all(CODES.map(currency));
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 4, items));
      expectJson(await get('/api/v1/currencies'), 200, plainPage(BASE, '', 1, 10, 1, 4, items));
    });

    it('pages, carrying criteria and sorting into the links without applying them', async () => {
      const items = await Promise.all(CODES.map(currency));
      expectJson(await get(`${BASE}?criteria[code]=CHF&sorting[code]=asc&limit=3`), 200, plainPage(BASE, 'criteria%5Bcode%5D=CHF&sorting%5Bcode%5D=asc&', 1, 3, 2, 4, items.slice(0, 3)));
    });

    it.each(['page=3', 'limit=0', 'page=-2', 'limit=1.5'])('answers 404 Page Not Found to ?%s', async (query) => {
      expectJson(await get(`${BASE}?${query}`), 404, PAGE_NOT_FOUND);
    });
  });

  describe('GET /api/v1/currencies/{code}', () => {
    it('shows a currency', async () => {
      for (const code of CODES) expectJson(await get(`${BASE}${code}`), 200, await currency(code));
    });

    it.each(['usd', 'JPY', 'x'.repeat(300)])('answers 404 for %s', async (code) => {
      expectJson(await get(`${BASE}${code}`), 404, notFound('currency'));
    });
  });

  describe('POST /api/v1/currencies/', () => {
    it.each(['JPY', 'PLN'])('creates %s: 201, no Location', async (code) => {
      const response = await request('POST', BASE, { code: ` ${code}` });
      const expected = await currency(code);
      expectJson(response, 201, expected);
      expect(response.headers.location).toBeUndefined();
      expectJson(await get(`${BASE}${code}`), 200, expected);
    });

    it.each([
      ['an empty body', undefined, tree([CODE_BLANK])],
      ['a blank code', { code: ' ' }, tree([CODE_BLANK])],
      ['null', { code: null }, tree([CODE_BLANK])],
      ['a number', { code: 978 }, tree([NOT_VALID])],
      ['two letters', { code: 'US' }, tree([LENGTH])],
      ['four letters (longer than the column)', { code: 'USDT' }, tree([LENGTH])],
      ['a long text', { code: 'X'.repeat(1000) }, tree([LENGTH])],
      ['lower case', { code: 'jpy' }, tree([NOT_VALID])],
      ['no ISO 4217 currency', { code: 'XYZ' }, tree([NOT_VALID])],
      ['a code that exists', { code: 'EUR' }, tree([TAKEN])],
      ['unknown keys', { code: 'JPY', exchangeRate: 1 }, tree([], ['This form should not contain extra fields.'])],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      expectJson(await request('POST', BASE, payload), 400, expected);
      expect(await codes()).toEqual(CODES);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'currency-create' };
      const first = await request('POST', BASE, { code: 'SEK' }, headers);
      expect(first.statusCode).toBe(201);
      const again = await request('POST', BASE, { code: 'SEK' }, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      expect(await codes()).toEqual([...CODES, 'SEK']);
    });

    it('creates one currency from concurrent requests for it; the others get the taken-code 400', async () => {
      const responses = await Promise.all(Array.from({ length: 3 }, () => request('POST', BASE, { code: 'NOK' })));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(json(response)).toEqual(tree([TAKEN]));
      expect(await codes()).toEqual([...CODES, 'NOK']);
    });
  });

  describe('DELETE /api/v1/currencies/{code}', () => {
    it('deletes a currency nothing uses', async () => {
      expectNoContent(await request('DELETE', `${BASE}CHF`, undefined, AUTH));
      expectJson(await get(`${BASE}CHF`), 404, notFound('currency'));
      expect(await codes()).toEqual(['USD', 'EUR', 'GBP']);
    });

    it.each([
      ['the base currency of a channel', 'USD'],
      ['a currency a channel sells in', 'EUR'],
      ['the currency of an order', 'GBP'],
    ])('answers 409 for %s, and writes nothing', async (_case, code) => {
      const channelCurrencies = () => sql(t, 'select currency_id from channel_currency order by currency_id');
      const before = await channelCurrencies();
      expectJson(await request('DELETE', `${BASE}${code}`, undefined, AUTH), 409, IN_USE);
      expect([await codes(), await channelCurrencies()]).toEqual([CODES, before]);
    });

    it('answers 409 when a channel starts selling in the currency while the delete waits for it', async () => {
      const id = await idOf('CHF');
      let deletion: ReturnType<typeof request> | undefined;
      await t.em().transactional(async (tx) => {
        await tx.execute(`insert into channel_currency (channel_id, currency_id) select id, ${id} from channel`);
        deletion = request('DELETE', `${BASE}CHF`, undefined, AUTH);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expectJson(await deletion!, 409, IN_USE);
      expect(await codes()).toEqual(CODES);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('DELETE', `${BASE}JPY`, undefined, AUTH), 404, notFound('currency'));
    });
  });

  describe('routing and authentication', () => {
    it.each(['PUT', 'PATCH'] as const)('answers 405 to %s: a currency is never changed', async (method) => {
      const response = await request(method, `${BASE}CHF`, { code: 'JPY' });
      expect(response.headers.allow).toBe('GET, DELETE');
      expectJson(response, 405, { code: 405, message: `No route found for "${method} ${BASE}CHF": Method Not Allowed (Allow: GET, DELETE)` });
      expect(await codes()).toEqual(CODES);
    });

    it.each([
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${BASE}CHF`],
      ['DELETE', `${BASE}CHF`],
    ] as const)('answers 401 to %s %s without a token', async (method, url) => {
      expectJson(await t.inject({ method, url, ...(method === 'POST' && { headers: { 'content-type': 'application/json' }, payload: { code: 'JPY' } }) }), 401, ACCESS_DENIED);
      expect(await codes()).toEqual(CODES);
    });
  });
});
