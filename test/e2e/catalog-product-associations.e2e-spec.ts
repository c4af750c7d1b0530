import { expectJson, expectNoContent, idOf, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { notFound, stamps } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Product associations through the product form (POST, PUT, PATCH /products) and GET /products/{code}: the
 * map association type code → comma-separated product codes, its 400 tree (one child per association type),
 * the delete of an associated product (the owners lose it, each with a product.updated) and the 409 of an
 * association type in use. Types: accessories and similar (with en_US names), upsell (a de_DE name only).
 */
const SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
`;

const LOCALES = ['en_US', 'de_DE'];
const TRANSLATION_FIELDS = ['name', 'slug', 'description', 'metaKeywords', 'metaDescription', 'shortDescription'];
/** The association types by code: the order of GET and of the 400 tree. */
const TYPES = ['accessories', 'similar', 'upsell'];
const TYPE_NAMES: Record<string, string | undefined> = { accessories: 'Accessories', similar: 'Similar products' };
/** Products by code with their en_US name (BARE has no translation). */
const PRODUCTS: Record<string, string | undefined> = { MUG: 'Mug', CUP: 'Cup', PLATE: 'Plate', SPOON: 'Spoon', BARE: undefined };

const NOT_VALID = 'This value is not valid.';
const EXTRA_FIELDS = 'This form should not contain extra fields.';
const TYPE_IN_USE = { code: 409, message: 'The product association type is in use and cannot be deleted.' };

type Associations = Record<string, string[]>;

const node = (errors?: string[]) => (errors === undefined ? {} : { errors });

/** The whole 400 body of the product form: `associations` lists every type; other children have no messages unless given. */
function invalid(associations: Partial<Record<string, string[]>>, own: { associations?: string[]; code?: string[] } = {}, types = TYPES) {
  const noTranslationErrors = { children: Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, {}])) };
  return validationFailed({
    children: {
      enabled: {},
      translations: { children: Object.fromEntries(LOCALES.map((locale) => [locale, noTranslationErrors])) },
      attributes: { children: [] },
      associations: { ...node(own.associations), children: Object.fromEntries(types.map((type) => [type, node(associations[type])])) },
      channels: {},
      mainTaxon: {},
      productTaxons: {},
      code: node(own.code),
      options: {},
    },
  });
}

interface Envelope {
  sequence: number;
  type: string;
}

describe('catalog: product associations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.inject({ method, url, headers: payload === undefined ? AUTH : JSON_AUTH, ...(payload !== undefined && { payload: JSON.stringify(payload) }) });
  const product = (code: string) => `/api/v1/products/${code}`;
  const translations = (code: string) => (PRODUCTS[code] === undefined ? {} : { en_US: { name: PRODUCTS[code], slug: code.toLowerCase() } });
  const create = (code: string, associations?: unknown) =>
    send('POST', '/api/v1/products/', { code, translations: translations(code), ...(associations !== undefined && { associations }) });

  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
    const types: Array<[string, Record<string, { name: string }>]> = [
      ['similar', { en_US: { name: 'Similar products' }, de_DE: { name: 'Ähnliche Produkte' } }],
      ['accessories', { en_US: { name: 'Accessories' } }],
      ['upsell', { de_DE: { name: 'Zusatzverkauf' } }],
    ];
    for (const [code, names] of types) expect((await send('POST', '/api/v1/product-association-types/', { code, translations: names })).statusCode).toBe(201);
    for (const code of ['CUP', 'PLATE', 'SPOON', 'BARE']) expect((await create(code)).statusCode).toBe(201);
  });

  const idOfProduct = (code: string) => idOf(t, 'select id from product where code = ?', [code]);
  const reference = async (code: string) => ({ id: await idOfProduct(code), code, ...(PRODUCTS[code] !== undefined && { name: PRODUCTS[code] }) });

  /** The product (no variants, options, taxons nor channels; disabled) as GET must show it, associations by type code, products by code. */
  async function shown(code: string, associations: Associations) {
    const id = await idOfProduct(code);
    const [translation] = await sql<{ id: number }>(t, `select id from product_translation where product_id = ? and locale = 'en_US'`, [id]);
    const expected = [];
    for (const type of TYPES.filter((type) => associations[type] !== undefined)) {
      const [row] = await sql<{ id: number; type_id: number }>(
        t,
        'select pa.id, pat.id as type_id from product_association pa join product_association_type pat on pat.id = pa.association_type_id where pa.product_id = ? and pat.code = ?',
        [id, type],
      );
      expected.push({
        id: row.id,
        type: { id: row.type_id, code: type, ...(TYPE_NAMES[type] !== undefined && { name: TYPE_NAMES[type] }) },
        associatedProducts: await Promise.all([...associations[type]].sort().map(reference)),
      });
    }
    return {
      id,
      code,
      variants: [],
      attributes: [],
      options: [],
      associations: expected,
      translations: translation === undefined ? [] : { en_US: { locale: 'en_US', id: translation.id, name: PRODUCTS[code], slug: code.toLowerCase() } },
      taxons: [],
      enabled: false,
      averageRating: 0,
      ...(await stamps(t, 'product', 'id = ?', [id])),
      _links: { self: { href: product(code) }, variants: { href: `${product(code)}/variants/` } },
    };
  }
  const expectShown = async (code: string, associations: Associations) => expectJson(await get(product(code)), 200, await shown(code, associations));
  const associationId = async (code: string, type: string) =>
    idOf(t, 'select pa.id from product_association pa join product_association_type pat on pat.id = pa.association_type_id where pa.product_id = (select id from product where code = ?) and pat.code = ?', [
      code,
      type,
    ]);
  const count = async (query: string) => Number((await sql<{ n: string }>(t, `select count(*) as n from (${query}) as counted`))[0].n);
  const associationRows = async () => ({
    products: await count('select 1 from product'),
    associations: await count('select 1 from product_association'),
    associated: await count('select 1 from product_association_product'),
    events: await count('select 1 from event'),
  });

  const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
  /** The events after `after`: type and the raw text of `data`. */
  async function eventsAfter(after: number): Promise<Array<[string, string]>> {
    const page = await get(`/api/v1/events/?after=${after}&limit=500`);
    expect(page.statusCode).toBe(200);
    const items = (json(page) as { _embedded: { items: Envelope[] } })._embedded.items;
    return Promise.all(
      items.map(async (item): Promise<[string, string]> => {
        const one = await get(`/api/v1/events/${item.sequence}`);
        const marker = ',"data":';
        return [item.type, one.body.slice(one.body.indexOf(marker) + marker.length, -1)];
      }),
    );
  }

  describe('POST', () => {
    it('creates a product with associations: spaces, empty parts and repeats ignored; types by code, products by code; names in en_US or left out', async () => {
      const response = await create('MUG', { similar: ' PLATE, CUP,,CUP ,', upsell: 'BARE', accessories: 'SPOON' });
      const body = await shown('MUG', { accessories: ['SPOON'], similar: ['CUP', 'PLATE'], upsell: ['BARE'] });
      expectJson(response, 201, body);
      expectJson(await get(product('MUG')), 200, body);
    });

    it('an empty text, null, an empty map or none: no associations', async () => {
      expectJson(await create('MUG', { similar: '', accessories: null, upsell: ' , ' }), 201, await shown('MUG', {}));
      for (const [code, associations] of [['MUG2', {}], ['MUG3', []], ['MUG4', null]] as const) {
        expect((await send('POST', '/api/v1/products/', { code, associations })).statusCode).toBe(201);
      }
      expect(await count('select 1 from product_association')).toBe(0);
    });

    it('refuses an unknown type as an extra field of the map, an unknown product, the product itself and a value that is no text, all at once, writing nothing', async () => {
      const before = await associationRows();
      expectJson(
        await create('MUG', { similar: 'CUP,NOPE', accessories: 'MUG', upsell: ['CUP'], cross_sell: 'CUP' }),
        400,
        invalid({ similar: [NOT_VALID], accessories: [NOT_VALID], upsell: [NOT_VALID] }, { associations: [EXTRA_FIELDS] }),
      );
      expectJson(await create('MUG', { upsell: 12, similar: `CUP,${'X'.repeat(256)}` }), 400, invalid({ similar: [NOT_VALID], upsell: [NOT_VALID] }));
      expectJson(await create('MUG', { accessories: { code: 'CUP' } }), 400, invalid({ accessories: [NOT_VALID] }));
      expectJson(await create('MUG', 'CUP'), 400, invalid({}, { associations: [NOT_VALID] }));
      // A blank code is the code's error; the map is judged all the same.
      expectJson(await send('POST', '/api/v1/products/', { associations: { similar: 'NOPE' } }), 400, invalid({ similar: [NOT_VALID] }, { code: ['Please enter product code.'] }));
      expect(await associationRows()).toEqual(before);
    });
  });

  describe('PUT and PATCH', () => {
    beforeEach(async () => {
      expect((await create('MUG', { similar: 'CUP,PLATE', accessories: 'SPOON' })).statusCode).toBe(201);
    });

    it('PUT replaces every association: a type left out loses its own; one that stays keeps its id', async () => {
      const similar = await associationId('MUG', 'similar');
      expectNoContent(await send('PUT', product('MUG'), { translations: translations('MUG'), associations: { similar: 'PLATE,SPOON', upsell: 'CUP' } }));
      await expectShown('MUG', { similar: ['PLATE', 'SPOON'], upsell: ['CUP'] });
      expect(await associationId('MUG', 'similar')).toBe(similar);
      expectNoContent(await send('PUT', product('MUG'), { translations: translations('MUG') }));
      await expectShown('MUG', {});
      expect(await count('select 1 from product_association')).toBe(0);
    });

    it('PATCH changes only the types sent; an empty text or null removes one', async () => {
      expectNoContent(await send('PATCH', product('MUG'), { associations: { upsell: 'BARE,CUP' } }));
      await expectShown('MUG', { accessories: ['SPOON'], similar: ['CUP', 'PLATE'], upsell: ['BARE', 'CUP'] });
      expectNoContent(await send('PATCH', product('MUG'), { associations: { similar: '', accessories: null } }));
      await expectShown('MUG', { upsell: ['BARE', 'CUP'] });
      expectNoContent(await send('PATCH', product('MUG'), { enabled: false }));
      expectNoContent(await send('PATCH', product('MUG'), { associations: {} }));
      await expectShown('MUG', { upsell: ['BARE', 'CUP'] });
      expect(await count('select 1 from product_association')).toBe(1);
    });

    it('refuses the same errors on PUT and PATCH, writing nothing; an unknown product is a 404 first', async () => {
      const before = await associationRows();
      expectJson(await send('PATCH', product('MUG'), { associations: { similar: 'MUG', cross_sell: '' } }), 400, invalid({ similar: [NOT_VALID] }, { associations: [EXTRA_FIELDS] }));
      expectJson(await send('PUT', product('MUG'), { translations: translations('MUG'), associations: { accessories: 'CUP, NOPE' } }), 400, invalid({ accessories: [NOT_VALID] }));
      expectJson(await send('PATCH', product('MUG'), { associations: 7 }), 400, invalid({}, { associations: [NOT_VALID] }));
      expect(await associationRows()).toEqual(before);
      await expectShown('MUG', { accessories: ['SPOON'], similar: ['CUP', 'PLATE'] });
      expectJson(await send('PATCH', product('NOPE'), { associations: { cross_sell: '' } }), 404, notFound('product'));
    });

    it('a change of associations writes product.updated with the GET; the same associations again write none', async () => {
      let start = await lastSequence();
      expectNoContent(await send('PATCH', product('MUG'), { associations: { similar: 'PLATE , CUP' } }));
      expect(await eventsAfter(start)).toEqual([]);
      start = await lastSequence();
      expectNoContent(await send('PATCH', product('MUG'), { associations: { similar: 'CUP' } }));
      const body = (await get(product('MUG'))).body;
      expect(await eventsAfter(start)).toEqual([['product.updated', body]]);
      expect(JSON.parse(body)).toEqual(await shown('MUG', { accessories: ['SPOON'], similar: ['CUP'] }));
    });
  });

  describe('deletes', () => {
    it('a deleted product leaves the associations of others, each owner with a product.updated after the product.deleted', async () => {
      expect((await create('MUG', { similar: 'CUP,PLATE', upsell: 'SPOON' })).statusCode).toBe(201);
      expectNoContent(await send('PATCH', product('SPOON'), { associations: { accessories: 'CUP' } }));
      expectNoContent(await send('PATCH', product('CUP'), { associations: { similar: 'PLATE' } }));
      const cup = await idOfProduct('CUP');
      const stamp = async (code: string) => (await sql<{ at: string }>(t, 'select updated_at::text as at from product where code = ?', [code]))[0].at;
      const stamped = { MUG: await stamp('MUG'), SPOON: await stamp('SPOON'), PLATE: await stamp('PLATE') };
      const start = await lastSequence();
      expectNoContent(await send('DELETE', product('CUP')));
      expectJson(await get(product('CUP')), 404, notFound('product'));
      // SPOON's only accessory was CUP: that association is gone.
      await expectShown('MUG', { similar: ['PLATE'], upsell: ['SPOON'] });
      await expectShown('SPOON', {});
      const [mug, spoon] = [(await get(product('MUG'))).body, (await get(product('SPOON'))).body];
      const events = await eventsAfter(start);
      // The owners by id: SPOON was created before MUG.
      expect(events).toEqual([
        ['product.deleted', `{"id":${cup},"code":"CUP"}`],
        ['product.updated', spoon],
        ['product.updated', mug],
      ]);
      // The owners' updatedAt moved; PLATE, named by CUP only, is untouched.
      expect({ MUG: (await stamp('MUG')) > stamped.MUG, SPOON: (await stamp('SPOON')) > stamped.SPOON, PLATE: await stamp('PLATE') }).toEqual({ MUG: true, SPOON: true, PLATE: stamped.PLATE });
      // CUP's own association went with it.
      expect(await count(`select 1 from product_association where product_id = ${cup}`)).toBe(0);
      expect(await count(`select 1 from product_association_product where product_id = ${cup}`)).toBe(0);
    });

    it('a product deleted while another write names it: the write is refused or the delete takes it out again, never a 5xx', async () => {
      expect((await create('MUG')).statusCode).toBe(201);
      for (let round = 0; round < 6; round++) {
        const code = `RACER_${round}`;
        expect((await send('POST', '/api/v1/products/', { code })).statusCode).toBe(201);
        const [named, deleted] = await Promise.all([send('PATCH', product('MUG'), { associations: { similar: `PLATE,${code}` } }), send('DELETE', product(code))]);
        expect(deleted.statusCode).toBe(204);
        if (named.statusCode === 400) expect(json(named)).toEqual(invalid({ similar: [NOT_VALID] }));
        else expect(named.statusCode).toBe(204);
        await expectShown('MUG', named.statusCode === 204 ? { similar: ['PLATE'] } : {});
        expectNoContent(await send('PATCH', product('MUG'), { associations: { similar: '' } }));
      }
    });

    it('keeps an association type in use (409), deletes it once no association uses it', async () => {
      expect((await create('MUG', { similar: 'CUP' })).statusCode).toBe(201);
      const before = await associationRows();
      expectJson(await send('DELETE', '/api/v1/product-association-types/similar'), 409, TYPE_IN_USE);
      expect(await associationRows()).toEqual(before);
      await expectShown('MUG', { similar: ['CUP'] });
      expectNoContent(await send('PATCH', product('MUG'), { associations: { similar: '' } }));
      expectNoContent(await send('DELETE', '/api/v1/product-association-types/similar'));
      expectJson(await create('PLATE2', { similar: 'CUP' }), 400, invalid({}, { associations: [EXTRA_FIELDS] }, ['accessories', 'upsell']));
    });
  });
});
