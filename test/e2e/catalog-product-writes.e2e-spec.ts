import type { LightMyRequestResponse } from 'fastify';
import { expectJson, expectNoContent, idOf, sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { notFound, stamps } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Product writes (POST /products/, PUT, PATCH and DELETE /products/{code}): the form with one translation
 * child per locale, references by code, PUT against PATCH, the 409 of a product in a cart, the product list's
 * total, and the events. MUG's variant is in Oliver's cart; CAP has a variant in no order.
 */
const SHOP_YAML = `
locales: [en_US, de_DE, fr_FR]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
  - {code: MOBILE, name: Mobile Channel, baseCurrency: USD, defaultLocale: en_US}
taxons:
  - {code: category, name: Category}
  - {code: mugs, name: Mugs, parent: category}
productOptions:
  - code: MUG_SIZE
    name: Mug size
    values: [{code: MUG_SIZE_S, value: Size S}, {code: MUG_SIZE_L, value: Size L}]
products:
  - code: MUG
    name: Mug
    options: [MUG_SIZE]
    taxons: [mugs]
    variants:
      - {code: MUG_SW, name: Star wars mug, optionValues: [MUG_SIZE_S], channelPricings: {WEB: 20}}
  - code: CAP
    name: Cap
    variants:
      - {code: CAP_BLACK, name: Black cap, channelPricings: {WEB: 1599, MOBILE: 1499}}
      - {code: CAP_WHITE, name: White cap, channelPricings: {WEB: 1599}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - ref: cart
    customer: oliver.queen@star-city.com
    channel: WEB
    localeCode: en_US
    items: [{ref: mug_item, variant: MUG_SW, quantity: 1}]
`;

const LOCALES = ['en_US', 'de_DE', 'fr_FR'];
const TRANSLATION_FIELDS = ['name', 'slug', 'description', 'metaKeywords', 'metaDescription', 'shortDescription'] as const;
type TranslationField = (typeof TRANSLATION_FIELDS)[number];
type ProductField = 'enabled' | 'channels' | 'mainTaxon' | 'productTaxons' | 'code' | 'options';

const NOT_VALID = 'This value is not valid.';
const EXTRA_FIELDS = 'This form should not contain extra fields.';
const CODE_BLANK = 'Please enter product code.';
const NAME_BLANK = 'Please enter product name.';
const SLUG_BLANK = 'Please enter product slug.';
const PRODUCT_NOT_FOUND = notFound('product');
const PRICES_FIRST = "You have to define product variants' prices for newly assigned channels first.";
const IN_ORDERS = { code: 409, message: 'The product is in carts or orders and cannot be deleted.' };

interface TranslationErrors {
  errors?: string[];
  fields?: Partial<Record<TranslationField, string[]>>;
}

const node = (errors?: string[]) => (errors === undefined ? {} : { errors });

/** The whole 400 body: every child in form order, every locale of the shop under `translations`. */
function invalid(fields: Partial<Record<ProductField, string[]>>, translations: Record<string, TranslationErrors> = {}, own: { root?: string[]; translations?: string[] } = {}) {
  const translation = (locale: string) => {
    const given = translations[locale] ?? {};
    return { ...node(given.errors), children: Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, node(given.fields?.[field])])) };
  };
  return {
    code: 400,
    message: 'Validation Failed',
    errors: {
      ...node(own.root),
      children: {
        enabled: node(fields.enabled),
        translations: { ...node(own.translations), children: Object.fromEntries(LOCALES.map((locale) => [locale, translation(locale)])) },
        attributes: { children: [] },
        // The shop has no association types: the map has no children (catalog-product-associations covers it).
        associations: { children: {} },
        channels: node(fields.channels),
        mainTaxon: node(fields.mainTaxon),
        productTaxons: node(fields.productTaxons),
        code: node(fields.code),
        options: node(fields.options),
      },
    },
  };
}

interface ProductExpectation {
  enabled: boolean;
  /** Texts by locale, in the order the translations were created. */
  translations?: Record<string, Partial<Record<TranslationField, string>>>;
  taxons?: string[];
  mainTaxon?: string;
  channels?: string[];
  options?: unknown[];
  variants?: unknown[];
}

interface Envelope {
  sequence: number;
  type: string;
  data: unknown;
}

