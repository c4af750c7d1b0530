import { expectJson, idOf, sql } from '../support/cart-expectations';
import { DEMO_AUTH, loadDemoShop } from '../support/demo-shop';
import { ACCESS_DENIED, notFound, optionValue, PAGE_NOT_FOUND, shippingCategory, taxCategory, variantListItem, fullVariant } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Added to the demo shop: a product without an en_US name (never listed), a product with two variants (one
 * without a name), a taxon under clothing, and two more promotions (one coupon based).
 */
const EXTRA_YAML = `
taxons:
  - {code: polo_shirts, name: Polo shirts, parent: clothing}
products:
  - code: GERMAN_ONLY
    translations: {de_DE: {name: Nur auf Deutsch}}
    variants:
      - {code: GERMAN_ONLY_1, channelPricings: {WEB: 100}}
  - code: SUNDAY_MUG
    translations: {en_US: {name: Sunday promo mug}}
    options: [MUG_SIZE]
    taxons: [mugs]
    variants:
      - {code: SUNDAY_MUG_S, translations: {en_US: {name: Small Sunday mug}}, optionValues: [MUG_SIZE_S], channelPricings: {WEB: 900}}
      - {code: SUNDAY_MUG_L, optionValues: [MUG_SIZE_L], channelPricings: {WEB: 1100}}
promotions:
  - code: sunday_promotion
    name: Sunday promotion
    priority: 3
    channels: [WEB]
    actions:
      - {type: order_percentage_discount, configuration: {percentage: 0.05}}
  - code: WEEKEND_PROMO
    name: Weekend sale
    priority: 6
    couponBased: true
    channels: [WEB]
    actions:
      - {type: order_percentage_discount, configuration: {percentage: 0.2}}
`;

const BOTH = (text: string) => ({ en_US: text, de_DE: text });

/** Each option's name and values (code, value), as the demo shop has them. */
const OPTIONS: Record<string, [string, Array<[string, string]>]> = {
  MUG_SIZE: ['Mug size', [['MUG_SIZE_S', 'Size S'], ['MUG_SIZE_L', 'Size L']]],
  MUG_COLOR: ['Mug color', [['MUG_COLOR_WHITE', 'White'], ['MUG_COLOR_BLACK', 'Black']]],
  CLOTHING_SIZE: ['Size', [['CLOTHING_SIZE_S', 'S'], ['CLOTHING_SIZE_M', 'M'], ['CLOTHING_SIZE_L', 'L']]],
  BOOK_FORMAT: ['Format', [['BOOK_FORMAT_HARDCOVER', 'Hardcover'], ['BOOK_FORMAT_PAPERBACK', 'Paperback']]],
};

/** Every listed product (those with an en_US name) by code, with its name and options. */
const PRODUCTS: Array<[string, string, string[]]> = [
  ['BOOK_POSTGRES', 'PostgreSQL internals', ['BOOK_FORMAT']],
  ['BOOK_TYPESCRIPT', 'TypeScript in practice', ['BOOK_FORMAT']],
  ['CAP', 'Baseball cap', []],
  ['EBOOK_NEST', 'NestJS by example (e-book)', []],
  ['GIFT_CARD', 'Gift card', []],
  ['HOODIE', 'Hoodie', ['CLOTHING_SIZE']],
  ['MUG', 'Mug', ['MUG_SIZE', 'MUG_COLOR']],
  ['OLD_MUG', 'Discontinued mug', []],
  ['POSTER', 'Galaxy poster', []],
  ['STICKER_PACK', 'Sticker pack', []],
  ['SUNDAY_MUG', 'Sunday promo mug', ['MUG_SIZE']],
  ['TOTE_BAG', 'Tote bag', []],
  ['T_SHIRT_LOGO', 'Logo T-shirt', ['CLOTHING_SIZE']],
  ['T_SHIRT_STRIPES', 'Striped T-shirt', ['CLOTHING_SIZE']],
];

