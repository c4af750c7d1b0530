import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { notFound, PAGE_NOT_FOUND } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Exchange rates (/api/v1/exchange-rates): a plain list, create, show, PUT, PATCH and delete, each rate
 * found by its pair in either direction. The shop has USD→EUR 0.85157 and GBP→USD 1.27; CHF and JPY have
 * no rate.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD, EUR, GBP, CHF, JPY]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
`;
const BASE = '/api/v1/exchange-rates/';

const NOT_VALID = 'This value is not valid.';
const EXTRA = 'This form should not contain extra fields.';
const RATIO_BLANK = 'Please enter exchange rate ratio.';
const NOT_POSITIVE = 'The ratio must be greater than 0.';
const NOT_A_NUMBER = 'The ratio must be a number.';
const SAME = 'The source and target currencies must differ.';
const TAKEN = 'The currency pair must be unique.';
const CURRENCY_IN_USE = { code: 409, message: 'The currency is in use and cannot be deleted.' };

type Node = Record<string, unknown>;
const field = (errors: string[] = []): Node => (errors.length > 0 ? { errors } : {});
const tree = (c: { ratio?: string[]; sourceCurrency?: string[]; targetCurrency?: string[] }, root?: string[]) =>
  validationFailed({
    ...(root && { errors: root }),
    children: { ratio: field(c.ratio), sourceCurrency: field(c.sourceCurrency), targetCurrency: field(c.targetCurrency) },
  });

describe('exchange rates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
    await sql(
      t,
      `insert into exchange_rate (source_currency_id, target_currency_id, ratio, created_at, updated_at)
       select s.id, g.id, r.ratio, now(), now()
         from (values ('USD', 'EUR', 0.85157::float8, 1), ('GBP', 'USD', 1.27::float8, 2)) as r(source, target, ratio, position)
         join currency s on s.code = r.source join currency g on g.code = r.target
        order by r.position`,
    );
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = JSON_AUTH) =>
    t.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url, undefined, AUTH);
  const currencyId = async (code: string): Promise<number> => (await sql<{ id: number }>(t, 'select id from currency where code = ?', [code]))[0].id;
  const currency = async (code: string) => ({ id: await currencyId(code), code, _links: { self: { href: `/api/v1/currencies/${code}` } } });
  const stored = async () =>
    sql(t, `select s.code as source, g.code as target, r.ratio from exchange_rate r join currency s on s.id = r.source_currency_id join currency g on g.id = r.target_currency_id order by r.id`);
  const snapshot = async () => ({ rates: await stored(), stamps: await sql(t, `select id, updated_at from exchange_rate order by id`) });
  const expectUnchanged = async (before: Awaited<ReturnType<typeof snapshot>>) => expect(await snapshot()).toEqual(before);
  /** The body of a rate: written out, only ids and the time looked up. */
  const rate = async (source: string, target: string, ratio: number) => {
    const [row] = await sql<{ id: number; updated_at: string }>(
      t,
      `select r.id, to_char(r.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"+0000"') as updated_at
         from exchange_rate r join currency s on s.id = r.source_currency_id join currency g on g.id = r.target_currency_id
        where s.code = ? and g.code = ?`,
      [source, target],
    );
    return {
      id: row.id,
      ratio,
      sourceCurrency: await currency(source),
      targetCurrency: await currency(target),
      updatedAt: row.updated_at,
      _links: { self: { href: `${BASE}${source}-${target}` } },
    };
  };

  describe('GET /api/v1/exchange-rates/', () => {
    it('lists every rate in creation order', async () => {
      const items = [await rate('USD', 'EUR', 0.85157), await rate('GBP', 'USD', 1.27)];
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 2, items));
      expectJson(await get('/api/v1/exchange-rates'), 200, plainPage(BASE, '', 1, 10, 1, 2, items));
      expectJson(await get(`${BASE}?sorting[ratio]=asc&limit=1&page=2`), 200, plainPage(BASE, 'sorting%5Bratio%5D=asc&', 2, 1, 2, 2, items.slice(1)));
    });

    it('answers 404 Page Not Found past the last page', async () => {
      expectJson(await get(`${BASE}?page=2`), 404, PAGE_NOT_FOUND);
    });
  });

  describe('GET /api/v1/exchange-rates/{source}-{target}', () => {
    it('finds a rate by its pair in either direction, its link naming its own direction', async () => {
      const expected = await rate('USD', 'EUR', 0.85157);
      expectJson(await get(`${BASE}USD-EUR`), 200, expected);
      expectJson(await get(`${BASE}EUR-USD`), 200, expected);
    });

    it.each(['EUR-GBP', 'USD-USD', 'USD', 'USD-EUR-GBP', 'XXX-EUR', '-', 'x'.repeat(300)])('answers 404 for %s', async (pair) => {
      expectJson(await get(`${BASE}${pair}`), 404, notFound('exchange rate'));
    });
  });

  describe('POST /api/v1/exchange-rates/', () => {
    it.each([
      ['a comma decimal, rounded to 5 decimals', '0,8515706', 0.85157],
      ['a number', 1.5, 1.5],
      ['decimal text', ' 2.000004 ', 2],
    ])('creates a rate from %s: 201 with the rate, no Location', async (_case, ratio, expectedRatio) => {
      const response = await request('POST', BASE, { ratio, sourceCurrency: 'CHF', targetCurrency: 'JPY' });
      const expected = await rate('CHF', 'JPY', expectedRatio);
      expectJson(response, 201, expected);
      expect(response.headers.location).toBeUndefined();
      expectJson(await get(`${BASE}JPY-CHF`), 200, expected);
    });

    it.each([
      ['an empty body', undefined, tree({ ratio: [RATIO_BLANK], sourceCurrency: [NOT_VALID], targetCurrency: [NOT_VALID] }, [SAME])],
      ['empty currencies', { ratio: 1, sourceCurrency: '', targetCurrency: null }, tree({ sourceCurrency: [NOT_VALID], targetCurrency: [NOT_VALID] }, [SAME])],
      ['one unknown currency', { ratio: 1, sourceCurrency: 'CHF', targetCurrency: 'XXX' }, tree({ targetCurrency: [NOT_VALID] })],
      ['the same currency twice', { ratio: 1, sourceCurrency: 'CHF', targetCurrency: 'CHF' }, tree({}, [SAME])],
      ['a ratio of 0', { ratio: 0, sourceCurrency: 'CHF', targetCurrency: 'JPY' }, tree({ ratio: [NOT_POSITIVE] })],
      ['a ratio that rounds to 0', { ratio: '0,000004', sourceCurrency: 'CHF', targetCurrency: 'JPY' }, tree({ ratio: [NOT_POSITIVE] })],
      ['a negative ratio', { ratio: '-1.5', sourceCurrency: 'CHF', targetCurrency: 'JPY' }, tree({ ratio: [NOT_POSITIVE] })],
      ['a ratio that is no number', { ratio: 'one', sourceCurrency: 'CHF', targetCurrency: 'JPY' }, tree({ ratio: [NOT_A_NUMBER] })],
      ['a ratio that is a boolean', { ratio: true, sourceCurrency: 'CHF', targetCurrency: 'JPY' }, tree({ ratio: [NOT_A_NUMBER] })],
      ['a blank ratio', { ratio: ' ', sourceCurrency: 'CHF', targetCurrency: 'JPY' }, tree({ ratio: [RATIO_BLANK] })],
      ['a pair that exists', { ratio: 2, sourceCurrency: 'USD', targetCurrency: 'EUR' }, tree({}, [TAKEN])],
      ['a pair that exists the other way round', { ratio: 'x', sourceCurrency: 'EUR', targetCurrency: 'USD' }, tree({ ratio: [NOT_A_NUMBER] }, [TAKEN])],
      ['a currency that is no text', { ratio: 1, sourceCurrency: ['CHF'], targetCurrency: 'JPY' }, tree({ sourceCurrency: [NOT_VALID] })],
      ['unknown keys', { ratio: 1, sourceCurrency: 'CHF', targetCurrency: 'JPY', id: 3 }, tree({}, [EXTRA])],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      const before = await snapshot();
      expectJson(await request('POST', BASE, payload), 400, expected);
      await expectUnchanged(before);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'rate-create' };
      const payload = { ratio: 2, sourceCurrency: 'CHF', targetCurrency: 'JPY' };
      const first = await request('POST', BASE, payload, headers);
      expect(first.statusCode).toBe(201);
      const after = await snapshot();
      const again = await request('POST', BASE, payload, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      await expectUnchanged(after);
    });

    it('creates one rate from concurrent requests for one pair in both directions; the others get the root error', async () => {
      const responses = await Promise.all(
        [['CHF', 'JPY'], ['JPY', 'CHF'], ['CHF', 'JPY'], ['JPY', 'CHF']].map(([sourceCurrency, targetCurrency]) => request('POST', BASE, { ratio: 3, sourceCurrency, targetCurrency })),
      );
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(json(response)).toEqual(tree({}, [TAKEN]));
      expect(await sql(t, `select id from exchange_rate`)).toHaveLength(3);
    });
  });

  describe('PUT and PATCH /api/v1/exchange-rates/{source}-{target}', () => {
    it('PUT replaces the ratio through either direction; the currencies sent are ignored', async () => {
      expectNoContent(await request('PUT', `${BASE}EUR-USD`, { ratio: '0,9', sourceCurrency: 'CHF', targetCurrency: 'JPY' }));
      expect(await stored()).toEqual([
        { source: 'USD', target: 'EUR', ratio: 0.9 },
        { source: 'GBP', target: 'USD', ratio: 1.27 },
      ]);
      expectJson(await get(`${BASE}USD-EUR`), 200, await rate('USD', 'EUR', 0.9));
    });

    it('PATCH with swapped currencies only changes what it may: the ratio', async () => {
      expectNoContent(await request('PATCH', `${BASE}GBP-USD`, { sourceCurrency: 'USD', targetCurrency: 'GBP' }));
      expectNoContent(await request('PATCH', `${BASE}USD-GBP`, { ratio: 1.333333 }));
      expect(await stored()).toEqual([
        { source: 'USD', target: 'EUR', ratio: 0.85157 },
        { source: 'GBP', target: 'USD', ratio: 1.33333 },
      ]);
    });

    it.each([
      ['PUT', {}, tree({ ratio: [RATIO_BLANK] })],
      ['PUT', { sourceCurrency: 'CHF' }, tree({ ratio: [RATIO_BLANK] })],
      ['PATCH', { ratio: null }, tree({ ratio: [RATIO_BLANK] })],
      ['PATCH', { ratio: -1 }, tree({ ratio: [NOT_POSITIVE] })],
      ['PATCH', { ratio: {} }, tree({ ratio: [NOT_A_NUMBER] })],
      ['PATCH', { rate: 1 }, tree({}, [EXTRA])],
    ])('%s %j answers 400, writing nothing', async (method, payload, expected) => {
      const before = await snapshot();
      expectJson(await request(method, `${BASE}USD-EUR`, payload), 400, expected);
      await expectUnchanged(before);
    });

    it.each(['PUT', 'PATCH'])('%s answers 404 for a pair without a rate', async (method) => {
      expectJson(await request(method, `${BASE}CHF-JPY`, { ratio: 1 }), 404, notFound('exchange rate'));
    });
  });

  describe('DELETE /api/v1/exchange-rates/{source}-{target}', () => {
    it('deletes a rate through either direction: 204, then 404', async () => {
      expectNoContent(await request('DELETE', `${BASE}EUR-USD`, undefined, AUTH));
      expectJson(await get(`${BASE}USD-EUR`), 404, notFound('exchange rate'));
      expect(await stored()).toEqual([{ source: 'GBP', target: 'USD', ratio: 1.27 }]);
    });

    it('answers 404 for a pair without a rate', async () => {
      expectJson(await request('DELETE', `${BASE}CHF-JPY`, undefined, AUTH), 404, notFound('exchange rate'));
    });
  });

  describe('DELETE /api/v1/currencies/{code}', () => {
    it.each(['EUR', 'GBP'])('answers 409 for %s, which a rate converts, writing nothing', async (code) => {
      const before = await snapshot();
      expectJson(await request('DELETE', `/api/v1/currencies/${code}`, undefined, AUTH), 409, CURRENCY_IN_USE);
      await expectUnchanged(before);
      expectJson(await get(`/api/v1/currencies/${code}`), 200, await currency(code));
    });

    it('deletes a currency once its rates are gone', async () => {
      expectNoContent(await request('DELETE', `${BASE}GBP-USD`, undefined, AUTH));
      expectNoContent(await request('DELETE', '/api/v1/currencies/GBP', undefined, AUTH));
    });
  });
});