describe('catalog: product writes', () => {
  let t: TestApp;
  /** MUG's options as GET shows them (MUG_SIZE with its values). */
  let mugOptions: unknown[];

  beforeAll(async () => {
    t = await startTestApp();
    await loadShop(t, SHOP_YAML);
    mugOptions = (json(await get('/api/v1/products/MUG')) as { options: unknown[] }).options;
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method, url, headers: { ...(payload === undefined ? AUTH : JSON_AUTH), ...headers }, ...(payload !== undefined && { payload: JSON.stringify(payload) }) });
  const create = (payload: unknown) => send('POST', '/api/v1/products/', payload);

  const reference = async (table: 'taxon' | 'channel', code: string) => {
    const [row] = await sql<{ id: number; code: string; name: string }>(t, `select id, code, name from ${table} where code = ?`, [code]);
    return { id: row.id, code: row.code, name: row.name };
  };

  /** The product as GET must show it, written out in the serializer's key order. */
  async function product(code: string, p: ProductExpectation) {
    const id = await idOf(t, 'select id from product where code = ?', [code]);
    const rows = await sql<{ id: number; locale: string }>(t, 'select pt.id, pt.locale from product_translation pt where pt.product_id = ? order by pt.id', [id]);
    expect(rows.map((row) => row.locale)).toEqual(Object.keys(p.translations ?? {}));
    const translations = Object.fromEntries(
      rows.map((row) => {
        const texts = p.translations![row.locale];
        const present = TRANSLATION_FIELDS.filter((field) => field !== 'name' && texts[field] !== undefined).map((field) => [field, texts[field]]);
        return [row.locale, { locale: row.locale, id: row.id, name: texts.name, ...Object.fromEntries(present) }];
      }),
    );
    const taxons = await Promise.all((p.taxons ?? []).map((taxon) => reference('taxon', taxon)));
    const channels = await Promise.all((p.channels ?? []).map((channel) => reference('channel', channel)));
    return {
      id,
      code,
      variants: p.variants ?? [],
      attributes: [],
      options: p.options ?? [],
      associations: [],
      translations: rows.length === 0 ? [] : translations,
      taxons,
      ...(p.mainTaxon !== undefined && { mainTaxon: await reference('taxon', p.mainTaxon) }),
      ...(channels.length > 0 && { channels }),
      enabled: p.enabled,
      averageRating: 0,
      ...(await stamps(t, 'product', 'id = ?', [id])),
      _links: { self: { href: `/api/v1/products/${code}` }, variants: { href: `/api/v1/products/${code}/variants/` } },
    };
  }

  const count = async (query: string, params: unknown[] = []) => Number((await sql<{ n: string }>(t, `select count(*) as n from (${query}) as counted`, params))[0].n);
  /** Rows of every table a product write touches, to show that a refused one writes nothing. */
  const catalogueRows = async () => ({
    products: await count('select 1 from product'),
    translations: await count('select 1 from product_translation'),
    variants: await count('select 1 from product_variant'),
    pricings: await count('select 1 from channel_pricing'),
    channels: await count('select 1 from product_channel'),
    taxons: await count('select 1 from product_taxon'),
    options: await count('select 1 from product_product_option'),
    events: await count('select 1 from event'),
  });
  /** The product list's total as the trigger keeps it, and as counted. */
  const listTotals = async () => ({
    kept: Number((await sql<{ total: string }>(t, 'select total from product_list_count where id = 1'))[0].total),
    counted: await count(`select 1 from product_translation where locale = 'en_US'`),
  });

  const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
  /** The events after `after`, each with the raw text of its `data`. */
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

  const shown = async (code: string): Promise<LightMyRequestResponse> => {
    const response = await get(`/api/v1/products/${code}`);
    expect(response.statusCode).toBe(200);
    return response;
  };

  describe('POST /api/v1/products/', () => {
    it('creates a product from its code alone: unchecked, no translations, not in the list', async () => {
      const before = await listTotals();
      const response = await create({ code: 'TOTE_BAG' });
      const expected = await product('TOTE_BAG', { enabled: false });
      expectJson(response, 201, expected);
      expectJson(await get('/api/v1/products/TOTE_BAG'), 200, expected);
      expect(await listTotals()).toEqual(before);
    });

    it('creates a product with translations in two locales, channels, a main taxon, taxons and options', async () => {
      const before = await listTotals();
      const response = await create({
        enabled: true,
        translations: {
          en_US: { name: ' Travel mug ', slug: 'travel-mug', description: 'Keeps coffee hot', metaKeywords: 'mug, travel', metaDescription: 'A travel mug', shortDescription: 'Hot' },
          de_DE: { name: 'Reisebecher', slug: 'reisebecher', description: '' },
        },
        channels: ['MOBILE', 'WEB', 'MOBILE'],
        mainTaxon: 'mugs',
        productTaxons: 'mugs, category,,mugs',
        code: 'TRAVEL_MUG',
        options: ['MUG_SIZE'],
      });
      const expected = await product('TRAVEL_MUG', {
        enabled: true,
        translations: {
          en_US: { name: 'Travel mug', slug: 'travel-mug', description: 'Keeps coffee hot', metaKeywords: 'mug, travel', metaDescription: 'A travel mug', shortDescription: 'Hot' },
          de_DE: { name: 'Reisebecher', slug: 'reisebecher' },
        },
        taxons: ['category', 'mugs'],
        mainTaxon: 'mugs',
        channels: ['WEB', 'MOBILE'],
        options: mugOptions,
      });
      expectJson(response, 201, expected);
      expectJson(await get('/api/v1/products/TRAVEL_MUG'), 200, expected);
      // Listed now (it has an en_US name): the trigger counted it.
      expect(await listTotals()).toEqual({ kept: before.kept + 1, counted: before.counted + 1 });
      expect((json(await get('/api/v1/products/?criteria[search]=TRAVEL')) as { total: number }).total).toBe(1);
    });

    it('answers an empty body with every child of the form, each locale under translations, and writes nothing', async () => {
      const before = await catalogueRows();
      expectJson(await create({}), 400, invalid({ code: [CODE_BLANK] }));
      expectJson(await t.inject({ method: 'POST', url: '/api/v1/products/', headers: AUTH }), 400, invalid({ code: [CODE_BLANK] }));
      expect(await catalogueRows()).toEqual(before);
    });

    it('reports every field at once: checkbox, translations, unknown codes, a bad code', async () => {
      const before = await catalogueRows();
      const response = await create({
        enabled: 'maybe',
        translations: { en_US: { name: 'X', slug: '' }, de_DE: 'Becher', xx_XX: { name: 'Nope' } },
        channels: ['WEB', 'NOPE'],
        mainTaxon: 'nope',
        productTaxons: 'mugs,nope',
        code: 'bad code',
        options: ['NOPE'],
      });
      expectJson(
        response,
        400,
        invalid(
          { enabled: [NOT_VALID], channels: [NOT_VALID], mainTaxon: [NOT_VALID], productTaxons: [NOT_VALID], code: ['Product code can only be comprised of letters, numbers, dashes and underscores.'], options: [NOT_VALID] },
          { en_US: { fields: { name: ['Product name must be at least 2 characters long.'], slug: [SLUG_BLANK] } }, de_DE: { errors: [NOT_VALID] } },
          { translations: [EXTRA_FIELDS] },
        ),
      );
      expect(await catalogueRows()).toEqual(before);
    });

    it('refuses texts longer than their columns', async () => {
      const long = 'ü'.repeat(256);
      expectJson(
        await create({ code: 'LONG', translations: { fr_FR: { name: long, slug: long, metaKeywords: long, description: long } } }),
        400,
        invalid(
          {},
          {
            fr_FR: {
              fields: {
                name: ['Product name must not be longer than 255 characters.'],
                slug: ['Product slug must not be longer than 255 characters.'],
                metaKeywords: ['This value is too long. It should have 255 characters or less.'],
              },
            },
          },
        ),
      );
      expectJson(await create({ code: 'C'.repeat(256) }), 400, invalid({ code: ['This value is too long. It should have 255 characters or less.'] }));
    });

    it('refuses a code or a slug another product has (slugs per locale)', async () => {
      expect((await create({ code: 'SLUGGED', translations: { en_US: { name: 'Slugged', slug: 'slugged' } } })).statusCode).toBe(201);
      const before = await catalogueRows();
      expectJson(
        await create({ code: 'MUG', translations: { en_US: { name: 'Other', slug: 'slugged' } } }),
        400,
        invalid({ code: ['Product code must be unique.'] }, { en_US: { fields: { slug: ['Product slug must be unique.'] } } }),
      );
      expect(await catalogueRows()).toEqual(before);
      // The same slug in another locale is another product's to take.
      expect((await create({ code: 'SLUGGED_DE', translations: { de_DE: { name: 'Slugged', slug: 'slugged' } } })).statusCode).toBe(201);
    });

    it('refuses an unknown channel alone', async () => {
      expectJson(await create({ code: 'NO_CHANNEL', channels: 'NOPE' }), 400, invalid({ channels: [NOT_VALID] }));
    });

    // `variant` is a child only of a simple product's PUT and PATCH (catalog-simple-product-variant covers it): a new product has no variant.
    it('refuses what the form has no field for (images, and variant on POST) as extra fields', async () => {
      const before = await catalogueRows();
      expectJson(await create({ code: 'WITH_IMAGES', images: [], variant: {} }), 400, invalid({}, {}, { root: [EXTRA_FIELDS] }));
      expectJson(await create({ code: 'WITH_EXTRA', translations: { en_US: { name: 'Extra', slug: 'extra', locale: 'en_US' } } }), 400, invalid({}, { en_US: { errors: [EXTRA_FIELDS] } }));
      expect(await catalogueRows()).toEqual(before);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { 'idempotency-key': 'product-create' };
      const first = await send('POST', '/api/v1/products/', { code: 'ONCE' }, headers);
      expect(first.statusCode).toBe(201);
      const rows = await catalogueRows();
      const again = await send('POST', '/api/v1/products/', { code: 'ONCE' }, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      expect(await catalogueRows()).toEqual(rows);
    });
  });

  describe('PUT and PATCH /api/v1/products/{code}', () => {
    const full = {
      enabled: true,
      translations: {
        en_US: { name: 'Thermos', slug: 'thermos', description: 'Keeps tea hot', metaKeywords: 'thermos' },
        de_DE: { name: 'Thermoskanne', slug: 'thermoskanne' },
      },
      channels: ['WEB'],
      mainTaxon: 'mugs',
      productTaxons: 'mugs',
      options: ['MUG_SIZE'],
    };

    it('PATCH changes only the keys sent, texts within a translation too; the code is ignored', async () => {
      expect((await create({ ...full, code: 'THERMOS_A' })).statusCode).toBe(201);
      expectNoContent(await send('PATCH', '/api/v1/products/THERMOS_A', { code: 'NEW_CODE', translations: { de_DE: { name: 'Neue Thermoskanne' }, fr_FR: { name: 'Thermos', slug: 'thermos' } }, channels: ['MOBILE'] }));
      expectJson(
        await get('/api/v1/products/THERMOS_A'),
        200,
        await product('THERMOS_A', {
          enabled: true,
          translations: {
            en_US: { name: 'Thermos', slug: 'thermos', description: 'Keeps tea hot', metaKeywords: 'thermos' },
            de_DE: { name: 'Neue Thermoskanne', slug: 'thermoskanne' },
            fr_FR: { name: 'Thermos', slug: 'thermos' },
          },
          taxons: ['mugs'],
          mainTaxon: 'mugs',
          channels: ['MOBILE'],
          options: mugOptions,
        }),
      );
      expectJson(await get('/api/v1/products/NEW_CODE'), 404, PRODUCT_NOT_FOUND);
      // A new locale needs a name and a slug; sending null clears nothing that must be there.
      expectJson(
        await send('PATCH', '/api/v1/products/THERMOS_A', { translations: { en_US: { name: null } }, mainTaxon: null, enabled: null }),
        400,
        invalid({}, { en_US: { fields: { name: [NAME_BLANK] } } }),
      );
    });

    it('PATCH of a locale the product has no translation in needs its name and slug', async () => {
      expect((await create({ code: 'THERMOS_B', translations: { en_US: { name: 'Thermos', slug: 'thermos-b' } } })).statusCode).toBe(201);
      expectJson(await send('PATCH', '/api/v1/products/THERMOS_B', { translations: { de_DE: { description: 'Nur Text' } } }), 400, invalid({}, { de_DE: { fields: { name: [NAME_BLANK], slug: [SLUG_BLANK] } } }));
    });

    it('PUT replaces the whole product: fields left out are cleared, every translation must be sent again', async () => {
      expect((await create({ ...full, code: 'THERMOS_C', translations: { en_US: { ...full.translations.en_US, slug: 'thermos-c' }, de_DE: { name: 'Thermoskanne', slug: 'thermoskanne-c' } } })).statusCode).toBe(201);
      const before = await catalogueRows();
      expectJson(
        await send('PUT', '/api/v1/products/THERMOS_C', { translations: { en_US: { name: 'Thermos', slug: 'thermos-c' } } }),
        400,
        invalid({}, { de_DE: { fields: { name: [NAME_BLANK], slug: [SLUG_BLANK] } } }),
      );
      expectJson(await send('PUT', '/api/v1/products/THERMOS_C', { mainTaxon: 'nope' }), 400, invalid({ mainTaxon: [NOT_VALID] }, { en_US: { fields: { name: [NAME_BLANK], slug: [SLUG_BLANK] } }, de_DE: { fields: { name: [NAME_BLANK], slug: [SLUG_BLANK] } } }));
      expect(await catalogueRows()).toEqual(before);

      expectNoContent(
        await send('PUT', '/api/v1/products/THERMOS_C', { code: 'OTHER', translations: { en_US: { name: 'Thermos', slug: 'thermos-c' }, de_DE: { name: 'Thermoskanne', slug: 'thermoskanne-c', shortDescription: 'Heiß' } } }),
      );
      expectJson(
        await get('/api/v1/products/THERMOS_C'),
        200,
        await product('THERMOS_C', {
          enabled: false,
          translations: { en_US: { name: 'Thermos', slug: 'thermos-c' }, de_DE: { name: 'Thermoskanne', slug: 'thermoskanne-c', shortDescription: 'Heiß' } },
        }),
      );
      expectJson(await get('/api/v1/products/OTHER'), 404, PRODUCT_NOT_FOUND);
    });

    it('leaves the options of a product that has variants alone', async () => {
      const translations = Object.fromEntries(LOCALES.map((locale) => [locale, { name: 'Cap', slug: `cap-${locale}` }]));
      expectNoContent(await send('PUT', '/api/v1/products/CAP', { enabled: true, translations, options: ['MUG_SIZE', 'NOPE'] }));
      const body = json(await shown('CAP')) as { options: unknown[]; variants: Array<{ code: string }> };
      expect({ options: body.options, variants: body.variants.map((variant) => variant.code) }).toEqual({ options: [], variants: ['CAP_BLACK', 'CAP_WHITE'] });
    });

    it("refuses a newly assigned channel that a variant has no price in (a root error), and judges only the new channels", async () => {
      const channelsOf = async (code: string) =>
        (await sql<{ code: string }>(t, 'select c.code from product_channel pc join channel c on c.id = pc.channel_id join product p on p.id = pc.product_id where p.code = ? order by c.code', [code])).map((row) => row.code);
      const before = await catalogueRows();
      // MUG_SW has a price in WEB only.
      expectJson(await send('PATCH', '/api/v1/products/MUG', { channels: ['WEB', 'MOBILE'] }), 400, invalid({}, {}, { root: [PRICES_FIRST] }));
      expectJson(await send('PATCH', '/api/v1/products/MUG', { channels: ['MOBILE'], mainTaxon: 'nope' }), 400, invalid({ mainTaxon: [NOT_VALID] }, {}, { root: [PRICES_FIRST] }));
      expect(await catalogueRows()).toEqual(before);
      expect(await channelsOf('MUG')).toEqual([]);

      expectNoContent(await send('PATCH', '/api/v1/products/MUG', { channels: ['WEB'] }));
      expectNoContent(await send('PATCH', '/api/v1/products/MUG/variants/MUG_SW', { channelPricings: { MOBILE: { price: 3 } } }));
      expectNoContent(await send('PATCH', '/api/v1/products/MUG', { channels: ['MOBILE', 'WEB'] }));
      expect(await channelsOf('MUG')).toEqual(['MOBILE', 'WEB']);

      // A price missing in a channel the product is already in (written before the rule) does not block other changes.
      await sql(t, `delete from channel_pricing where channel_code = 'MOBILE' and variant_id = (select id from product_variant where code = 'MUG_SW')`);
      expectNoContent(await send('PATCH', '/api/v1/products/MUG', { channels: ['WEB', 'MOBILE'], enabled: false }));
      expectNoContent(await send('PATCH', '/api/v1/products/MUG', { channels: [] }));
      expectJson(await send('PATCH', '/api/v1/products/MUG', { channels: ['MOBILE'] }), 400, invalid({}, {}, { root: [PRICES_FIRST] }));
      expect(await channelsOf('MUG')).toEqual([]);
    });

    it('answers 404 for an unknown product, before judging the body', async () => {
      expectJson(await send('PUT', '/api/v1/products/NOPE', {}), 404, PRODUCT_NOT_FOUND);
      expectJson(await send('PATCH', '/api/v1/products/mug', { enabled: true }), 404, PRODUCT_NOT_FOUND);
    });
  });

  describe('DELETE /api/v1/products/{code}', () => {
    it('deletes a product with its variants, prices and translations; then it is gone', async () => {
      const id = await idOf(t, `select id from product where code = 'CAP'`, []);
      const before = await listTotals();
      expectNoContent(await send('DELETE', '/api/v1/products/CAP'));
      expectJson(await get('/api/v1/products/CAP'), 404, PRODUCT_NOT_FOUND);
      expectJson(await send('DELETE', '/api/v1/products/CAP'), 404, PRODUCT_NOT_FOUND);
      expect({
        variants: await count('select 1 from product_variant where product_id = ?', [id]),
        pricings: await count(`select 1 from channel_pricing where variant_id in (select id from product_variant where code in ('CAP_BLACK', 'CAP_WHITE'))`),
        variantTranslations: await count('select 1 from product_variant_translation where variant_id not in (select id from product_variant)'),
        translations: await count('select 1 from product_translation where product_id = ?', [id]),
      }).toEqual({ variants: 0, pricings: 0, variantTranslations: 0, translations: 0 });
      expect(await listTotals()).toEqual({ kept: before.kept - 1, counted: before.counted - 1 });
    });

    it('keeps a product whose variant is in a cart (409), writing nothing', async () => {
      const before = await catalogueRows();
      expectJson(await send('DELETE', '/api/v1/products/MUG'), 409, IN_ORDERS);
      expect(await catalogueRows()).toEqual(before);
      expect((await shown('MUG')).statusCode).toBe(200);
    });
  });

  describe('events', () => {
    it('product.created, product.updated (none for a PATCH that changes nothing), product.deleted', async () => {
      let start = await lastSequence();
      const created = await create({ code: 'EVENTFUL', enabled: true, translations: { en_US: { name: 'Eventful', slug: 'eventful' } }, channels: ['WEB'] });
      expect(created.statusCode).toBe(201);
      let events = await eventsAfter(start);
      expect(events.map((event) => event.type)).toEqual(['product.created']);
      expect(events[0].dataText).toBe(created.body);
      expect(events[0].dataText).toBe((await shown('EVENTFUL')).body);

      start = await lastSequence();
      expectNoContent(await send('PATCH', '/api/v1/products/EVENTFUL', { enabled: true, channels: ['WEB'], translations: { en_US: { name: 'Eventful' } } }));
      expect(await eventsAfter(start)).toEqual([]);

      expectNoContent(await send('PATCH', '/api/v1/products/EVENTFUL', { translations: { en_US: { name: 'Renamed' } } }));
      expectNoContent(await send('PUT', '/api/v1/products/EVENTFUL', { translations: { en_US: { name: 'Renamed', slug: 'eventful' } } }));
      events = await eventsAfter(start);
      expect(events.map((event) => event.type)).toEqual(['product.updated', 'product.updated']);
      expect(JSON.parse(events[0].dataText)).toMatchObject({ enabled: true, translations: { en_US: { name: 'Renamed' } }, channels: [{ code: 'WEB' }] });
      expect(events[1].dataText).toBe((await shown('EVENTFUL')).body);
      expect(JSON.parse(events[1].dataText)).toMatchObject({ enabled: false });
      expect((JSON.parse(events[1].dataText) as { channels?: unknown }).channels).toBeUndefined();

      const id = await idOf(t, `select id from product where code = 'EVENTFUL'`, []);
      start = await lastSequence();
      expectNoContent(await send('DELETE', '/api/v1/products/EVENTFUL'));
      events = await eventsAfter(start);
      expect(events.map((event) => [event.type, event.dataText])).toEqual([['product.deleted', `{"id":${id},"code":"EVENTFUL"}`]]);
    });

    it('a refused write records none', async () => {
      const start = await lastSequence();
      expect((await create({ code: 'MUG' })).statusCode).toBe(400);
      expect((await send('DELETE', '/api/v1/products/MUG')).statusCode).toBe(409);
      expect(await eventsAfter(start)).toEqual([]);
    });
  });
});