describe('catalogue lists: products, variants, promotions and taxons', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await loadDemoShop(t, EXTRA_YAML);
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: DEMO_AUTH });
  const href = (path: string) => (query: string) => ({ href: `${path}?${query}` });

  /** The envelope of a page, its links carrying `query` first. */
  function page(path: string, query: string, n: number, limit: number, total: number, items: unknown[]) {
    const link = (k: number) => href(path)(`${query === '' ? '' : `${query}&`}page=${k}&limit=${limit}`);
    const pages = Math.max(1, Math.ceil(total / limit));
    return {
      page: n,
      limit,
      pages,
      total,
      _links: { self: link(n), first: link(1), last: link(pages), ...(n < pages && { next: link(n + 1) }), ...(n > 1 && { previous: link(n - 1) }) },
      _embedded: { items },
    };
  }

  async function option(code: string) {
    const [name, values] = OPTIONS[code];
    const [row] = await sql<{ id: number; position: number }>(t, 'select id, position from product_option where code = ?', [code]);
    const optionValues = [];
    for (const [valueCode, value] of values) optionValues.push(await optionValue(t, valueCode, BOTH(value)));
    return { id: row.id, code, name, position: row.position, values: optionValues };
  }

  async function product(code: string) {
    const [, name, options] = PRODUCTS.find(([known]) => known === code)!;
    const expectedOptions = [];
    for (const optionCode of options) expectedOptions.push(await option(optionCode));
    return {
      id: await idOf(t, 'select id from product where code = ?', [code]),
      name,
      code,
      options: expectedOptions,
      averageRating: 0,
      images: [],
      _links: { self: { href: `/api/v1/products/${code}` } },
    };
  }

  const products = async (...codes: string[]) => {
    const items = [];
    for (const code of codes) items.push(await product(code));
    return items;
  };
  const allCodes = PRODUCTS.map(([code]) => code);

  describe('authentication', () => {
    it.each(['/api/v1/products/', '/api/v1/products/MUG/variants/', '/api/v1/promotions/', '/api/v1/taxons/', '/api/v1/taxons/category'])(
      'answers 401 to GET %s without a token',
      async (url) => {
        expectJson(await t.inject({ method: 'GET', url }), 401, ACCESS_DENIED);
      },
    );
  });

  describe('GET /api/v1/products/', () => {
    const PRODUCTS_PATH = '/api/v1/products/';

    it('lists the products with an en_US name by code, in pages of 10 by default, with and without the trailing slash', async () => {
      const expected = page(PRODUCTS_PATH, '', 1, 10, 14, await products(...allCodes.slice(0, 10)));
      expectJson(await get('/api/v1/products/'), 200, expected);
      expectJson(await get('/api/v1/products'), 200, expected);
    });

    it('pages forwards and from the end alike, and answers a page past the end with the last page', async () => {
      expectJson(await get('/api/v1/products/?limit=5&page=2'), 200, page(PRODUCTS_PATH, '', 2, 5, 14, await products(...allCodes.slice(5, 10))));
      const last = page(PRODUCTS_PATH, '', 3, 5, 14, await products(...allCodes.slice(10)));
      expectJson(await get('/api/v1/products/?limit=5&page=3'), 200, last);
      expectJson(await get('/api/v1/products/?page=99&limit=5'), 200, last);
      // The last page of a reverse sort, also read from the end.
      expectJson(
        await get('/api/v1/products/?sorting%5Bcode%5D=desc&limit=4&page=4'),
        200,
        page(PRODUCTS_PATH, 'sorting%5Bcode%5D=desc', 4, 4, 14, await products('BOOK_TYPESCRIPT', 'BOOK_POSTGRES')),
      );
    });

    it('caps the page size at 50', async () => {
      expectJson(await get('/api/v1/products/?limit=51'), 200, page(PRODUCTS_PATH, '', 1, 50, 14, await products(...allCodes)));
    });

    it('sorts by name or code, carrying the sorting into the links', async () => {
      const byName = [...PRODUCTS].sort(([, a], [, b]) => (a < b ? -1 : 1)).map(([code]) => code);
      expectJson(await get('/api/v1/products/?sorting[name]=asc&limit=3&page=2'), 200, page(PRODUCTS_PATH, 'sorting%5Bname%5D=asc', 2, 3, 14, await products(...byName.slice(3, 6))));
      expectJson(await get('/api/v1/products/?sorting[name]=desc&limit=3&page=5'), 200, page(PRODUCTS_PATH, 'sorting%5Bname%5D=desc', 5, 3, 14, await products(...byName.slice(0, 2).reverse())));
      expectJson(await get('/api/v1/products/?sorting[code]=desc&limit=2'), 200, page(PRODUCTS_PATH, 'sorting%5Bcode%5D=desc', 1, 2, 14, await products('T_SHIRT_STRIPES', 'T_SHIRT_LOGO')));
    });

    it('searches the code and the en_US name, in either filter form', async () => {
      expectJson(await get('/api/v1/products/?criteria[search]=mug'), 200, page(PRODUCTS_PATH, 'criteria%5Bsearch%5D=mug', 1, 10, 3, await products('MUG', 'OLD_MUG', 'SUNDAY_MUG')));
      // "promo" is only in a name, "shirt" in both codes and names, "Nur" only in a de_DE name.
      expectJson(await get('/api/v1/products/?criteria[search]=PROMO'), 200, page(PRODUCTS_PATH, 'criteria%5Bsearch%5D=PROMO', 1, 10, 1, await products('SUNDAY_MUG')));
      expectJson(await get('/api/v1/products/?criteria[search]=shirt'), 200, page(PRODUCTS_PATH, 'criteria%5Bsearch%5D=shirt', 1, 10, 2, await products('T_SHIRT_LOGO', 'T_SHIRT_STRIPES')));
      expectJson(await get('/api/v1/products/?criteria[search]=Nur'), 200, page(PRODUCTS_PATH, 'criteria%5Bsearch%5D=Nur', 1, 10, 0, []));
      const startsWith = 'criteria%5Bsearch%5D%5Btype%5D=starts_with&criteria%5Bsearch%5D%5Bvalue%5D=book';
      expectJson(await get(`/api/v1/products/?${startsWith}`), 200, page(PRODUCTS_PATH, startsWith, 1, 10, 2, await products('BOOK_POSTGRES', 'BOOK_TYPESCRIPT')));
      const inList = 'criteria%5Bsearch%5D%5Btype%5D=in&criteria%5Bsearch%5D%5Bvalue%5D=CAP%2C%20Hoodie%2C%20NOPE';
      expectJson(await get(`/api/v1/products/?${inList}`), 200, page(PRODUCTS_PATH, inList, 1, 10, 2, await products('CAP', 'HOODIE')));
      // LIKE wildcards are matched as text.
      expectJson(await get('/api/v1/products/?criteria[search]=%25'), 200, page(PRODUCTS_PATH, 'criteria%5Bsearch%5D=%25', 1, 10, 0, []));
      const underscored = allCodes.filter((code) => code.includes('_'));
      expectJson(await get('/api/v1/products/?criteria[search]=_'), 200, page(PRODUCTS_PATH, 'criteria%5Bsearch%5D=_', 1, 10, underscored.length, await products(...underscored.slice(0, 10))));
    });

    it('filters by enabled and by taxon, with the other filters', async () => {
      expectJson(await get('/api/v1/products/?criteria[enabled]=false'), 200, page(PRODUCTS_PATH, 'criteria%5Benabled%5D=false', 1, 10, 1, await products('OLD_MUG')));
      expectJson(
        await get('/api/v1/products/?criteria[enabled][value]=true&criteria[search]=mug'),
        200,
        page(PRODUCTS_PATH, 'criteria%5Benabled%5D%5Bvalue%5D=true&criteria%5Bsearch%5D=mug', 1, 10, 2, await products('MUG', 'SUNDAY_MUG')),
      );
      const mugs = await idOf(t, 'select id from taxon where code = ?', ['mugs']);
      expectJson(await get(`/api/v1/products/?taxonId=${mugs}`), 200, page(PRODUCTS_PATH, `taxonId=${mugs}`, 1, 10, 3, await products('MUG', 'OLD_MUG', 'SUNDAY_MUG')));
      expectJson(
        await get(`/api/v1/products/?taxonId=${mugs}&criteria[enabled]=true&sorting[name]=desc`),
        200,
        page(PRODUCTS_PATH, `taxonId=${mugs}&criteria%5Benabled%5D=true&sorting%5Bname%5D=desc`, 1, 10, 2, await products('SUNDAY_MUG', 'MUG')),
      );
      expectJson(await get('/api/v1/products/?taxonId=999999'), 200, page(PRODUCTS_PATH, 'taxonId=999999', 1, 10, 0, []));
      expectJson(await get('/api/v1/products/?taxonId='), 200, page(PRODUCTS_PATH, 'taxonId=', 1, 10, 14, await products(...allCodes.slice(0, 10))));
    });

    it('keeps its unfiltered total as products and translations come and go', async () => {
      await sql(t, `insert into product_translation (product_id, locale, name) select id, 'en_US', 'Nur auf Englisch' from product where code = 'GERMAN_ONLY'`);
      expect((await get('/api/v1/products/?limit=1')).json()).toEqual(expect.objectContaining({ total: 15 }));
      await sql(t, `update product_translation set locale = 'fr_FR' where locale = 'en_US' and product_id = (select id from product where code = 'GERMAN_ONLY')`);
      expect((await get('/api/v1/products/?limit=1')).json()).toEqual(expect.objectContaining({ total: 14 }));
      await sql(t, `delete from product where code = 'GERMAN_ONLY'`);
      expect((await get('/api/v1/products/?limit=1')).json()).toEqual(expect.objectContaining({ total: 14 }));
      const [{ counted }] = await sql<{ counted: number }>(t, `select count(*)::int as counted from product_translation where locale = 'en_US'`);
      const [{ kept }] = await sql<{ kept: number }>(t, 'select total::int as kept from product_list_count');
      expect(kept).toBe(counted);
    });

    it.each([
      ['sorting[price]=asc', 400, { code: 400, message: 'Unknown sorting field "price". Allowed: code, name.' }],
      ['sorting[code]=up', 400, { code: 400, message: 'Invalid sorting direction "up" for "code". Allowed: asc, desc.' }],
      ['criteria[name]=mug', 400, { code: 400, message: 'Unknown filter "name". Allowed: search, enabled.' }],
      ['criteria[enabled]=maybe', 400, { code: 400, message: 'Invalid filter "enabled": expected true or false.' }],
      [
        'criteria[search][type]=like&criteria[search][value]=mug',
        400,
        { code: 400, message: 'Unknown filter type "like" for "search". Allowed: contains, not_contains, equal, not_equal, starts_with, ends_with, empty, not_empty, in, not_in.' },
      ],
      ['taxonId=mugs', 400, { code: 400, message: 'Validation Failed', errors: { children: { taxonId: { errors: ['This value is not valid.'] } } } }],
      ['taxonId=99999999999', 400, { code: 400, message: 'Validation Failed', errors: { children: { taxonId: { errors: ['This value is not valid.'] } } } }],
      ['taxonId=-1', 400, { code: 400, message: 'Validation Failed', errors: { children: { taxonId: { errors: ['This value is not valid.'] } } } }],
      ['limit=0', 404, PAGE_NOT_FOUND],
      ['page=abc', 404, PAGE_NOT_FOUND],
      ['page=99999999999999999999', 404, PAGE_NOT_FOUND],
    ])('answers ?%s with %i', async (query, status, body) => {
      expectJson(await get(`/api/v1/products/?${query}`), status, body);
    });
  });

  describe('GET /api/v1/products/{productCode}/variants/', () => {
    const VARIANTS_PATH = '/api/v1/products/SUNDAY_MUG/variants/';

    async function sundayMugVariants() {
      const [small, large] = [
        await fullVariant(t, { productCode: 'SUNDAY_MUG', code: 'SUNDAY_MUG_S', descriptor: '', position: 0, names: { en_US: 'Small Sunday mug' }, optionValues: [['MUG_SIZE_S', BOTH('Size S')]], prices: { WEB: 900 } }),
        await fullVariant(t, { productCode: 'SUNDAY_MUG', code: 'SUNDAY_MUG_L', descriptor: '', position: 1, names: {}, optionValues: [['MUG_SIZE_L', BOTH('Size L')]], prices: { WEB: 1100 } }),
      ];
      return [variantListItem(small), variantListItem(large)];
    }

    it('lists the variants in the list form, with or without a name', async () => {
      expectJson(await get(VARIANTS_PATH), 200, page(VARIANTS_PATH, '', 1, 10, 2, await sundayMugVariants()));
    });

    it('shows tax and shipping categories in full', async () => {
      const [std, regular] = [await taxCategory(t, { code: 'std', name: 'Standard', description: 'Most goods' }), await shippingCategory(t, { code: 'regular', name: 'Regular' })];
      const sw = await fullVariant(t, {
        productCode: 'MUG',
        code: 'MUG_SW',
        descriptor: '',
        position: 0,
        names: BOTH('Star wars mug'),
        optionValues: [['MUG_SIZE_S', BOTH('Size S')], ['MUG_COLOR_WHITE', BOTH('White')]],
        taxCategory: std,
        shippingCategory: regular,
        prices: { WEB: 1059, EU_WEB: 999 },
      });
      expectJson(await get('/api/v1/products/MUG/variants/?limit=1'), 200, page('/api/v1/products/MUG/variants/', '', 1, 1, 3, [variantListItem(sw)]));
    });

    it('sorts by position, pages, caps the page size at 50 and answers a page past the end with the last page', async () => {
      const [small, large] = await sundayMugVariants();
      expectJson(await get(`${VARIANTS_PATH}?sorting[position]=desc&limit=1`), 200, page(VARIANTS_PATH, 'sorting%5Bposition%5D=desc', 1, 1, 2, [large]));
      expectJson(await get(`${VARIANTS_PATH}?limit=1&page=7`), 200, page(VARIANTS_PATH, '', 2, 1, 2, [large]));
      expectJson(await get(`${VARIANTS_PATH}?limit=500`), 200, page(VARIANTS_PATH, '', 1, 50, 2, [small, large]));
    });

    it('filters by code and by en_US name', async () => {
      const [small, large] = await sundayMugVariants();
      expectJson(await get(`${VARIANTS_PATH}?criteria[name]=small`), 200, page(VARIANTS_PATH, 'criteria%5Bname%5D=small', 1, 10, 1, [small]));
      const empty = 'criteria%5Bname%5D%5Btype%5D=empty';
      expectJson(await get(`${VARIANTS_PATH}?${empty}`), 200, page(VARIANTS_PATH, empty, 1, 10, 1, [large]));
      const endsWith = 'criteria%5Bcode%5D%5Btype%5D=ends_with&criteria%5Bcode%5D%5Bvalue%5D=_l';
      expectJson(await get(`${VARIANTS_PATH}?${endsWith}`), 200, page(VARIANTS_PATH, endsWith, 1, 10, 1, [large]));
      expectJson(await get(`${VARIANTS_PATH}?criteria[code]=NOPE`), 200, page(VARIANTS_PATH, 'criteria%5Bcode%5D=NOPE', 1, 10, 0, []));
    });

    it.each([
      ['/api/v1/products/NOPE/variants/', 404, notFound('product')],
      [`${VARIANTS_PATH}?sorting[name]=asc`, 400, { code: 400, message: 'Unknown sorting field "name". Allowed: position, code.' }],
      [`${VARIANTS_PATH}?criteria[search]=x`, 400, { code: 400, message: 'Unknown filter "search". Allowed: code, name.' }],
      [`${VARIANTS_PATH}?limit=-1`, 404, PAGE_NOT_FOUND],
    ])('answers %s with %i', async (url, status, body) => {
      expectJson(await get(url), status, body);
    });
  });

  describe('GET /api/v1/promotions/', () => {
    const PROMOTIONS_PATH = '/api/v1/promotions/';
    const promotion = async (code: string, name: string, priority: number, couponBased = false) => ({
      id: await idOf(t, 'select id from promotion where code = ?', [code]),
      code,
      name,
      priority,
      _links: { self: { href: `/api/v1/promotions/${code}` }, ...(couponBased && { coupons: { href: `/api/v1/promotions/${code}/coupons/` } }) },
    });
    const weekend = () => promotion('WEEKEND_PROMO', 'Weekend sale', 6, true);
    const sunday = () => promotion('sunday_promotion', 'Sunday promotion', 3);
    const bigSpender = () => promotion('big_spender', 'Big spender discount', 1);
    const tShirtWeek = () => promotion('t_shirt_week', 'T-shirt week', 0);
    const tenPercent = () => promotion('ten_percent_coupon', 'Ten percent off with a coupon', 0, true);

    it('lists the promotions by priority, highest first, the newest first among equals', async () => {
      expectJson(await get(PROMOTIONS_PATH), 200, page(PROMOTIONS_PATH, '', 1, 10, 5, [await weekend(), await sunday(), await bigSpender(), await tShirtWeek(), await tenPercent()]));
    });

    it('sorts by code, name and priority', async () => {
      expectJson(
        await get('/api/v1/promotions/?sorting%5Bcode%5D=asc'),
        200,
        page(PROMOTIONS_PATH, 'sorting%5Bcode%5D=asc', 1, 10, 5, [await weekend(), await bigSpender(), await sunday(), await tShirtWeek(), await tenPercent()]),
      );
      expectJson(
        await get('/api/v1/promotions/?sorting%5Bname%5D=desc&limit=2&page=2'),
        200,
        page(PROMOTIONS_PATH, 'sorting%5Bname%5D=desc', 2, 2, 5, [await tShirtWeek(), await sunday()]),
      );
      expectJson(
        await get('/api/v1/promotions/?sorting%5Bpriority%5D=asc&sorting%5Bcode%5D=asc'),
        200,
        page(PROMOTIONS_PATH, 'sorting%5Bpriority%5D=asc&sorting%5Bcode%5D=asc', 1, 10, 5, [await tShirtWeek(), await tenPercent(), await bigSpender(), await sunday(), await weekend()]),
      );
    });

    it('searches codes and names, and filters coupon-based ones', async () => {
      expectJson(await get('/api/v1/promotions/?criteria%5Bsearch%5D=promo'), 200, page(PROMOTIONS_PATH, 'criteria%5Bsearch%5D=promo', 1, 10, 2, [await weekend(), await sunday()]));
      expectJson(await get('/api/v1/promotions/?criteria%5BcouponBased%5D=true'), 200, page(PROMOTIONS_PATH, 'criteria%5BcouponBased%5D=true', 1, 10, 2, [await weekend(), await tenPercent()]));
      expectJson(
        await get('/api/v1/promotions/?criteria%5BcouponBased%5D=false&criteria%5Bsearch%5D%5Btype%5D=not_contains&criteria%5Bsearch%5D%5Bvalue%5D=week'),
        200,
        page(PROMOTIONS_PATH, 'criteria%5BcouponBased%5D=false&criteria%5Bsearch%5D%5Btype%5D=not_contains&criteria%5Bsearch%5D%5Bvalue%5D=week', 1, 10, 2, [await sunday(), await bigSpender()]),
      );
    });

    it('answers a page past the end with the last page and caps the page size at 50', async () => {
      expectJson(await get('/api/v1/promotions/?limit=2&page=9'), 200, page(PROMOTIONS_PATH, '', 3, 2, 5, [await tenPercent()]));
      expect((await get('/api/v1/promotions/?limit=1000')).json()).toEqual(expect.objectContaining({ limit: 50, pages: 1, total: 5 }));
    });

    it.each([
      ['sorting[usageLimit]=asc', 400, { code: 400, message: 'Unknown sorting field "usageLimit". Allowed: priority, code, name.' }],
      ['criteria[couponBased]=sometimes', 400, { code: 400, message: 'Invalid filter "couponBased": expected true or false.' }],
      ['criteria[channel]=WEB', 400, { code: 400, message: 'Unknown filter "channel". Allowed: search, couponBased.' }],
      ['page=0', 404, PAGE_NOT_FOUND],
    ])('answers ?%s with %i', async (query, status, body) => {
      expectJson(await get(`/api/v1/promotions/?${query}`), status, body);
    });
  });

  describe('GET /api/v1/taxons/ and /api/v1/taxons/{code}', () => {
    const TAXONS_PATH = '/api/v1/taxons/';
    const taxonId = (code: string) => idOf(t, 'select id from taxon where code = ?', [code]);
    const NAMES: Record<string, string> = {
      category: 'Category',
      mugs: 'Mugs',
      clothing: 'Clothing',
      t_shirts: 'T-shirts',
      books: 'Books',
      accessories: 'Accessories',
      polo_shirts: 'Polo shirts',
    };
    const reference = async (code: string) => ({ id: await taxonId(code), code, name: NAMES[code], _links: { self: { href: `/api/v1/taxons/${code}` } } });

    async function taxon(code: string, position: number, parent?: string) {
      return {
        id: await taxonId(code),
        code,
        ...(parent !== undefined && { root: await reference('category'), parent: await reference(parent) }),
        position,
        translations: { en_US: { locale: 'en_US', name: NAMES[code] } },
        name: NAMES[code],
        images: [],
        _links: { self: { href: `/api/v1/taxons/${code}` } },
      };
    }

    const everyTaxon = async () => [
      await taxon('category', 0),
      await taxon('mugs', 0, 'category'),
      await taxon('clothing', 1, 'category'),
      await taxon('t_shirts', 0, 'clothing'),
      await taxon('books', 2, 'category'),
      await taxon('accessories', 3, 'category'),
      await taxon('polo_shirts', 1, 'clothing'),
    ];

    it('lists every taxon, roots included, in the order they were created', async () => {
      expectJson(await get(TAXONS_PATH), 200, page(TAXONS_PATH, '', 1, 10, 7, await everyTaxon()));
      expectJson(await get('/api/v1/taxons/?limit=5&page=2'), 200, page(TAXONS_PATH, '', 2, 5, 7, (await everyTaxon()).slice(5)));
      expectJson(await get('/api/v1/taxons/?limit=5&page=3'), 200, page(TAXONS_PATH, '', 2, 5, 7, (await everyTaxon()).slice(5)));
    });

    it('filters by name and by code', async () => {
      expectJson(await get('/api/v1/taxons/?criteria[name]=shirt'), 200, page(TAXONS_PATH, 'criteria%5Bname%5D=shirt', 1, 10, 2, [await taxon('t_shirts', 0, 'clothing'), await taxon('polo_shirts', 1, 'clothing')]));
      const equal = 'criteria%5Bcode%5D%5Btype%5D=equal&criteria%5Bcode%5D%5Bvalue%5D=books';
      expectJson(await get(`/api/v1/taxons/?${equal}`), 200, page(TAXONS_PATH, equal, 1, 10, 1, [await taxon('books', 2, 'category')]));
    });

    it('shows a taxon with its children and depth', async () => {
      const { _links: categoryLinks, ...category } = await taxon('category', 0);
      expectJson(await get('/api/v1/taxons/category'), 200, {
        ...category,
        children: [await reference('mugs'), await reference('clothing'), await reference('books'), await reference('accessories')],
        level: 0,
        _links: categoryLinks,
      });
      const { _links: shirtLinks, ...shirts } = await taxon('t_shirts', 0, 'clothing');
      expectJson(await get('/api/v1/taxons/t_shirts'), 200, { ...shirts, children: [], level: 2, _links: shirtLinks });
    });

    it.each([
      ['/api/v1/taxons/nope', 404, notFound('taxon')],
      ['/api/v1/taxons/?sorting[name]=asc', 400, { code: 400, message: 'Unknown sorting field "name". Allowed: none.' }],
      ['/api/v1/taxons/?criteria[search]=x', 400, { code: 400, message: 'Unknown filter "search". Allowed: name, code.' }],
      ['/api/v1/taxons/?limit=abc', 404, PAGE_NOT_FOUND],
    ])('answers %s with %i', async (url, status, body) => {
      expectJson(await get(url), status, body);
    });
  });
});
