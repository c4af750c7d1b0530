import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { ACCESS_DENIED, notFound, PAGE_NOT_FOUND, stamps } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Product association types (/api/v1/product-association-types): a plain list, create, show, PUT, PATCH
 * and delete, with names translated into the shop's locales (en_US, nl_NL, fr_FR, de_CH).
 */
const SHOP_YAML = `
locales: [en_US, nl_NL, fr_FR, de_CH]
currencies: [USD]
`;
const LOCALES = ['en_US', 'nl_NL', 'fr_FR', 'de_CH'];
const BASE = '/api/v1/product-association-types/';

const CODE_BLANK = 'Please enter association type code.';
const CODE_SHORT = 'Association type code must be at least 2 characters long.';
const CODE_LONG = 'Association type code must not be longer than 255 characters.';
const CODE_INVALID = 'Association type code can only be comprised of letters, numbers, dashes and underscores.';
const CODE_TAKEN = 'The association type with given code already exists.';
const NAME_BLANK = 'Please enter association type name.';
const NAME_SHORT = 'Association type name must be at least 2 characters long.';
const NAME_LONG = 'Association type name must not be longer than 255 characters.';
const NOT_VALID = 'This value is not valid.';
const EXTRA = 'This form should not contain extra fields.';

type Node = { errors?: string[] };
const field = (errors: string[] = []): Node => (errors.length > 0 ? { errors } : {});

/** The 400 tree: name messages per locale (every locale listed), the translations' own messages, the code's. */
function tree(names: Partial<Record<string, string[]>>, code: string[] = [], options: { translations?: string[]; locale?: Partial<Record<string, string[]>>; root?: string[] } = {}) {
  const children = Object.fromEntries(
    LOCALES.map((locale) => [locale, { ...field(options.locale?.[locale]), children: { name: field(names[locale]) } }]),
  );
  return validationFailed({
    ...(options.root && { errors: options.root }),
    children: { translations: { ...field(options.translations), children }, code: field(code) },
  });
}

