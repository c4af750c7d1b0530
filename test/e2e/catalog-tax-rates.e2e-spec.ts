import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, idOf, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { notFound, stamps } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Tax rates (/api/v1/tax-rates): a plain list, create, show, PUT, PATCH and delete. `vat` applies to
 * `std` in US, `books` (included in price) to `reduced`; the cart holds a book taxed by `vat`. `SHIP` is
 * a zone for shipping only, which no tax rate may use.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US, CA]
zones:
  - {code: US, name: United States, type: country, members: [US]}
  - {code: CA, name: Canada, type: country, scope: tax, members: [CA]}
  - {code: SHIP, name: Shipping zone, type: country, scope: shipping, members: [US]}
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US, taxCalculationStrategy: order_items_based}
taxCategories: [{code: std, name: Standard}, {code: reduced, name: Reduced}]
taxRates:
  - {code: vat, name: VAT, category: std, zone: US, amount: 0.23}
  - {code: books, name: Books, category: reduced, zone: US, amount: 0.05, includedInPrice: true}
products:
  - code: BOOK
    name: Book
    variants:
      - {code: BOOK_STD, name: Standard book, taxCategory: std, channelPricings: {WEB: 1000}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: BOOK_STD, quantity: 1}]}
`;

const BASE = '/api/v1/tax-rates/';
const M = {
  nameBlank: 'Please enter tax rate name.',
  nameShort: 'Tax rate name must be at least 2 characters long.',
  nameLong: 'Tax rate name must not be longer than 255 characters.',
  codeBlank: 'Please enter tax rate code.',
  codeInvalid: 'Tax rate code can only be comprised of letters, numbers, dashes and underscores.',
  codeLong: 'Tax rate code must not be longer than 255 characters.',
  codeTaken: 'The tax rate with given code already exists.',
  categoryBlank: 'Please select tax category.',
  zoneBlank: 'Please select tax zone.',
  amountBlank: 'Please enter amount tax.',
  amountNegative: 'Tax rate amount must not be negative.',
  amountHigh: 'Tax rate amount must not be greater than 10.',
  notValid: 'This value is not valid.',
  extra: 'This form should not contain extra fields.',
};

interface RateExpectation {
  code: string;
  name: string;
  amount: number;
  includedInPrice?: boolean;
  calculator?: string;
  category: string;
  zone: string;
}

type Children = Partial<Record<'name' | 'category' | 'zone' | 'amount' | 'includedInPrice' | 'calculator' | 'code', string[]>>;
const tree = (children: Children, errors?: string[]) =>
  validationFailed({
    ...(errors && { errors }),
    children: Object.fromEntries(
      (['name', 'category', 'zone', 'amount', 'includedInPrice', 'calculator', 'code'] as const).map((field) => [field, children[field] ? { errors: children[field] } : {}]),
    ),
  });

describe('tax rates', () => {
  let t: TestApp;
  let cartId: number;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    cartId = (await loadShop(t, SHOP_YAML)).orders.cart;
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.inject({ method, url, headers: payload === undefined ? AUTH : JSON_AUTH, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url);
  const version = async () => (await sql<{ version: string }>(t, 'select version::text from shop_configuration_version'))[0].version;
  const count = async () => Number((await sql<{ n: string }>(t, 'select count(*) as n from tax_rate'))[0].n);

  /** The body of a stored tax rate. */
  const rate = async (r: RateExpectation) => ({
    id: await idOf(t, 'select id from tax_rate where code = ?', [r.code]),
    code: r.code,
    name: r.name,
    amount: r.amount,
    includedInPrice: r.includedInPrice ?? false,
    calculator: r.calculator ?? 'default',
    ...(await stamps(t, 'tax_rate', 'code = ?', [r.code])),
    _links: { self: { href: `${BASE}${r.code}` }, category: { href: `/api/v1/tax-categories/${r.category}` }, zone: { href: `/api/v1/zones/${r.zone}` } },
  });
  const VAT: RateExpectation = { code: 'vat', name: 'VAT', amount: 0.23, category: 'std', zone: 'US' };
  const BOOKS: RateExpectation = { code: 'books', name: 'Books', amount: 0.05, includedInPrice: true, category: 'reduced', zone: 'US' };

  const cartTotals = async () => {
    const body = JSON.parse((await get(`/api/v1/carts/${cartId}`)).body) as { itemsTotal: number; taxTotal?: number; total: number };
    return { itemsTotal: body.itemsTotal, total: body.total };
  };

  describe(`GET ${BASE}`, () => {
    it('lists every tax rate in creation order, in the full shape, with and without the trailing slash', async () => {
      const items = [await rate(VAT), await rate(BOOKS)];
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 2, items));
      expectJson(await get('/api/v1/tax-rates'), 200, plainPage(BASE, '', 1, 10, 1, 2, items));
      expectJson(await get(`${BASE}?sorting[name]=asc&limit=1&page=2`), 200, plainPage(BASE, 'sorting%5Bname%5D=asc&', 2, 1, 2, 2, [items[1]]));
    });

    it('answers 404 for a page past the end', async () => {
      expectJson(await get(`${BASE}?page=3`), 404, { code: 404, message: 'Page Not Found' });
    });
  });

  describe(`GET ${BASE}{code}`, () => {
    it('shows a tax rate', async () => {
      expectJson(await get(`${BASE}vat`), 200, await rate(VAT));
      expectJson(await get(`${BASE}books`), 200, await rate(BOOKS));
    });

    it.each(['none', 'VAT', 'x'.repeat(300)])('answers 404 for %s', async (code) => {
      expectJson(await get(`${BASE}${code}`), 404, notFound('tax rate'));
    });
  });

  describe(`POST ${BASE}`, () => {
    it('creates a tax rate: 201 with the full shape, texts trimmed, the configuration version moved', async () => {
      const before = await version();
      const response = await request('POST', BASE, { name: ' Canadian GST ', category: 'std', zone: 'CA', amount: 0.05, includedInPrice: true, calculator: 'default', code: ' gst ' });
      const expected = await rate({ code: 'gst', name: 'Canadian GST', amount: 0.05, includedInPrice: true, category: 'std', zone: 'CA' });
      expectJson(response, 201, expected);
      expect(response.headers.location).toBeUndefined();
      expectJson(await get(`${BASE}gst`), 200, expected);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    });

    it('reads a decimal text with a comma, keeps 5 decimals, and defaults the checkbox and the calculator', async () => {
      expectJson(await request('POST', BASE, { name: 'Comma', category: 'std', zone: 'US', amount: '0,075', code: 'comma' }), 201, await rate({ code: 'comma', name: 'Comma', amount: 0.075, category: 'std', zone: 'US' }));
      expectJson(await request('POST', BASE, { name: 'Fine', category: 'std', zone: 'US', amount: 0.123456, code: 'fine', calculator: null }), 201, await rate({ code: 'fine', name: 'Fine', amount: 0.12346, category: 'std', zone: 'US' }));
      expectJson(await request('POST', BASE, { name: 'Top', category: 'std', zone: 'US', amount: 10, code: 'top', includedInPrice: 'false' }), 201, await rate({ code: 'top', name: 'Top', amount: 10, category: 'std', zone: 'US' }));
    });

    it.each([
      ['an empty body', undefined, tree({ name: [M.nameBlank], category: [M.categoryBlank], zone: [M.zoneBlank], amount: [M.amountBlank], code: [M.codeBlank] })],
      ['nulls and blanks', { name: ' ', category: null, zone: '', amount: null, code: null }, tree({ name: [M.nameBlank], category: [M.categoryBlank], zone: [M.zoneBlank], amount: [M.amountBlank], code: [M.codeBlank] })],
      [
        'unknown references, a zone for shipping only, an unknown calculator',
        { name: 'Rate', category: 'nope', zone: 'SHIP', amount: 0.1, calculator: 'progressive', code: 'rate' },
        tree({ category: [M.notValid], zone: [M.notValid], calculator: [M.notValid] }),
      ],
      ['an unknown zone', { name: 'Rate', category: 'std', zone: 'MARS', amount: 0.1, code: 'rate' }, tree({ zone: [M.notValid] })],
      ['a negative amount and a short name', { name: 'R', category: 'std', zone: 'US', amount: -0.01, code: 'a b' }, tree({ name: [M.nameShort], amount: [M.amountNegative], code: [M.codeInvalid] })],
      ['an amount over 10', { name: 'Rate', category: 'std', zone: 'US', amount: 10.00001, code: 'rate' }, tree({ amount: [M.amountHigh] })],
      ['values of the wrong type', { name: 5, category: ['std'], zone: { code: 'US' }, amount: 'lots', includedInPrice: 'maybe', calculator: 1, code: true }, tree({ name: [M.notValid], category: [M.notValid], zone: [M.notValid], amount: [M.notValid], includedInPrice: [M.notValid], calculator: [M.notValid], code: [M.notValid] })],
      ['texts longer than their columns', { name: 'n'.repeat(256), category: 'std', zone: 'US', amount: 0.1, code: 'c'.repeat(256) }, tree({ name: [M.nameLong], code: [M.codeLong] })],
      ['a taken code', { name: 'Again', category: 'std', zone: 'US', amount: 0.1, code: 'vat' }, tree({ code: [M.codeTaken] })],
      ['unknown keys', { name: 'Rate', category: 'std', zone: 'US', amount: 0.1, code: 'rate', id: 3 }, tree({}, [M.extra])],
    ])('answers 400 with the form tree for %s, writing nothing', async (_case, payload, expected) => {
      const [rows, before] = [await count(), await version()];
      expectJson(await request('POST', BASE, payload), 400, expected);
      expect([await count(), await version()]).toEqual([rows, before]);
    });
  });

  describe(`POST ${BASE} races and replays`, () => {
    it('creates one tax rate from concurrent requests for one code; the others get the taken-code 400', async () => {
      const payload = { name: 'Raced', category: 'std', zone: 'US', amount: 0.1, code: 'raced' };
      const responses = await Promise.all(Array.from({ length: 4 }, () => request('POST', BASE, payload)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(JSON.parse(response.body)).toEqual(tree({ code: [M.codeTaken] }));
      expect(Number((await sql<{ n: string }>(t, `select count(*) as n from tax_rate where code = 'raced'`))[0].n)).toBe(1);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'tax-rate-create' };
      const payload = { name: 'Once', category: 'std', zone: 'US', amount: 0.1, code: 'once' };
      const first = await t.inject({ method: 'POST', url: BASE, headers, payload });
      expect(first.statusCode).toBe(201);
      const again = await t.inject({ method: 'POST', url: BASE, headers, payload });
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      expect(await count()).toBe(3);
    });
  });

  describe(`PUT ${BASE}{code}`, () => {
    it('replaces every field: a left-out checkbox is false, the code is ignored', async () => {
      expectNoContent(await request('PUT', `${BASE}books`, { name: 'Canadian books', category: 'std', zone: 'CA', amount: '0.07', code: 'other' }));
      expectJson(await get(`${BASE}books`), 200, await rate({ code: 'books', name: 'Canadian books', amount: 0.07, category: 'std', zone: 'CA' }));
      expectJson(await get(`${BASE}other`), 404, notFound('tax rate'));
    });

    it('answers 400 for an empty body, changing nothing', async () => {
      const before = await rate(BOOKS);
      expectJson(await request('PUT', `${BASE}books`, {}), 400, tree({ name: [M.nameBlank], category: [M.categoryBlank], zone: [M.zoneBlank], amount: [M.amountBlank] }));
      expectJson(await get(`${BASE}books`), 200, before);
    });

    it('answers 404 for an unknown code, before the form', async () => {
      expectJson(await request('PUT', `${BASE}none`, {}), 404, notFound('tax rate'));
    });
  });

  describe(`PATCH ${BASE}{code}`, () => {
    it('changes only the fields sent', async () => {
      expectNoContent(await request('PATCH', `${BASE}books`, { amount: 0.06, code: 'ignored' }));
      expectJson(await get(`${BASE}books`), 200, await rate({ ...BOOKS, amount: 0.06 }));
      expectNoContent(await request('PATCH', `${BASE}books`, { zone: 'CA', includedInPrice: false }));
      expectJson(await get(`${BASE}books`), 200, await rate({ ...BOOKS, amount: 0.06, zone: 'CA', includedInPrice: false }));
    });

    it('answers 400 for a field sent as null or an unknown reference, changing nothing', async () => {
      const before = await rate(VAT);
      expectJson(await request('PATCH', `${BASE}vat`, { name: null, amount: null }), 400, tree({ name: [M.nameBlank], amount: [M.amountBlank] }));
      expectJson(await request('PATCH', `${BASE}vat`, { category: 'nope', zone: 'SHIP' }), 400, tree({ category: [M.notValid], zone: [M.notValid] }));
      expectJson(await get(`${BASE}vat`), 200, before);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('PATCH', `${BASE}none`, { amount: 0.1 }), 404, notFound('tax rate'));
    });

    it('leaves a cart as it is until it next changes, which then uses the new amount', async () => {
      await request('PATCH', `/api/v1/carts/${cartId}`, { promotionCoupon: null });
      // 1000 + 230 tax.
      expect(await cartTotals()).toEqual({ itemsTotal: 1230, total: 1230 });
      expectNoContent(await request('PATCH', `${BASE}vat`, { amount: 0.1 }));
      expect(await cartTotals()).toEqual({ itemsTotal: 1230, total: 1230 });
      await request('PATCH', `/api/v1/carts/${cartId}`, { promotionCoupon: null });
      expect(await cartTotals()).toEqual({ itemsTotal: 1100, total: 1100 });
    });
  });

  describe(`DELETE ${BASE}{code}`, () => {
    it('deletes a tax rate, even one a cart is taxed by (it keeps its tax until it next changes)', async () => {
      await request('PATCH', `/api/v1/carts/${cartId}`, { promotionCoupon: null });
      const before = await version();
      expectNoContent(await request('DELETE', `${BASE}vat`));
      expectJson(await get(`${BASE}vat`), 404, notFound('tax rate'));
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
      expect(await cartTotals()).toEqual({ itemsTotal: 1230, total: 1230 });
      await request('PATCH', `/api/v1/carts/${cartId}`, { promotionCoupon: null });
      expect(await cartTotals()).toEqual({ itemsTotal: 1000, total: 1000 });
    });

    it('answers 404 for an unknown code, and for the second delete', async () => {
      expectJson(await request('DELETE', `${BASE}none`), 404, notFound('tax rate'));
      expectNoContent(await request('DELETE', `${BASE}books`));
      expectJson(await request('DELETE', `${BASE}books`), 404, notFound('tax rate'));
    });
  });
});
