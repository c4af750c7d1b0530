import { lockConflicts } from '../../src/database/write-transaction';
import { expectJson, expectNoContent, idOf, sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { stamps } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Attribute values of products: the `attributes` list of the product form (POST, PUT, PATCH
 * /products), each value read against its attribute's type and configuration, the values in GET
 * /products/{code}, their events, and the 409 of deleting an attribute that products have values of.
 */
const SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
products:
  - {code: MUG, name: Mug}
`;

const NOT_VALID = 'This value is not valid.';
const NOT_BLANK = 'This value should not be blank.';
const EXTRA_FIELDS = 'This form should not contain extra fields.';
const M = {
  attributeBlank: 'Please select attribute.',
  repeated: 'This attribute already has a value in this locale.',
  text: 'This value should be a text.',
  textShort: 'This value should have 2 characters or more.',
  textLong: (limit: number) => `This value is too long. It should have ${limit} characters or less.`,
  boolean: 'This value should be true or false.',
  integer: 'This value should be a whole number.',
  integerRange: 'This value should be between -2147483648 and 2147483647.',
  percent: 'This value should be a number between 0 and 1.',
  date: 'This value should be a date in the form YYYY-MM-DD.',
  datetime: 'This value should be a date and time in the form YYYY-MM-DDThh:mm:ss+0000.',
  choices: 'This value should be a list of choice keys.',
  choiceUnknown: 'This value names a choice the attribute does not have.',
  oneChoice: 'This attribute takes one choice at most.',
  tooFew: 'At least 1 choice should be selected.',
  tooMany: 'At most 2 choices can be selected.',
  inUse: { code: 409, message: 'The product attribute is in use and cannot be deleted.' },
};

const TRANSLATION_FIELDS = ['name', 'slug', 'description', 'metaKeywords', 'metaDescription', 'shortDescription'];
const emptyTranslation = { children: Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, {}])) };

interface EntryErrors {
  root?: string[];
  attribute?: string[];
  localeCode?: string[];
  value?: string[];
}
const node = (errors?: string[]) => (errors === undefined ? {} : { errors });
const entry = (e: EntryErrors = {}) => ({ ...node(e.root), children: { attribute: node(e.attribute), localeCode: node(e.localeCode), value: node(e.value) } });

/** The whole 400 body of the product form: only `attributes` (and `code`) has messages here. */
function invalid(entries: EntryErrors[], own: { attributes?: string[]; code?: string[] } = {}) {
  return {
    code: 400,
    message: 'Validation Failed',
    errors: {
      children: {
        enabled: {},
        translations: { children: { en_US: emptyTranslation, de_DE: emptyTranslation } },
        attributes: { ...node(own.attributes), children: entries.map(entry) },
        // The shop has no association types: the map has no children.
        associations: { children: {} },
        channels: {},
        mainTaxon: {},
        productTaxons: {},
        code: node(own.code),
        options: {},
      },
    },
  };
}

interface Envelope {
  type: string;
  data: unknown;
}

describe('catalog: product attribute values', () => {
  let t: TestApp;
  /** Choice keys by attribute code, in the order the choices were given. */
  const keys: Record<string, string[]> = {};

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.inject({ method, url, headers: payload === undefined ? AUTH : JSON_AUTH, ...(payload !== undefined && { payload: JSON.stringify(payload) }) });
  const createAttribute = async (type: string, body: unknown) => expect((await send('POST', `/api/v1/product-attributes/${type}`, body)).statusCode).toBe(201);
  const choiceKeys = async (code: string) => Object.keys((json(await get(`/api/v1/product-attributes/${code}`)) as { configuration: { choices: Record<string, unknown> } }).configuration.choices);

  beforeAll(async () => {
    t = await startTestApp();
    await loadShop(t, SHOP_YAML);
    // Positions: the order of creation.
    await createAttribute('text', { code: 'mug_material', translations: { en_US: { name: 'Mug material' }, de_DE: { name: 'Bechermaterial' } }, configuration: { min: 2, max: 20 } });
    await createAttribute('textarea', { code: 'mug_story', translations: { en_US: { name: 'Mug story' } } });
    await createAttribute('checkbox', { code: 'dishwasher_safe', translations: { de_DE: { name: 'Spülmaschinenfest' } } });
    await createAttribute('integer', { code: 'capacity' });
    await createAttribute('percent', { code: 'recycled', translations: { en_US: { name: 'Recycled share' } } });
    await createAttribute('date', { code: 'released', translations: { en_US: { name: 'Released' } } });
    await createAttribute('datetime', { code: 'launched_at', translations: { en_US: { name: 'Launched at' } } });
    await createAttribute('select', {
      code: 'mug_colors',
      translations: { en_US: { name: 'Mug colors' } },
      configuration: { choices: [{ en_US: 'Red' }, { en_US: 'Green' }, { en_US: 'Blue' }], multiple: true, min: 1, max: 2 },
    });
    await createAttribute('select', { code: 'mug_finish', translations: { en_US: { name: 'Mug finish' } }, configuration: { choices: [{ en_US: 'Matte' }, { en_US: 'Glossy' }] } });
    keys.mug_colors = await choiceKeys('mug_colors');
    keys.mug_finish = await choiceKeys('mug_finish');
  });
  afterAll(() => t?.close());

  const productId = (code: string) => idOf(t, 'select id from product where code = ?', [code]);
  const valueId = (product: string, attribute: string, locale: string) =>
    idOf(
      t,
      `select v.id from product_attribute_value v join product p on p.id = v.product_id join product_attribute a on a.id = v.attribute_id
        where p.code = ? and a.code = ? and v.locale_code = ?`,
      [product, attribute, locale],
    );
  const valueRows = async () => Number((await sql<{ n: string }>(t, 'select count(*) as n from product_attribute_value'))[0].n);
  const eventCount = async () => Number((await sql<{ n: string }>(t, 'select count(*) as n from event'))[0].n);
  const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
  const eventsAfter = async (after: number) => (json(await get(`/api/v1/events/?after=${after}&limit=500`)) as { _embedded: { items: Envelope[] } })._embedded.items;

  /** A value as GET shows it. */
  const value = async (product: string, code: string, name: string, type: string, localeCode: string, shown: unknown) => ({
    id: await valueId(product, code, localeCode),
    code,
    name,
    value: shown,
    type,
    localeCode,
  });

  /** The product GET body of a product with translations in no locale, no variants, options, taxons nor channels. */
  const bareProduct = async (code: string, attributes: unknown[]) => {
    const id = await productId(code);
    return {
      id,
      code,
      variants: [],
      attributes,
      options: [],
      associations: [],
      translations: [],
      taxons: [],
      enabled: false,
      averageRating: 0,
      ...(await stamps(t, 'product', 'id = ?', [id])),
      _links: { self: { href: `/api/v1/products/${code}` }, variants: { href: `/api/v1/products/${code}/variants/` } },
    };
  };

  it('creates a product with values of every type, shown by attribute position, then locale', async () => {
    const response = await send('POST', '/api/v1/products/', {
      code: 'RICH_MUG',
      attributes: [
        { attribute: 'mug_finish', localeCode: 'en_US', value: [keys.mug_finish[1]] },
        { attribute: 'mug_colors', localeCode: 'en_US', value: [keys.mug_colors[2], keys.mug_colors[0], keys.mug_colors[2]] },
        { attribute: 'launched_at', localeCode: 'en_US', value: '2026-11-29T12:30:00+01:00' },
        { attribute: 'released', localeCode: 'en_US', value: '2026-02-28' },
        { attribute: 'recycled', localeCode: 'en_US', value: 0.25 },
        { attribute: 'capacity', localeCode: 'en_US', value: -2147483648 },
        { attribute: 'dishwasher_safe', localeCode: 'en_US', value: false },
        { attribute: 'mug_story', localeCode: 'en_US', value: 'Thrown on a wheel.' },
        { attribute: 'mug_material', localeCode: 'en_US', value: ' Ceramic ' },
        { attribute: 'mug_material', localeCode: 'de_DE', value: 'Keramik' },
      ],
    });
    const expected = await bareProduct('RICH_MUG', [
      await value('RICH_MUG', 'mug_material', 'Bechermaterial', 'text', 'de_DE', 'Keramik'),
      await value('RICH_MUG', 'mug_material', 'Mug material', 'text', 'en_US', 'Ceramic'),
      await value('RICH_MUG', 'mug_story', 'Mug story', 'textarea', 'en_US', 'Thrown on a wheel.'),
      // No en_US name: the attribute's name in no locale of the value falls back to its code.
      await value('RICH_MUG', 'dishwasher_safe', 'dishwasher_safe', 'checkbox', 'en_US', false),
      await value('RICH_MUG', 'capacity', 'capacity', 'integer', 'en_US', -2147483648),
      await value('RICH_MUG', 'recycled', 'Recycled share', 'percent', 'en_US', 0.25),
      await value('RICH_MUG', 'released', 'Released', 'date', 'en_US', '2026-02-28'),
      await value('RICH_MUG', 'launched_at', 'Launched at', 'datetime', 'en_US', '2026-11-29T11:30:00+0000'),
      await value('RICH_MUG', 'mug_colors', 'Mug colors', 'select', 'en_US', [keys.mug_colors[2], keys.mug_colors[0]]),
      await value('RICH_MUG', 'mug_finish', 'Mug finish', 'select', 'en_US', [keys.mug_finish[1]]),
    ]);
    expectJson(response, 201, expected);
    expectJson(await get('/api/v1/products/RICH_MUG'), 200, expected);
  });

  it('names a value by its locale, else en_US, else the code', async () => {
    const response = await send('POST', '/api/v1/products/', {
      code: 'NAMED_MUG',
      attributes: [
        { attribute: 'dishwasher_safe', localeCode: 'de_DE', value: true },
        { attribute: 'mug_story', localeCode: 'de_DE', value: 'Auf der Scheibe gedreht.' },
      ],
    });
    expectJson(
      response,
      201,
      await bareProduct('NAMED_MUG', [
        await value('NAMED_MUG', 'mug_story', 'Mug story', 'textarea', 'de_DE', 'Auf der Scheibe gedreht.'),
        await value('NAMED_MUG', 'dishwasher_safe', 'Spülmaschinenfest', 'checkbox', 'de_DE', true),
      ]),
    );
  });

  it('refuses every invalid value with the message of its type, and writes nothing', async () => {
    const before = { values: await valueRows(), events: await eventCount() };
    const cases: Array<[string, unknown, string]> = [
      ['mug_material', 5, M.text],
      ['mug_material', 'a', M.textShort],
      ['mug_material', 'x'.repeat(21), M.textLong(20)],
      ['mug_material', null, NOT_BLANK],
      ['mug_material', '   ', NOT_BLANK],
      ['mug_story', 'x'.repeat(5001), M.textLong(5000)],
      ['dishwasher_safe', 'yes', M.boolean],
      ['dishwasher_safe', 1, M.boolean],
      ['capacity', 1.5, M.integer],
      ['capacity', '12', M.integer],
      ['capacity', 2147483648, M.integerRange],
      ['capacity', -2147483649, M.integerRange],
      ['recycled', 1.5, M.percent],
      ['recycled', -0.1, M.percent],
      ['released', '2026-02-30', M.date],
      ['released', '29.11.2026', M.date],
      ['launched_at', '2026-11-29 10:00', M.datetime],
      ['mug_colors', keys.mug_colors[0], M.choices],
      ['mug_colors', [1], M.choices],
      ['mug_colors', ['not-a-choice'], M.choiceUnknown],
      ['mug_finish', keys.mug_finish, M.oneChoice],
      ['mug_colors', [], M.tooFew],
      ['mug_colors', keys.mug_colors, M.tooMany],
    ];
    for (const [attribute, sent, message] of cases) {
      const response = await send('POST', '/api/v1/products/', { code: 'BAD_MUG', attributes: [{ attribute, localeCode: 'de_DE', value: sent }] });
      expect([attribute, sent, response.statusCode, json(response)]).toEqual([attribute, sent, 400, invalid([{ value: [message] }])]);
    }
    // A value left out is a missing value.
    expectJson(await send('POST', '/api/v1/products/', { code: 'BAD_MUG', attributes: [{ attribute: 'capacity', localeCode: 'en_US' }] }), 400, invalid([{ value: [NOT_BLANK] }]));
    expect({ values: await valueRows(), events: await eventCount() }).toEqual(before);
  });

  it('refuses entries without a known attribute or locale, repeated ones, and entries that are no form, at their place', async () => {
    const before = { values: await valueRows(), events: await eventCount() };
    const response = await send('POST', '/api/v1/products/', {
      code: 'BAD_MUG',
      attributes: [
        { attribute: '', localeCode: 'en_US', value: 'Ceramic' },
        { attribute: 'nope', localeCode: 'en_US', value: 'Ceramic' },
        { attribute: 'mug_material', localeCode: 'xx_XX', value: 'Ceramic' },
        { attribute: 'mug_material', localeCode: ' ', value: 'Ceramic' },
        { attribute: 'capacity', localeCode: 'en_US', value: 1 },
        { attribute: 'capacity', localeCode: 'en_US', value: 2 },
        null,
        'capacity',
        { attribute: 'capacity', localeCode: 'de_DE', value: 3, position: 1 },
        { localeCode: 'en_US', value: 3 },
        { attribute: ['capacity'], localeCode: 7, value: 3 },
      ],
    });
    expectJson(
      response,
      400,
      invalid([
        { attribute: [M.attributeBlank] },
        { attribute: [NOT_VALID] },
        { localeCode: [NOT_VALID] },
        { localeCode: [NOT_BLANK] },
        {},
        { attribute: [M.repeated] },
        {},
        { root: [NOT_VALID] },
        { root: [EXTRA_FIELDS] },
        { attribute: [M.attributeBlank] },
        { attribute: [NOT_VALID], localeCode: [NOT_VALID] },
      ]),
    );
    expectJson(await send('POST', '/api/v1/products/', { code: 'BAD_MUG', attributes: 'mug_material' }), 400, invalid([], { attributes: [NOT_VALID] }));
    expect({ values: await valueRows(), events: await eventCount() }).toEqual(before);
    expect((await get('/api/v1/products/BAD_MUG')).statusCode).toBe(404);
  });

  it('takes a datetime in any offset or Z, and refuses days that do not exist', async () => {
    const body = (launchedAt: string) => ({ attributes: [{ attribute: 'launched_at', localeCode: 'en_US', value: launchedAt }] });
    expect((await send('POST', '/api/v1/products/', { code: 'DATED_MUG', ...body('2024-02-29T23:30:00-0130') })).statusCode).toBe(201);
    expect((json(await get('/api/v1/products/DATED_MUG')) as { attributes: Array<{ value: unknown }> }).attributes[0].value).toBe('2024-03-01T01:00:00+0000');
    expectNoContent(await send('PATCH', '/api/v1/products/DATED_MUG', body('2024-03-01T01:00:00Z')));
    expect((json(await get('/api/v1/products/DATED_MUG')) as { attributes: Array<{ value: unknown }> }).attributes[0].value).toBe('2024-03-01T01:00:00+0000');
    for (const wrong of ['2023-02-29T10:00:00+0000', '2026-11-29T24:00:00+0000', '2026-11-29T10:00:00', '0000-01-01T00:00:00+0100']) {
      expectJson(await send('PATCH', '/api/v1/products/DATED_MUG', body(wrong)), 400, invalid([{ value: [M.datetime] }], {}));
    }
  });

  it('PATCH keeps the values when `attributes` is left out and replaces them all when it is sent; PUT without it clears them', async () => {
    expect(
      (
        await send('POST', '/api/v1/products/', {
          code: 'CHANGING_MUG',
          attributes: [
            { attribute: 'mug_material', localeCode: 'en_US', value: 'Ceramic' },
            { attribute: 'capacity', localeCode: 'en_US', value: 350 },
          ],
        })
      ).statusCode,
    ).toBe(201);
    const materialId = await valueId('CHANGING_MUG', 'mug_material', 'en_US');

    expectNoContent(await send('PATCH', '/api/v1/products/CHANGING_MUG', { enabled: true }));
    let shown = json(await get('/api/v1/products/CHANGING_MUG')) as { attributes: unknown[] };
    expect(shown.attributes).toEqual([
      await value('CHANGING_MUG', 'mug_material', 'Mug material', 'text', 'en_US', 'Ceramic'),
      await value('CHANGING_MUG', 'capacity', 'capacity', 'integer', 'en_US', 350),
    ]);

    // The value of the same attribute and locale is changed in place; the one left out is removed.
    expectNoContent(
      await send('PATCH', '/api/v1/products/CHANGING_MUG', {
        attributes: [
          { attribute: 'mug_material', localeCode: 'en_US', value: 'Stoneware' },
          { attribute: 'dishwasher_safe', localeCode: 'en_US', value: true },
        ],
      }),
    );
    shown = json(await get('/api/v1/products/CHANGING_MUG')) as { attributes: unknown[] };
    expect(shown.attributes).toEqual([
      { id: materialId, code: 'mug_material', name: 'Mug material', value: 'Stoneware', type: 'text', localeCode: 'en_US' },
      await value('CHANGING_MUG', 'dishwasher_safe', 'dishwasher_safe', 'checkbox', 'en_US', true),
    ]);

    // PUT sets every field: no `attributes`, no values.
    expectNoContent(await send('PUT', '/api/v1/products/CHANGING_MUG', { enabled: true }));
    expect((json(await get('/api/v1/products/CHANGING_MUG')) as { attributes: unknown[] }).attributes).toEqual([]);

    expectNoContent(await send('PUT', '/api/v1/products/CHANGING_MUG', { attributes: [{ attribute: 'mug_material', localeCode: 'de_DE', value: 'Steinzeug' }] }));
    expect((json(await get('/api/v1/products/CHANGING_MUG')) as { attributes: unknown[] }).attributes).toEqual([
      await value('CHANGING_MUG', 'mug_material', 'Bechermaterial', 'text', 'de_DE', 'Steinzeug'),
    ]);
    // PATCH with `null` or an empty list clears them too.
    expectNoContent(await send('PATCH', '/api/v1/products/CHANGING_MUG', { attributes: null }));
    expect((json(await get('/api/v1/products/CHANGING_MUG')) as { attributes: unknown[] }).attributes).toEqual([]);
  });

  it('records product.updated when only the values change, and nothing for the same values again', async () => {
    expect((await send('POST', '/api/v1/products/', { code: 'EVENT_MUG' })).statusCode).toBe(201);
    let start = await lastSequence();
    const body = { attributes: [{ attribute: 'capacity', localeCode: 'en_US', value: 300 }] };
    expectNoContent(await send('PATCH', '/api/v1/products/EVENT_MUG', body));
    const events = await eventsAfter(start);
    expect(events.map((event) => event.type)).toEqual(['product.updated']);
    expect(events[0].data).toEqual(json(await get('/api/v1/products/EVENT_MUG')));
    expect((events[0].data as { attributes: unknown[] }).attributes).toEqual([await value('EVENT_MUG', 'capacity', 'capacity', 'integer', 'en_US', 300)]);

    start = await lastSequence();
    expectNoContent(await send('PATCH', '/api/v1/products/EVENT_MUG', body));
    expect(await eventsAfter(start)).toEqual([]);
  });

  it('refuses to delete an attribute that products have values of (409, nothing written), and deletes it once none has', async () => {
    await createAttribute('text', { code: 'handle_shape', translations: { en_US: { name: 'Handle shape' } } });
    expect((await send('POST', '/api/v1/products/', { code: 'HANDLED_MUG', attributes: [{ attribute: 'handle_shape', localeCode: 'en_US', value: 'Round' }] })).statusCode).toBe(
      201,
    );
    const before = { values: await valueRows(), events: await eventCount(), attribute: json(await get('/api/v1/product-attributes/handle_shape')) };
    expectJson(await send('DELETE', '/api/v1/product-attributes/handle_shape'), 409, M.inUse);
    expect({ values: await valueRows(), events: await eventCount(), attribute: json(await get('/api/v1/product-attributes/handle_shape')) }).toEqual(before);

    // The product's delete takes its values along; then the attribute can go.
    expectNoContent(await send('DELETE', '/api/v1/products/HANDLED_MUG'));
    expect(await valueRows()).toBe(before.values - 1);
    expectNoContent(await send('DELETE', '/api/v1/product-attributes/handle_shape'));
  });

  it('keeps the choice keys of values when the attribute loses the choice', async () => {
    await createAttribute('select', { code: 'mug_pattern', configuration: { choices: [{ en_US: 'Dots' }, { en_US: 'Stripes' }] } });
    const [dots, stripes] = await choiceKeys('mug_pattern');
    expect((await send('POST', '/api/v1/products/', { code: 'PATTERNED_MUG', attributes: [{ attribute: 'mug_pattern', localeCode: 'en_US', value: [stripes] }] })).statusCode).toBe(201);
    expectNoContent(await send('PATCH', '/api/v1/product-attributes/mug_pattern', { configuration: { choices: { [dots]: { en_US: 'Dots' } } } }));
    expect((json(await get('/api/v1/products/PATTERNED_MUG')) as { attributes: unknown[] }).attributes).toEqual([
      await value('PATTERNED_MUG', 'mug_pattern', 'mug_pattern', 'select', 'en_US', [stripes]),
    ]);
    // Sent again, the lost key is refused.
    expectJson(
      await send('PATCH', '/api/v1/products/PATTERNED_MUG', { attributes: [{ attribute: 'mug_pattern', localeCode: 'en_US', value: [stripes] }] }),
      400,
      invalid([{ value: [M.choiceUnknown] }]),
    );
  });

  it('answers 404 for an unknown product before reading the values', async () => {
    expectJson(await send('PATCH', '/api/v1/products/NOPE', { attributes: [{ attribute: 'nope' }] }), 404, { code: 404, message: 'The "product" has not been found' });
  });

  it('moves attributes while product writes name them, without a deadlock or a retry', async () => {
    expect((await send('POST', '/api/v1/products/', { code: 'RACED_MUG' })).statusCode).toBe(201);
    const before = { ...lockConflicts };
    const answers = await Promise.all(
      [0, 1, 2, 3, 4, 5].flatMap((n) => [
        send('PATCH', '/api/v1/products/RACED_MUG', { attributes: [{ attribute: n % 2 === 0 ? 'capacity' : 'mug_story', localeCode: 'en_US', value: n % 2 === 0 ? n : `Story ${n}` }] }),
        send('PATCH', `/api/v1/product-attributes/${n % 2 === 0 ? 'mug_story' : 'capacity'}`, { position: n }),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 12 }, () => 204));
    expect(lockConflicts).toEqual(before);
    const rows = await sql<{ position: number }>(t, 'select position from product_attribute order by position');
    expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index));
  });
});