describe('product association types', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = JSON_AUTH) =>
    t.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url, undefined, AUTH);

  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
    expect((await request('POST', BASE, { code: 'similar', translations: { en_US: { name: 'Similar products' }, nl_NL: { name: 'Vergelijkbare producten' } } })).statusCode).toBe(201);
    expect((await request('POST', BASE, { code: 'accessories', translations: { en_US: { name: 'Accessories' } } })).statusCode).toBe(201);
  });

  const typeId = async (code: string) => (await sql<{ id: number }>(t, 'select id from product_association_type where code = ?', [code]))[0]?.id;
  const translations = async (code: string) => {
    const rows = await sql<{ id: number; locale: string; name: string }>(
      t,
      'select tr.id, tr.locale, tr.name from product_association_type_translation tr join product_association_type a on a.id = tr.association_type_id where a.code = ? order by tr.id',
      [code],
    );
    return rows.length === 0 ? [] : Object.fromEntries(rows.map((row) => [row.locale, { id: row.id, locale: row.locale, name: row.name }]));
  };
  const listItem = async (code: string) => ({ id: await typeId(code), code, translations: await translations(code), _links: { self: { href: `${BASE}${code}` } } });
  const detail = async (code: string) => ({
    id: await typeId(code),
    code,
    translations: await translations(code),
    ...(await stamps(t, 'product_association_type', 'code = ?', [code])),
    _links: { self: { href: `${BASE}${code}` } },
  });
  const names = async (code: string) =>
    Object.fromEntries(Object.entries(await translations(code)).map(([locale, translation]) => [locale, (translation as { name: string }).name]));
  const codes = async () => (await sql<{ code: string }>(t, 'select code from product_association_type order by id')).map((row) => row.code);

  describe('GET /api/v1/product-association-types/', () => {
    it('lists every association type in creation order, with its translations', async () => {
      const items = [await listItem('similar'), await listItem('accessories')];
      expect(items[0].translations).toEqual({
        en_US: { id: expect.any(Number), locale: 'en_US', name: 'Similar products' },
        nl_NL: { id: expect.any(Number), locale: 'nl_NL', name: 'Vergelijkbare producten' },
      });
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 2, items));
      expectJson(await get(`${BASE}?sorting[code]=asc&limit=1&page=2`), 200, plainPage(BASE, 'sorting%5Bcode%5D=asc&', 2, 1, 2, 2, items.slice(1)));
    });

    it.each(['page=3', 'limit=0'])('answers 404 Page Not Found to ?%s', async (query) => {
      expectJson(await get(`${BASE}?${query}`), 404, PAGE_NOT_FOUND);
    });

    it('answers 401 without a token', async () => {
      expectJson(await t.inject({ method: 'GET', url: BASE }), 401, ACCESS_DENIED);
    });
  });

  describe('GET /api/v1/product-association-types/{code}', () => {
    it('shows an association type with its times', async () => {
      expectJson(await get(`${BASE}similar`), 200, await detail('similar'));
    });

    it.each(['none', 'SIMILAR', 'x'.repeat(300)])('answers 404 for %s', async (code) => {
      expectJson(await get(`${BASE}${code}`), 404, notFound('product association type'));
    });
  });

  describe('POST /api/v1/product-association-types/', () => {
    it('creates an association type: 201 with every field', async () => {
      const response = await request('POST', BASE, { code: ' upsell ', translations: { fr_FR: { name: ' Vente incitative ' }, en_US: { name: 'Upsell' } } });
      const expected = await detail('upsell');
      expect(expected.translations).toEqual({
        fr_FR: { id: expect.any(Number), locale: 'fr_FR', name: 'Vente incitative' },
        en_US: { id: expect.any(Number), locale: 'en_US', name: 'Upsell' },
      });
      expectJson(response, 201, expected);
      expect(response.headers.location).toBeUndefined();
      expectJson(await get(`${BASE}upsell`), 200, expected);
    });

    it('creates one without translations', async () => {
      const response = await request('POST', BASE, { code: 'bare' });
      expectJson(response, 201, { ...(await detail('bare')), translations: [] });
    });

    it.each([
      ['an empty body', undefined, tree({}, [CODE_BLANK])],
      ['a blank name and a one-letter code', { code: 'x', translations: { nl_NL: { name: ' ' } } }, tree({ nl_NL: [NAME_BLANK] }, [CODE_SHORT])],
      ['a translation without its name', { code: 'new', translations: { en_US: {} } }, tree({ en_US: [NAME_BLANK] })],
      ['a short name', { code: 'new', translations: { en_US: { name: 'A' }, de_CH: { name: 'Zubehör' } } }, tree({ en_US: [NAME_SHORT] })],
      ['a long name', { code: 'new', translations: { fr_FR: { name: 'n'.repeat(256) } } }, tree({ fr_FR: [NAME_LONG] })],
      ['a long code', { code: 'c'.repeat(256) }, tree({}, [CODE_LONG])],
      ['a code with spaces', { code: 'new one' }, tree({}, [CODE_INVALID])],
      ['a taken code', { code: 'similar', translations: { en_US: { name: 'Again' } } }, tree({}, [CODE_TAKEN])],
      ['a number as code and name', { code: 12, translations: { en_US: { name: 12 } } }, tree({ en_US: [NOT_VALID] }, [NOT_VALID])],
      ['an unknown locale', { code: 'new', translations: { xx_XX: { name: 'Xx' } } }, tree({}, [], { translations: [EXTRA] })],
      ['translations that are no map', { code: 'new', translations: 'Upsell' }, tree({}, [], { translations: [NOT_VALID] })],
      ['a translation that is no map', { code: 'new', translations: { en_US: 'Upsell' } }, tree({}, [], { locale: { en_US: [NOT_VALID] } })],
      ['an unknown translation field', { code: 'new', translations: { en_US: { name: 'Upsell', description: 'x' } } }, tree({}, [], { locale: { en_US: [EXTRA] } })],
      ['an unknown key', { code: 'new', name: 'Upsell' }, tree({}, [], { root: [EXTRA] })],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      expectJson(await request('POST', BASE, payload), 400, expected);
      expect(await codes()).toEqual(['similar', 'accessories']);
    });

    it('creates one association type from concurrent requests for its code; the others get the taken-code 400', async () => {
      const body = { code: 'racy', translations: { en_US: { name: 'Racy' } } };
      const responses = await Promise.all(Array.from({ length: 3 }, () => request('POST', BASE, body)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expectJson(response, 400, tree({}, [CODE_TAKEN]));
      expect(await codes()).toEqual(['similar', 'accessories', 'racy']);
    });
  });

  describe('PUT /api/v1/product-association-types/{code}', () => {
    it('replaces the translations; a code sent is ignored', async () => {
      const before = await translations('similar');
      expectNoContent(await request('PUT', `${BASE}similar`, { code: 'other', translations: { en_US: { name: 'Alike' }, nl_NL: { name: 'Gelijk' }, de_CH: { name: 'Ähnlich' } } }));
      const after = await translations('similar');
      expect(after).toEqual({
        en_US: { id: (before as Record<string, { id: number }>).en_US.id, locale: 'en_US', name: 'Alike' },
        nl_NL: { id: (before as Record<string, { id: number }>).nl_NL.id, locale: 'nl_NL', name: 'Gelijk' },
        de_CH: { id: expect.any(Number), locale: 'de_CH', name: 'Ähnlich' },
      });
      expectJson(await get(`${BASE}similar`), 200, await detail('similar'));
      expect(await codes()).toEqual(['similar', 'accessories']);
    });

    it('blanks the stored translations left out, which then fail: 400, nothing written', async () => {
      expectJson(await request('PUT', `${BASE}similar`, {}), 400, tree({ en_US: [NAME_BLANK], nl_NL: [NAME_BLANK] }));
      expectJson(await request('PUT', `${BASE}similar`, { translations: { en_US: { name: 'Alike' } } }), 400, tree({ nl_NL: [NAME_BLANK] }));
      expect(await names('similar')).toEqual({ en_US: 'Similar products', nl_NL: 'Vergelijkbare producten' });
    });

    it('answers 404 for an unknown code, before the form', async () => {
      expectJson(await request('PUT', `${BASE}none`, {}), 404, notFound('product association type'));
    });
  });

  describe('PATCH /api/v1/product-association-types/{code}', () => {
    it('changes only the translations sent, adding new ones', async () => {
      expectNoContent(await request('PATCH', `${BASE}similar`, { translations: { nl_NL: { name: 'Gelijk' }, fr_FR: { name: 'Similaire' } } }));
      expect(await names('similar')).toEqual({ en_US: 'Similar products', nl_NL: 'Gelijk', fr_FR: 'Similaire' });
      expectNoContent(await request('PATCH', `${BASE}similar`, {}));
      expect(await names('similar')).toEqual({ en_US: 'Similar products', nl_NL: 'Gelijk', fr_FR: 'Similaire' });
      expectJson(await get(`${BASE}similar`), 200, await detail('similar'));
    });

    it('checks the translations sent: 400, nothing written', async () => {
      expectJson(await request('PATCH', `${BASE}similar`, { translations: { nl_NL: { name: null }, fr_FR: {} } }), 400, tree({ nl_NL: [NAME_BLANK], fr_FR: [NAME_BLANK] }));
      expect(await names('similar')).toEqual({ en_US: 'Similar products', nl_NL: 'Vergelijkbare producten' });
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('PATCH', `${BASE}none`, {}), 404, notFound('product association type'));
    });
  });

  describe('DELETE /api/v1/product-association-types/{code}', () => {
    it('deletes the association type with its translations', async () => {
      expectNoContent(await request('DELETE', `${BASE}similar`, undefined, AUTH));
      expectJson(await get(`${BASE}similar`), 404, notFound('product association type'));
      expect(await codes()).toEqual(['accessories']);
      expect(await sql(t, 'select 1 from product_association_type_translation tr join product_association_type a on a.id = tr.association_type_id where a.code = ?', ['similar'])).toEqual([]);
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 1, [await listItem('accessories')]));
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('DELETE', `${BASE}none`, undefined, AUTH), 404, notFound('product association type'));
    });
  });
});
