import { expectJson, idOf, sql } from '../support/cart-expectations';
import { DEMO_AUTH, loadDemoShop } from '../support/demo-shop';
import { ACCESS_DENIED, fullVariant, notFound, optionValue, PAGE_NOT_FOUND, shippingCategory, stamps, taxCategory, variantListItem, type VariantExpectation } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/** Added to the demo shop: variants without names, translations or prices (LIMITED_MUG is renamed below). */
const EXTRA_YAML = `
products:
  - code: LIMITED_MUG
    translations: {de_DE: {name: Limitierter Becher}}
    variants:
      - {code: LIMITED_MUG_1, translations: {de_DE: {name: Einzelstück}}}
  - code: PLAIN_MUG
    translations: {en_US: {name: Plain mug}, de_DE: {name: Schlichter Becher}}
    variants:
      - {code: PLAIN_MUG_DEFAULT, channelPricings: {WEB: 500}}
`;

const BOTH = (text: string) => ({ en_US: text, de_DE: text });

describe('catalog resources: products and product variants', () => {
  let t: TestApp;
  let recording: string[] | null = null;

  beforeAll(async () => {
    t = await startTestApp({ onQuery: (message) => recording?.push(message) });
    await loadDemoShop(t, EXTRA_YAML);
    // What the fixture format cannot express: codes that need URL encoding, descriptions and dimensions.
    await sql(t, `update product set code = 'LIMITED MUG/1' where code = 'LIMITED_MUG'`);
    await sql(t, `update product_variant set code = 'LIMITED MUG/1 ü' where code = 'LIMITED_MUG_1'`);
    await sql(t, `update product_translation set description = 'Adjustable strap' where locale = 'en_US' and product_id = (select id from product where code = 'CAP')`);
    await sql(t, `update product_variant set weight = 0.25, width = 20, height = 12.5, depth = 25 where code = 'CAP_BLACK'`);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: DEMO_AUTH });
  const productId = (code: string) => idOf(t, 'select id from product where code = ?', [code]);
  const productTranslationId = (code: string, locale: string) =>
    idOf(t, 'select pt.id from product_translation pt join product p on p.id = pt.product_id where p.code = ? and pt.locale = ?', [code, locale]);
  const taxonId = (code: string) => idOf(t, 'select id from taxon where code = ?', [code]);
  const optionId = (code: string) => idOf(t, 'select id from product_option where code = ?', [code]);

  const std = () => taxCategory(t, { code: 'std', name: 'Standard', description: 'Most goods' });
  const regular = () => shippingCategory(t, { code: 'regular', name: 'Regular' });

  async function mugVariants() {
    const [taxCategory, shippingCategory] = [await std(), await regular()];
    const mug = (v: Omit<VariantExpectation, 'productCode' | 'taxCategory' | 'shippingCategory'>) =>
      fullVariant(t, { productCode: 'MUG', taxCategory, shippingCategory, ...v });
    return [
      await mug({
        code: 'MUG_SW',
        descriptor: 'Star wars mug (MUG_SW)',
        position: 0,
        names: BOTH('Star wars mug'),
        optionValues: [['MUG_SIZE_S', BOTH('Size S')], ['MUG_COLOR_WHITE', BOTH('White')]],
        prices: { WEB: 1059, EU_WEB: 999 },
      }),
      await mug({
        code: 'MUG_LOTR',
        descriptor: 'Lord of the rings mug (MUG_LOTR)',
        position: 1,
        names: BOTH('Lord of the rings mug'),
        optionValues: [['MUG_SIZE_L', BOTH('Size L')], ['MUG_COLOR_WHITE', BOTH('White')]],
        prices: { WEB: 1259, EU_WEB: 1199 },
      }),
      // The completed demo order holds one unit, which also bumped the version.
      await mug({
        code: 'HARD_AVAILABLE_MUG',
        descriptor: 'Breaking bad mug (HARD_AVAILABLE_MUG)',
        position: 2,
        names: BOTH('Breaking bad mug'),
        optionValues: [['MUG_SIZE_L', BOTH('Size L')], ['MUG_COLOR_BLACK', BOTH('Black')]],
        tracked: true,
        onHand: 5,
        onHold: 1,
        version: 2,
        prices: { WEB: 1500, EU_WEB: 1400 },
      }),
    ];
  }

  describe('GET /api/v1/products/{code}', () => {
    it('shows a product with its variants by position, options with values, translations, taxons and links', async () => {
      const id = await productId('MUG');
      expectJson(await get('/api/v1/products/MUG'), 200, {
        id,
        code: 'MUG',
        variants: await mugVariants(),
        attributes: [],
        options: [
          {
            id: await optionId('MUG_SIZE'),
            code: 'MUG_SIZE',
            name: 'Mug size',
            position: 0,
            values: [await optionValue(t, 'MUG_SIZE_S', BOTH('Size S')), await optionValue(t, 'MUG_SIZE_L', BOTH('Size L'))],
          },
          {
            id: await optionId('MUG_COLOR'),
            code: 'MUG_COLOR',
            name: 'Mug color',
            position: 1,
            values: [await optionValue(t, 'MUG_COLOR_WHITE', BOTH('White')), await optionValue(t, 'MUG_COLOR_BLACK', BOTH('Black'))],
          },
        ],
        associations: [],
        translations: {
          en_US: { locale: 'en_US', id: await productTranslationId('MUG', 'en_US'), name: 'Mug' },
          de_DE: { locale: 'de_DE', id: await productTranslationId('MUG', 'de_DE'), name: 'Becher' },
        },
        taxons: [{ id: await taxonId('mugs'), code: 'mugs', name: 'Mugs' }],
        enabled: true,
        averageRating: 0,
        ...(await stamps(t, 'product', 'id = ?', [id])),
        _links: { self: { href: '/api/v1/products/MUG' }, variants: { href: '/api/v1/products/MUG/variants/' } },
      });
    });

    it('shows descriptions and dimensions when set, and leaves out categories and prices that are not', async () => {
      const id = await productId('CAP');
      const taxCategory = await std();
      expectJson(await get('/api/v1/products/CAP'), 200, {
        id,
        code: 'CAP',
        variants: [
          await fullVariant(t, {
            productCode: 'CAP',
            code: 'CAP_BLACK',
            descriptor: 'Black cap (CAP_BLACK)',
            position: 0,
            names: BOTH('Black cap'),
            dimensions: { weight: 0.25, width: 20, height: 12.5, depth: 25 },
            taxCategory,
            prices: { WEB: 1599, EU_WEB: 1499 },
          }),
          await fullVariant(t, {
            productCode: 'CAP',
            code: 'CAP_WHITE',
            descriptor: 'White cap (CAP_WHITE)',
            position: 1,
            names: BOTH('White cap'),
            taxCategory,
            prices: { WEB: 1599 },
          }),
        ],
        attributes: [],
        options: [],
        associations: [],
        translations: {
          en_US: { locale: 'en_US', id: await productTranslationId('CAP', 'en_US'), name: 'Baseball cap', description: 'Adjustable strap' },
          de_DE: { locale: 'de_DE', id: await productTranslationId('CAP', 'de_DE'), name: 'Baseball cap' },
        },
        taxons: [{ id: await taxonId('accessories'), code: 'accessories', name: 'Accessories' }],
        enabled: true,
        averageRating: 0,
        ...(await stamps(t, 'product', 'id = ?', [id])),
        _links: { self: { href: '/api/v1/products/CAP' }, variants: { href: '/api/v1/products/CAP/variants/' } },
      });
    });

    it('shows a disabled product', async () => {
      const id = await productId('OLD_MUG');
      expectJson(await get('/api/v1/products/OLD_MUG'), 200, {
        id,
        code: 'OLD_MUG',
        variants: [
          await fullVariant(t, {
            productCode: 'OLD_MUG',
            code: 'OLD_MUG_DEFAULT',
            descriptor: 'Discontinued mug (OLD_MUG_DEFAULT)',
            position: 0,
            names: BOTH('Discontinued mug'),
            prices: { WEB: 799 },
          }),
        ],
        attributes: [],
        options: [],
        associations: [],
        translations: {
          en_US: { locale: 'en_US', id: await productTranslationId('OLD_MUG', 'en_US'), name: 'Discontinued mug' },
          de_DE: { locale: 'de_DE', id: await productTranslationId('OLD_MUG', 'de_DE'), name: 'Discontinued mug' },
        },
        taxons: [{ id: await taxonId('mugs'), code: 'mugs', name: 'Mugs' }],
        enabled: false,
        averageRating: 0,
        ...(await stamps(t, 'product', 'id = ?', [id])),
        _links: { self: { href: '/api/v1/products/OLD_MUG' }, variants: { href: '/api/v1/products/OLD_MUG/variants/' } },
      });
    });

    it('decodes codes in the path and encodes them in links; without any name the descriptor is "(<code>)"', async () => {
      const id = await productId('LIMITED MUG/1');
      const variant = await fullVariant(t, {
        productCode: 'LIMITED MUG/1',
        code: 'LIMITED MUG/1 ü',
        descriptor: '(LIMITED MUG/1 ü)',
        position: 0,
        names: { de_DE: 'Einzelstück' },
        prices: {},
      });
      expect(variant._links).toEqual({
        self: { href: '/api/v1/products/LIMITED%20MUG%2F1/variants/LIMITED%20MUG%2F1%20%C3%BC' },
        product: { href: '/api/v1/products/LIMITED%20MUG%2F1' },
      });
      expect(variant.channelPricings).toEqual([]);
      expectJson(await get('/api/v1/products/LIMITED%20MUG%2F1'), 200, {
        id,
        code: 'LIMITED MUG/1',
        variants: [variant],
        attributes: [],
        options: [],
        associations: [],
        translations: { de_DE: { locale: 'de_DE', id: await productTranslationId('LIMITED MUG/1', 'de_DE'), name: 'Limitierter Becher' } },
        taxons: [],
        enabled: true,
        averageRating: 0,
        ...(await stamps(t, 'product', 'id = ?', [id])),
        _links: { self: { href: '/api/v1/products/LIMITED%20MUG%2F1' }, variants: { href: '/api/v1/products/LIMITED%20MUG%2F1/variants/' } },
      });
      expectJson(await get('/api/v1/products/LIMITED%20MUG%2F1/variants/LIMITED%20MUG%2F1%20%C3%BC'), 200, variant);
    });

    it.each([
      ['an unknown code', '/api/v1/products/NOPE'],
      ['a variant code', '/api/v1/products/MUG_SW'],
      ['a code differing in case', '/api/v1/products/mug'],
    ])('answers 404 for %s', async (_case, url) => {
      expectJson(await get(url), 404, notFound('product'));
    });
  });

  describe('GET /api/v1/products/{productCode}/variants/{code}', () => {
    it('shows the full variant form', async () => {
      const [sw, , hard] = await mugVariants();
      expectJson(await get('/api/v1/products/MUG/variants/MUG_SW'), 200, sw);
      expectJson(await get('/api/v1/products/MUG/variants/HARD_AVAILABLE_MUG'), 200, hard);
      expectJson(
        await get('/api/v1/products/CAP/variants/CAP_BLACK'),
        200,
        await fullVariant(t, {
          productCode: 'CAP',
          code: 'CAP_BLACK',
          descriptor: 'Black cap (CAP_BLACK)',
          position: 0,
          names: BOTH('Black cap'),
          dimensions: { weight: 0.25, width: 20, height: 12.5, depth: 25 },
          taxCategory: await std(),
          prices: { WEB: 1599, EU_WEB: 1499 },
        }),
      );
    });

    it('names a variant without translations after its product, in the first channel\'s default locale', async () => {
      const plain = (descriptor: string) =>
        fullVariant(t, { productCode: 'PLAIN_MUG', code: 'PLAIN_MUG_DEFAULT', descriptor, position: 0, names: {}, prices: { WEB: 500 } });
      const url = '/api/v1/products/PLAIN_MUG/variants/PLAIN_MUG_DEFAULT';
      expectJson(await get(url), 200, await plain('Plain mug (PLAIN_MUG_DEFAULT)'));

      const setWebLocale = (locale: string) =>
        sql(t, `update channel set default_locale_id = (select id from locale where code = ?) where code = 'WEB'`, [locale]);
      await setWebLocale('de_DE');
      try {
        expectJson(await get(url), 200, await plain('Schlichter Becher (PLAIN_MUG_DEFAULT)'));
      } finally {
        await setWebLocale('en_US');
      }
    });

    it.each([
      ['an unknown variant', '/api/v1/products/MUG/variants/NOPE'],
      ['a variant of another product', '/api/v1/products/CAP/variants/MUG_SW'],
      ['an unknown product', '/api/v1/products/NOPE/variants/MUG_SW'],
      ['a product code in place of a variant code', '/api/v1/products/MUG/variants/MUG'],
    ])('answers 404 for %s', async (_case, url) => {
      expectJson(await get(url), 404, notFound('product variant'));
    });
  });

  describe('GET /api/v1/products/{productCode}/variants/', () => {
    const href = (query: string) => ({ href: `/api/v1/products/MUG/variants/?${query}` });

    it('lists the variants by position in the list form, with and without the trailing slash', async () => {
      const expected = {
        page: 1,
        limit: 10,
        pages: 1,
        total: 3,
        _links: { self: href('page=1&limit=10'), first: href('page=1&limit=10'), last: href('page=1&limit=10') },
        _embedded: { items: (await mugVariants()).map(variantListItem) },
      };
      expectJson(await get('/api/v1/products/MUG/variants/'), 200, expected);
      expectJson(await get('/api/v1/products/MUG/variants'), 200, expected);
    });

    it('pages and sorts', async () => {
      const [sw, lotr, hard] = (await mugVariants()).map(variantListItem);
      expectJson(await get('/api/v1/products/MUG/variants/?limit=2&page=2'), 200, {
        page: 2,
        limit: 2,
        pages: 2,
        total: 3,
        _links: { self: href('page=2&limit=2'), first: href('page=1&limit=2'), last: href('page=2&limit=2'), previous: href('page=1&limit=2') },
        _embedded: { items: [hard] },
      });
      const sorted = await get('/api/v1/products/MUG/variants/?sorting[code]=desc&limit=2');
      expectJson(sorted, 200, {
        page: 1,
        limit: 2,
        pages: 2,
        total: 3,
        _links: {
          self: href('sorting%5Bcode%5D=desc&page=1&limit=2'),
          first: href('sorting%5Bcode%5D=desc&page=1&limit=2'),
          last: href('sorting%5Bcode%5D=desc&page=2&limit=2'),
          next: href('sorting%5Bcode%5D=desc&page=2&limit=2'),
        },
        _embedded: { items: [sw, lotr] },
      });
    });

    it('answers an unknown product with 404, a zero limit with Page Not Found, and a page past the end with the last page', async () => {
      expectJson(await get('/api/v1/products/NOPE/variants/'), 404, notFound('product'));
      expectJson(await get('/api/v1/products/MUG/variants/?limit=0'), 404, PAGE_NOT_FOUND);
      expectJson(await get('/api/v1/products/MUG/variants/?page=2'), 200, {
        page: 1,
        limit: 10,
        pages: 1,
        total: 3,
        _links: { self: href('page=1&limit=10'), first: href('page=1&limit=10'), last: href('page=1&limit=10') },
        _embedded: { items: (await mugVariants()).map(variantListItem) },
      });
    });
  });

  describe('authentication', () => {
    it.each(['/api/v1/products/MUG', '/api/v1/products/MUG/variants/', '/api/v1/products/MUG/variants/MUG_SW', '/api/v1/products/NOPE'])(
      'answers 401 to GET %s without a token',
      async (url) => {
        expectJson(await t.inject({ method: 'GET', url }), 401, ACCESS_DENIED);
      },
    );

    it('answers 405 to a POST on a product', async () => {
      const response = await t.inject({ method: 'POST', url: '/api/v1/products/MUG', headers: DEMO_AUTH });
      expect({ status: response.statusCode, allow: response.headers.allow }).toEqual({ status: 405, allow: 'GET, PUT, PATCH, DELETE' });
    });
  });

  describe('SQL statements per request (authentication included)', () => {
    const counted = async (url: string): Promise<number> => {
      recording = [];
      const response = await get(url);
      const statements = recording.length;
      recording = null;
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      return statements;
    };

    it('reads a product, a variant and a page of variants in a fixed number of statements', async () => {
      const products = [await counted('/api/v1/products/GIFT_CARD'), await counted('/api/v1/products/MUG'), await counted('/api/v1/products/T_SHIRT_LOGO')];
      // The channel resource reads one row, so this is what authentication costs.
      const auth = (await counted('/api/v1/channels/WEB')) - 1;
      // The product or variants in one statement, then their tax and shipping categories (one statement each).
      expect(products).toEqual([auth + 3, auth + 3, auth + 3]);
      expect(await counted('/api/v1/products/MUG/variants/MUG_SW')).toBe(auth + 3);
      // A page also counts the product's variants first.
      expect([await counted('/api/v1/products/MUG/variants/?limit=1'), await counted('/api/v1/products/MUG/variants/')]).toEqual([auth + 4, auth + 4]);
    });
  });
});
