import { expectJson, expectNoContent, idOf, sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { notFound } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Taxon writes (POST /taxons/, PUT, PATCH and DELETE /taxons/{code}, PUT /taxons/{code}/products): the form
 * with one translation child per locale, positions among siblings, moves, subtree deletes and their 409s, the
 * product positions, and the events. `books` is named by a promotion rule, `mugs` by a product.
 */
const SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
taxons:
  - {code: category, name: Category}
  - {code: mugs, name: Mugs, parent: category}
  - {code: books, name: Books, parent: category}
  - {code: stickers, name: Stickers, parent: category}
  - {code: loose, name: Loose}
products:
  - code: MUG
    name: Mug
    taxons: [mugs]
    variants:
      - {code: MUG_SW, name: Star wars mug, channelPricings: {WEB: 20}}
  - code: CUP
    name: Cup
    taxons: [mugs]
    variants:
      - {code: CUP_1, name: Cup, channelPricings: {WEB: 20}}
  - code: CAP
    name: Cap
    variants:
      - {code: CAP_BLACK, name: Black cap, channelPricings: {WEB: 20}}
promotions:
  - code: book_week
    name: Book week
    channels: [WEB]
    rules: [{type: has_taxon, configuration: {taxons: [books]}}]
    actions: [{type: order_fixed_discount, configuration: {WEB: {amount: 100}}}]
`;

const LOCALES = ['en_US', 'de_DE'];
const NOT_VALID = 'This value is not valid.';
const EXTRA_FIELDS = 'This form should not contain extra fields.';
const TAXON_NOT_FOUND = notFound('taxon');
const IN_USE = { code: 409, message: 'The taxon or one of its descendants is used by products or promotions and cannot be deleted.' };

type TranslationErrors = Partial<Record<'name' | 'slug' | 'description', string[]>>;
const node = (errors?: string[]) => (errors === undefined ? {} : { errors });

/** The whole 400 body: every child in form order, every locale of the shop under `translations`. */
function invalid(fields: Partial<Record<'code' | 'parent', string[]>>, translations: Record<string, TranslationErrors> = {}, root?: string[]) {
  const translation = (locale: string) => ({
    children: { name: node(translations[locale]?.name), slug: node(translations[locale]?.slug), description: node(translations[locale]?.description) },
  });
  return {
    code: 400,
    message: 'Validation Failed',
    errors: {
      ...node(root),
      children: {
        translations: { children: Object.fromEntries(LOCALES.map((locale) => [locale, translation(locale)])) },
        code: node(fields.code),
        parent: node(fields.parent),
      },
    },
  };
}

interface Envelope {
  sequence: number;
  type: string;
  data: unknown;
}

describe('catalog: taxon writes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await loadShop(t, SHOP_YAML);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    t.inject({ method, url, headers: JSON_AUTH, ...(body !== undefined && { payload: JSON.stringify(body) }) });
  const taxonId = (code: string) => idOf(t, 'select id from taxon where code = ?', [code]);
  const translationId = (code: string, locale: string) =>
    idOf(t, 'select tt.id from taxon_translation tt join taxon x on x.id = tt.taxon_id where x.code = ? and tt.locale = ?', [code, locale]);
  const ref = async (code: string, name?: string) => ({ id: await taxonId(code), code, ...(name !== undefined && { name }), _links: { self: { href: `/api/v1/taxons/${code}` } } });
  const shown = async (code: string) => {
    const response = await get(`/api/v1/taxons/${code}`);
    expect(response.statusCode).toBe(200);
    return json(response) as Record<string, unknown>;
  };
  /** Code → position, for the children of `parent` (null: the roots), by position. */
  const positions = async (parent: string | null) =>
    sql<{ code: string; position: number }>(
      t,
      `select code, position from taxon where parent_id is not distinct from (select id from taxon where code = ?) order by position, id`,
      [parent],
    );
  const count = async (query: string) => Number((await sql<{ n: string }>(t, `select count(*) as n from (${query}) as counted`))[0].n);
  const rows = async () => ({ taxons: await count('select 1 from taxon'), translations: await count('select 1 from taxon_translation'), events: await count('select 1 from event') });

  const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
  async function eventsAfter(after: number): Promise<Array<Envelope & { dataText: string }>> {
    const page = await get(`/api/v1/events/?after=${after}&limit=500`);
    expect(page.statusCode).toBe(200);
    const items = (json(page) as { _embedded: { items: Envelope[] } })._embedded.items;
    return Promise.all(
      items.map(async (item) => {
        const one = await get(`/api/v1/events/${item.sequence}`);
        const marker = ',"data":';
        return { ...item, dataText: one.body.slice(one.body.indexOf(marker) + marker.length, -1) };
      }),
    );
  }

  describe('POST /api/v1/taxons/', () => {
    it('creates a root without translations: an empty en_US entry, level 0, last among the roots', async () => {
      const before = await lastSequence();
      const response = await send('POST', '/api/v1/taxons/', { code: 'brands' });
      const id = await taxonId('brands');
      const expected = {
        id,
        code: 'brands',
        position: 2,
        translations: { en_US: { locale: 'en_US' } },
        images: [],
        children: [],
        level: 0,
        _links: { self: { href: '/api/v1/taxons/brands' } },
      };
      expectJson(response, 201, expected);
      expect(await shown('brands')).toEqual(expected);
      const events = await eventsAfter(before);
      expect(events.map((event) => event.type)).toEqual(['taxon.created']);
      expect(events[0].dataText).toBe(response.body);
    });

    it('creates a child in two locales, last among its siblings', async () => {
      const response = await send('POST', '/api/v1/taxons/', {
        code: 't_shirts',
        parent: 'category',
        translations: { en_US: { name: 'T-shirts', slug: 't-shirts', description: 'Cotton' }, de_DE: { name: 'T-Shirts', slug: 't-shirts' } },
      });
      expectJson(response, 201, {
        id: await taxonId('t_shirts'),
        code: 't_shirts',
        root: await ref('category', 'Category'),
        parent: await ref('category', 'Category'),
        position: 3,
        translations: {
          en_US: { id: await translationId('t_shirts', 'en_US'), locale: 'en_US', name: 'T-shirts', slug: 't-shirts', description: 'Cotton' },
          de_DE: { id: await translationId('t_shirts', 'de_DE'), locale: 'de_DE', name: 'T-Shirts', slug: 't-shirts' },
        },
        name: 'T-shirts',
        images: [],
        children: [],
        level: 1,
        _links: { self: { href: '/api/v1/taxons/t_shirts' } },
      });
      expect(await shown('category')).toMatchObject({
        children: [await ref('mugs', 'Mugs'), await ref('books', 'Books'), await ref('stickers', 'Stickers'), await ref('t_shirts', 'T-shirts')],
      });
    });

    it('shows a taxon without an en_US translation without a name, here and in the products that name it', async () => {
      const response = await send('POST', '/api/v1/taxons/', { code: 'nameless', parent: 'loose', translations: { de_DE: { name: 'Namenlos', slug: 'namenlos' } } });
      expectJson(response, 201, {
        id: await taxonId('nameless'),
        code: 'nameless',
        root: await ref('loose', 'Loose'),
        parent: await ref('loose', 'Loose'),
        position: 0,
        translations: { de_DE: { id: await translationId('nameless', 'de_DE'), locale: 'de_DE', name: 'Namenlos', slug: 'namenlos' }, en_US: { locale: 'en_US' } },
        images: [],
        children: [],
        level: 1,
        _links: { self: { href: '/api/v1/taxons/nameless' } },
      });
      expectNoContent(await send('PATCH', '/api/v1/products/CAP', { productTaxons: 'nameless', mainTaxon: 'nameless' }));
      const product = json(await get('/api/v1/products/CAP')) as Record<string, unknown>;
      const nameless = { id: await taxonId('nameless'), code: 'nameless' };
      expect([product.taxons, product.mainTaxon]).toEqual([[nameless], nameless]);
      expectNoContent(await send('PATCH', '/api/v1/products/CAP', { productTaxons: '', mainTaxon: null }));
      expectNoContent(await send('DELETE', '/api/v1/taxons/nameless'));
    });

    it('lists every child of the form and every locale for an empty body, and writes nothing', async () => {
      const before = await rows();
      expectJson(await send('POST', '/api/v1/taxons/', {}), 400, invalid({ code: ['Please enter taxon code.'] }));
      expect(await rows()).toEqual(before);
    });

    it('refuses a taken code, a taken slug in the same locale, a missing name and slug, an unknown parent, and images', async () => {
      const before = await rows();
      expectJson(
        await send('POST', '/api/v1/taxons/', { code: 'mugs', parent: 'nowhere', translations: { en_US: { name: 'Shirts', slug: 't-shirts' }, de_DE: { description: 'Neu' } } }),
        400,
        invalid(
          { code: ['Taxon with given code already exists.'], parent: [NOT_VALID] },
          { en_US: { slug: ['Taxon slug must be unique.'] }, de_DE: { name: ['Please enter taxon name.'], slug: ['Please enter taxon slug.'] } },
        ),
      );
      expectJson(await send('POST', '/api/v1/taxons/', { code: 'bad code', translations: { fr_FR: { name: 'x', slug: 'x' } }, images: [] }), 400, {
        code: 400,
        message: 'Validation Failed',
        errors: {
          errors: [EXTRA_FIELDS],
          children: {
            translations: { errors: [EXTRA_FIELDS], children: invalid({}).errors.children.translations.children },
            code: { errors: ['Taxon code can only be comprised of letters, numbers, dashes and underscores.'] },
            parent: {},
          },
        },
      });
      expect(await rows()).toEqual(before);
    });
  });

  describe('PUT and PATCH /api/v1/taxons/{code}', () => {
    beforeAll(async () => {
      expect((await send('POST', '/api/v1/taxons/', { code: 'fiction', parent: 'books', translations: { en_US: { name: 'Fiction', slug: 'fiction' } } })).statusCode).toBe(201);
      expect((await send('POST', '/api/v1/taxons/', { code: 'poetry', parent: 'books', translations: { en_US: { name: 'Poetry', slug: 'poetry' } } })).statusCode).toBe(201);
    });

    it('PATCH changes only what is sent; sending the same again records no event', async () => {
      const before = await lastSequence();
      expectNoContent(await send('PATCH', '/api/v1/taxons/fiction', { translations: { de_DE: { name: 'Romane', slug: 'romane' } } }));
      expect(await shown('fiction')).toMatchObject({
        name: 'Fiction',
        translations: {
          en_US: { locale: 'en_US', name: 'Fiction', slug: 'fiction' },
          de_DE: { locale: 'de_DE', name: 'Romane', slug: 'romane' },
        },
      });
      const afterChange = await lastSequence();
      expectNoContent(await send('PATCH', '/api/v1/taxons/fiction', { translations: { de_DE: { name: 'Romane' } }, code: 'IGNORED' }));
      const events = await eventsAfter(before);
      expect(events.map((event) => event.type)).toEqual(['taxon.updated']);
      expect(events[0].dataText).toBe(JSON.stringify(await shown('fiction')));
      expect(await lastSequence()).toBe(afterChange);
    });

    it('PUT must send every translation again and makes a taxon without parent a root', async () => {
      expectJson(
        await send('PUT', '/api/v1/taxons/fiction', { translations: { en_US: { name: 'Fiction', slug: 'fiction' } } }),
        400,
        invalid({}, { de_DE: { name: ['Please enter taxon name.'], slug: ['Please enter taxon slug.'] } }),
      );
      expectNoContent(
        await send('PUT', '/api/v1/taxons/poetry', { translations: { en_US: { name: 'Poems', slug: 'poems' } } }),
      );
      const poetry = await shown('poetry');
      expect(poetry).toEqual({
        id: await taxonId('poetry'),
        code: 'poetry',
        position: 3,
        translations: { en_US: { id: await translationId('poetry', 'en_US'), locale: 'en_US', name: 'Poems', slug: 'poems' } },
        name: 'Poems',
        images: [],
        children: [],
        level: 0,
        _links: { self: { href: '/api/v1/taxons/poetry' } },
      });
    });

    it('PATCH parent moves the taxon last under its new parent, and its old siblings close the gap', async () => {
      expect(await positions('category')).toEqual([
        { code: 'mugs', position: 0 },
        { code: 'books', position: 1 },
        { code: 'stickers', position: 2 },
        { code: 't_shirts', position: 3 },
      ]);
      const before = await lastSequence();
      expectNoContent(await send('PATCH', '/api/v1/taxons/stickers', { parent: 'loose' }));
      expect(await positions('category')).toEqual([
        { code: 'mugs', position: 0 },
        { code: 'books', position: 1 },
        { code: 't_shirts', position: 2 },
      ]);
      expect(await positions('loose')).toEqual([{ code: 'stickers', position: 0 }]);
      expect(await shown('stickers')).toEqual({
        id: await taxonId('stickers'),
        code: 'stickers',
        root: await ref('loose', 'Loose'),
        parent: await ref('loose', 'Loose'),
        position: 0,
        translations: { en_US: { locale: 'en_US', name: 'Stickers' } },
        name: 'Stickers',
        images: [],
        children: [],
        level: 1,
        _links: { self: { href: '/api/v1/taxons/stickers' } },
      });
      const events = await eventsAfter(before);
      expect(events.map((event) => event.type)).toEqual(['taxon.updated']);
      expect(events[0].dataText).toBe(JSON.stringify(await shown('stickers')));
    });

    it('refuses to move a taxon under itself or a descendant, and an unknown parent', async () => {
      const message = 'A taxon cannot be moved under itself or one of its descendants.';
      expectJson(await send('PATCH', '/api/v1/taxons/category', { parent: 'category' }), 400, invalid({ parent: [message] }));
      expectJson(await send('PATCH', '/api/v1/taxons/category', { parent: 'fiction' }), 400, invalid({ parent: [message] }));
      expectJson(await send('PATCH', '/api/v1/taxons/category', { parent: 'nowhere' }), 400, invalid({ parent: [NOT_VALID] }));
      expect(await positions(null)).toEqual([
        { code: 'category', position: 0 },
        { code: 'loose', position: 1 },
        { code: 'brands', position: 2 },
        { code: 'poetry', position: 3 },
      ]);
    });

    it('runs two moves that would each close a cycle one after the other: the second is refused', async () => {
      expect((await send('POST', '/api/v1/taxons/', { code: 'left' })).statusCode).toBe(201);
      expect((await send('POST', '/api/v1/taxons/', { code: 'right' })).statusCode).toBe(201);
      const answers = await Promise.all([send('PATCH', '/api/v1/taxons/left', { parent: 'right' }), send('PATCH', '/api/v1/taxons/right', { parent: 'left' })]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 400]);
      const parents = await sql<{ code: string; parent: string | null }>(
        t,
        `select x.code, p.code as parent from taxon x left join taxon p on p.id = x.parent_id where x.code in ('left', 'right') order by x.code`,
      );
      expect(parents.filter((row) => row.parent !== null)).toHaveLength(1);
      const root = parents.find((row) => row.parent === null)!.code;
      expectNoContent(await send('DELETE', `/api/v1/taxons/${root}`));
      expectJson(await get('/api/v1/taxons/left'), 404, TAXON_NOT_FOUND);
      expectJson(await get('/api/v1/taxons/right'), 404, TAXON_NOT_FOUND);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await send('PATCH', '/api/v1/taxons/nowhere', {}), 404, TAXON_NOT_FOUND);
      expectJson(await send('PUT', '/api/v1/taxons/nowhere', {}), 404, TAXON_NOT_FOUND);
    });
  });

  describe('DELETE /api/v1/taxons/{code}', () => {
    it('refuses (409, nothing deleted) a taxon whose subtree a product or a promotion names', async () => {
      const before = await rows();
      expectJson(await send('DELETE', '/api/v1/taxons/category'), 409, IN_USE);
      expectJson(await send('DELETE', '/api/v1/taxons/mugs'), 409, IN_USE);
      expectJson(await send('DELETE', '/api/v1/taxons/books'), 409, IN_USE);
      await sql(t, `update product set main_taxon_id = (select id from taxon where code = 'stickers') where code = 'CAP'`);
      expectJson(await send('DELETE', '/api/v1/taxons/loose'), 409, IN_USE);
      await sql(t, `update product set main_taxon_id = null where code = 'CAP'`);
      // A unit discount's taxon filter and a total-of-items rule name taxons by code too.
      const promotion = await idOf(t, `select id from promotion where code = 'book_week'`, []);
      await sql(t, `insert into promotion_action (promotion_id, type, configuration) values (?, 'unit_percentage_discount', ?::jsonb)`, [
        promotion,
        JSON.stringify({ WEB: { percentage: 0.1, filters: { taxons_filter: { taxons: ['poetry'] } } } }),
      ]);
      await sql(t, `insert into promotion_rule (promotion_id, type, configuration) values (?, 'total_of_items_from_taxon', ?::jsonb)`, [
        promotion,
        JSON.stringify({ WEB: { taxon: 'brands', amount: 100 } }),
      ]);
      expectJson(await send('DELETE', '/api/v1/taxons/poetry'), 409, IN_USE);
      expectJson(await send('DELETE', '/api/v1/taxons/brands'), 409, IN_USE);
      await sql(t, `delete from promotion_action where type = 'unit_percentage_discount' and promotion_id = ?`, [promotion]);
      await sql(t, `delete from promotion_rule where type = 'total_of_items_from_taxon' and promotion_id = ?`, [promotion]);
      expect(await rows()).toEqual(before);
    });

    it('deletes the subtree, children first in the events, and the later siblings close the gap', async () => {
      expect((await send('POST', '/api/v1/taxons/', { code: 'sleeves', parent: 't_shirts' })).statusCode).toBe(201);
      const ids = { shirts: await taxonId('t_shirts'), sleeves: await taxonId('sleeves'), loose: await taxonId('loose'), stickers: await taxonId('stickers') };
      const before = await lastSequence();
      expectNoContent(await send('DELETE', '/api/v1/taxons/t_shirts'));
      expectNoContent(await send('DELETE', '/api/v1/taxons/loose'));
      for (const code of ['t_shirts', 'sleeves', 'loose', 'stickers']) expectJson(await get(`/api/v1/taxons/${code}`), 404, TAXON_NOT_FOUND);
      expect(await count(`select 1 from taxon_translation where taxon_id = ${ids.shirts}`)).toBe(0);
      const events = await eventsAfter(before);
      expect(events.map((event) => [event.type, event.data])).toEqual([
        ['taxon.deleted', { id: ids.sleeves, code: 'sleeves' }],
        ['taxon.deleted', { id: ids.shirts, code: 't_shirts' }],
        ['taxon.deleted', { id: ids.stickers, code: 'stickers' }],
        ['taxon.deleted', { id: ids.loose, code: 'loose' }],
      ]);
      expect(await positions(null)).toEqual([
        { code: 'category', position: 0 },
        { code: 'brands', position: 1 },
        { code: 'poetry', position: 2 },
      ]);
      expect(await positions('category')).toEqual([
        { code: 'mugs', position: 0 },
        { code: 'books', position: 1 },
      ]);
      expectJson(await send('DELETE', '/api/v1/taxons/t_shirts'), 404, TAXON_NOT_FOUND);
    });
  });

  describe('PUT /api/v1/taxons/{code}/products', () => {
    const productPositions = () =>
      sql<{ code: string; position: number }>(
        t,
        `select p.code, pt.position from product_taxon pt join product p on p.id = pt.product_id where pt.taxon_id = (select id from taxon where code = 'mugs') order by p.code`,
      );

    it('sets the positions of products in the taxon', async () => {
      const before = await lastSequence();
      expectNoContent(
        await send('PUT', '/api/v1/taxons/mugs/products', { productsPositions: [{ productCode: 'MUG', position: 2 }, { productCode: 'CUP', position: '1' }] }),
      );
      expect(await productPositions()).toEqual([
        { code: 'CUP', position: 1 },
        { code: 'MUG', position: 2 },
      ]);
      expect(await lastSequence()).toBe(before);
    });

    it('refuses a position that is no whole number, a product not in the taxon, and a body without the list; nothing changes', async () => {
      const before = await productPositions();
      expectJson(
        await send('PUT', '/api/v1/taxons/mugs/products', { productsPositions: [{ productCode: 'MUG', position: 0 }, { productCode: 'CUP', position: 'second' }] }),
        400,
        { code: 400, message: 'The productTaxon position "second" is invalid.' },
      );
      expectJson(await send('PUT', '/api/v1/taxons/mugs/products', { productsPositions: [{ productCode: 'MUG', position: 0 }, { productCode: 'CAP', position: 1 }] }), 400, {
        code: 400,
        message: 'The product "CAP" is not in the taxon "mugs".',
      });
      expectJson(await send('PUT', '/api/v1/taxons/mugs/products', { productsPositions: [{ productCode: 'NOPE', position: 1 }] }), 400, {
        code: 400,
        message: 'The product "NOPE" is not in the taxon "mugs".',
      });
      expectJson(await send('PUT', '/api/v1/taxons/mugs/products', {}), 400, {
        code: 400,
        message: 'The body must have "productsPositions": a list of {"productCode": "…", "position": …}.',
      });
      expectJson(await send('PUT', '/api/v1/taxons/nowhere/products', {}), 404, TAXON_NOT_FOUND);
      expect(await productPositions()).toEqual(before);
    });
  });
});
