import type { InjectOptions } from 'fastify';
import { lockConflicts } from '../../src/database/write-transaction';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { notFound, PAGE_NOT_FOUND } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Product options (/api/v1/product-options): a plain list, create, show, PUT, PATCH and delete, with
 * translated names, values with translated texts, and positions in one ordered list. COLOR (a fixture,
 * position 0) is offered by the product MUG, whose variant is red; MUG_SIZE and MUG_MATERIAL are created
 * through the API before each test (positions 1 and 2).
 */
const SHOP_YAML = `
locales: [en_US, nl_NL]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
productOptions:
  - {code: COLOR, name: Color, values: [{code: COLOR_RED, value: Red}, {code: COLOR_BLUE, value: Blue}]}
products:
  - code: MUG
    name: Mug
    options: [COLOR]
    variants:
      - {code: MUG_RED, name: Red mug, optionValues: [COLOR_RED], channelPricings: {WEB: 1000}}
`;
const LOCALES = ['en_US', 'nl_NL'];
const BASE = '/api/v1/product-options/';

const CODE_BLANK = 'Please enter option code.';
const CODE_INVALID = 'Option code can only be comprised of letters, numbers, dashes and underscores.';
const CODE_TAKEN = 'The option with given code already exists.';
const NAME_BLANK = 'Please enter option name.';
const NAME_SHORT = 'Option name must be at least 2 characters long.';
const NAME_LONG = 'Option name must not be longer than 255 characters.';
const VALUE_CODE_BLANK = 'Please enter option value code.';
const VALUE_CODE_INVALID = 'Option value code can only be comprised of letters, numbers, dashes and underscores.';
const VALUE_CODE_TAKEN = 'The option value with given code already exists.';
const VALUE_BLANK = 'Please enter option value.';
const NOT_VALID = 'This value is not valid.';
const EXTRA = 'This form should not contain extra fields.';
const TOO_LOW = 'This value should be greater than or equal to 0.';
const IN_USE = { code: 409, message: 'The product option is in use and cannot be deleted.' };

type Messages = string[] | undefined;
const field = (errors: Messages) => (errors !== undefined && errors.length > 0 ? { errors } : {});
const translationsNode = (name: string, messages: Partial<Record<string, string[]>> = {}, own?: string[]) => ({
  ...field(own),
  children: Object.fromEntries(LOCALES.map((locale) => [locale, { children: { [name]: field(messages[locale]) } }])),
});

interface ValueErrors {
  code?: string[];
  value?: Partial<Record<string, string[]>>;
}

/** The 400 tree of the option form, every locale listed, one node per value entry sent. */
function tree(e: { position?: string[]; names?: Partial<Record<string, string[]>>; translations?: string[]; values?: ValueErrors[]; valuesOwn?: string[]; code?: string[]; root?: string[] }) {
  return validationFailed({
    ...field(e.root),
    children: {
      position: field(e.position),
      translations: translationsNode('name', e.names, e.translations),
      values: { ...field(e.valuesOwn), children: (e.values ?? []).map((value) => ({ children: { translations: translationsNode('value', value.value), code: field(value.code) } })) },
      code: field(e.code),
    },
  });
}

const SIZE_BODY = {
  code: 'MUG_SIZE',
  translations: { en_US: { name: 'Mug size' }, nl_NL: { name: 'Mokgrootte' } },
  values: [{ code: 'MUG_SIZE_S', translations: { en_US: { value: 'Small' }, nl_NL: { value: 'Klein' } } }],
};
const MATERIAL_BODY = { code: 'MUG_MATERIAL', translations: { en_US: { name: 'Material' } }, values: [] };

describe('product options', () => {
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
    expect((await request('POST', BASE, SIZE_BODY)).statusCode).toBe(201);
    expect((await request('POST', BASE, MATERIAL_BODY)).statusCode).toBe(201);
  });

  /** The option as stored, in the resource's shape. */
  async function option(code: string) {
    const [row] = await sql<{ id: number; position: number }>(t, 'select id, position from product_option where code = ?', [code]);
    const names = await sql<{ id: number; locale: string; name: string }>(t, 'select id, locale, name from product_option_translation where option_id = ? order by id', [row.id]);
    const values = await sql<{ id: number; code: string }>(t, 'select id, code from product_option_value where option_id = ? order by id', [row.id]);
    const valueShapes = [];
    for (const value of values) {
      const texts = await sql<{ id: number; locale: string; value: string }>(t, 'select id, locale, value from product_option_value_translation where option_value_id = ? order by id', [value.id]);
      valueShapes.push({ code: value.code, translations: texts.length === 0 ? [] : Object.fromEntries(texts.map((text) => [text.locale, { locale: text.locale, id: text.id, value: text.value }])) });
    }
    return {
      id: row.id,
      code,
      position: row.position,
      translations: names.length === 0 ? [] : Object.fromEntries(names.map((name) => [name.locale, { id: name.id, locale: name.locale, name: name.name }])),
      values: valueShapes,
      _links: { self: { href: `${BASE}${code}` } },
    };
  }
  const positions = async () => (await sql<{ code: string; position: number }>(t, 'select code, position from product_option order by position, id')).map((row) => `${row.code}:${row.position}`);
  const state = async () => ({
    positions: await positions(),
    options: await sql(t, 'select id, code, name, position from product_option order by id'),
    names: await sql(t, 'select * from product_option_translation order by id'),
    values: await sql(t, 'select * from product_option_value order by id'),
    texts: await sql(t, 'select * from product_option_value_translation order by id'),
  });

  describe('GET /api/v1/product-options/', () => {
    it('lists every option in creation order, with translations and values', async () => {
      const size = await option('MUG_SIZE');
      expect(size).toEqual({
        id: expect.any(Number),
        code: 'MUG_SIZE',
        position: 1,
        translations: {
          en_US: { id: expect.any(Number), locale: 'en_US', name: 'Mug size' },
          nl_NL: { id: expect.any(Number), locale: 'nl_NL', name: 'Mokgrootte' },
        },
        values: [
          {
            code: 'MUG_SIZE_S',
            translations: { en_US: { locale: 'en_US', id: expect.any(Number), value: 'Small' }, nl_NL: { locale: 'nl_NL', id: expect.any(Number), value: 'Klein' } },
          },
        ],
        _links: { self: { href: `${BASE}MUG_SIZE` } },
      });
      const items = [await option('COLOR'), size, await option('MUG_MATERIAL')];
      expect(items.map((item) => item.position)).toEqual([0, 1, 2]);
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 3, items));
      expectJson(await get(`${BASE}?criteria[code]=X&limit=2&page=2`), 200, plainPage(BASE, 'criteria%5Bcode%5D=X&', 2, 2, 2, 3, items.slice(2)));
      expectJson(await get(`${BASE}?page=3&limit=2`), 404, PAGE_NOT_FOUND);
    });
  });

  describe('GET /api/v1/product-options/{code}', () => {
    it('shows an option', async () => {
      expectJson(await get(`${BASE}MUG_SIZE`), 200, await option('MUG_SIZE'));
      expectJson(await get(`${BASE}COLOR`), 200, await option('COLOR'));
    });

    it.each(['none', 'mug_size'])('answers 404 for %s', async (code) => {
      expectJson(await get(`${BASE}${code}`), 404, notFound('product option'));
    });
  });

  describe('POST /api/v1/product-options/', () => {
    it('creates an option last by default, with its values', async () => {
      const response = await request('POST', BASE, {
        code: 'MUG_FINISH',
        translations: { nl_NL: { name: ' Afwerking ' } },
        values: [
          { code: 'MUG_FINISH_MATTE', translations: { en_US: { value: 'Matte' } } },
          { code: 'MUG_FINISH_GLOSS', translations: { en_US: { value: 'Gloss' }, nl_NL: { value: 'Glans' } } },
        ],
      });
      const expected = await option('MUG_FINISH');
      expect(expected.position).toBe(3);
      expect(expected.translations).toEqual({ nl_NL: { id: expect.any(Number), locale: 'nl_NL', name: 'Afwerking' } });
      expect(expected.values.map((value) => value.code)).toEqual(['MUG_FINISH_MATTE', 'MUG_FINISH_GLOSS']);
      expectJson(response, 201, expected);
      expectJson(await get(`${BASE}MUG_FINISH`), 200, expected);
      // The option's own name (shown with products) follows its translations.
      expect(await sql(t, `select name from product_option where code = 'MUG_FINISH'`)).toEqual([{ name: 'Afwerking' }]);
    });

    it('inserts at a position, moving the options after it down', async () => {
      const response = await request('POST', BASE, { code: 'FIRST', position: 0, translations: { en_US: { name: 'First' } } });
      expectJson(response, 201, await option('FIRST'));
      expect(await positions()).toEqual(['FIRST:0', 'COLOR:1', 'MUG_SIZE:2', 'MUG_MATERIAL:3']);
      expectJson(await request('POST', BASE, { code: 'SECOND', position: 1 }), 201, { ...(await option('SECOND')), translations: [] });
      expect(await positions()).toEqual(['FIRST:0', 'SECOND:1', 'COLOR:2', 'MUG_SIZE:3', 'MUG_MATERIAL:4']);
    });

    it('places a position past the end last', async () => {
      expectJson(await request('POST', BASE, { code: 'FAR', position: 40 }), 201, await option('FAR'));
      expect(await positions()).toEqual(['COLOR:0', 'MUG_SIZE:1', 'MUG_MATERIAL:2', 'FAR:3']);
    });

    it('keeps one list numbered from 0 through concurrent creates, moves and a delete', async () => {
      const answers = await Promise.all([
        ...['C1', 'C2', 'C3', 'C4'].map((code, index) => request('POST', BASE, { code, ...(index % 2 === 0 && { position: 0 }) })),
        request('PATCH', `${BASE}COLOR`, { position: 9 }),
        request('PATCH', `${BASE}MUG_SIZE`, { position: 0 }),
        request('DELETE', `${BASE}MUG_MATERIAL`, undefined, AUTH),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 204, 204, 204]);
      const rows = await sql<{ code: string; position: number }>(t, 'select code, position from product_option order by position, id');
      expect({ codes: rows.map((row) => row.code).sort(), positions: rows.map((row) => row.position) }).toEqual({
        codes: ['C1', 'C2', 'C3', 'C4', 'COLOR', 'MUG_SIZE'],
        positions: [0, 1, 2, 3, 4, 5],
      });
    });

    it('moves options while product writes name them, without a deadlock or a retry', async () => {
      const before = { ...lockConflicts };
      const answers = await Promise.all(
        [0, 1, 2, 3, 4, 5].flatMap((n) => [
          request('PATCH', '/api/v1/products/MUG', { options: n % 2 === 0 ? ['COLOR', 'MUG_SIZE'] : ['MUG_MATERIAL', 'COLOR'] }),
          request('PATCH', `${BASE}${n % 2 === 0 ? 'MUG_MATERIAL' : 'COLOR'}`, { position: n % 3 }),
        ]),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 12 }, () => 204));
      expect(lockConflicts).toEqual(before);
      expect((await positions()).map((entry) => Number(entry.split(':')[1]))).toEqual([0, 1, 2]);
    });

    it.each([
      ['an empty body', undefined, tree({ code: [CODE_BLANK] })],
      ['a short and a long name', { code: 'NEW', translations: { en_US: { name: 'X' }, nl_NL: { name: 'n'.repeat(256) } } }, tree({ names: { en_US: [NAME_SHORT], nl_NL: [NAME_LONG] } })],
      ['a blank name', { code: 'NEW', translations: { en_US: { name: '' } } }, tree({ names: { en_US: [NAME_BLANK] } })],
      ['a taken code', { code: 'COLOR' }, tree({ code: [CODE_TAKEN] })],
      ['a code with a space', { code: 'NEW ONE' }, tree({ code: [CODE_INVALID] })],
      ['a negative position', { code: 'NEW', position: -1 }, tree({ position: [TOO_LOW] })],
      ['a text position', { code: 'NEW', position: 'first' }, tree({ position: [NOT_VALID] })],
      [
        'values without code or text',
        { code: 'NEW', values: [{ translations: { en_US: {} } }, { code: 'NEW_B', translations: { nl_NL: { value: ' ' } } }] },
        tree({ values: [{ code: [VALUE_CODE_BLANK], value: { en_US: [VALUE_BLANK] } }, { value: { nl_NL: [VALUE_BLANK] } }] }),
      ],
      [
        'value codes taken by another option, repeated, or invalid',
        { code: 'NEW', values: [{ code: 'COLOR_RED' }, { code: 'NEW_A' }, { code: 'NEW_A' }, { code: 'NEW A' }] },
        tree({ values: [{ code: [VALUE_CODE_TAKEN] }, {}, { code: [VALUE_CODE_TAKEN] }, { code: [VALUE_CODE_INVALID] }] }),
      ],
      ['values that are no list', { code: 'NEW', values: 'S' }, tree({ valuesOwn: [NOT_VALID] })],
      ['a value that is no object', { code: 'NEW', values: ['S'] }, validationFailed({
        children: {
          position: {},
          translations: translationsNode('name'),
          values: { children: [{ errors: [NOT_VALID], children: { translations: translationsNode('value'), code: {} } }] },
          code: {},
        },
      })],
      ['an unknown locale and key', { code: 'NEW', label: 'x', translations: { de_DE: { name: 'Neu' } } }, tree({ root: [EXTRA], translations: [EXTRA] })],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      const before = await state();
      expectJson(await request('POST', BASE, payload), 400, expected);
      expect(await state()).toEqual(before);
    });
  });

  describe('PUT /api/v1/product-options/{code}', () => {
    it('replaces translations and values sent, adds new values, clamps the position to the last place', async () => {
      const before = await option('MUG_SIZE');
      expectNoContent(
        await request('PUT', `${BASE}MUG_SIZE`, {
          code: 'IGNORED',
          position: 7,
          translations: { en_US: { name: 'Size' }, nl_NL: { name: 'Maat' } },
          values: [
            { code: 'MUG_SIZE_S', translations: { en_US: { value: 'S' }, nl_NL: { value: 'K' } } },
            { code: 'MUG_SIZE_M', translations: { en_US: { value: 'Medium' } } },
          ],
        }),
      );
      const after = await option('MUG_SIZE');
      expect(after).toEqual({
        ...before,
        position: 2,
        translations: {
          en_US: { ...(before.translations as Record<string, object>).en_US, name: 'Size' },
          nl_NL: { ...(before.translations as Record<string, object>).nl_NL, name: 'Maat' },
        },
        values: [
          { code: 'MUG_SIZE_S', translations: { en_US: { locale: 'en_US', id: expect.any(Number), value: 'S' }, nl_NL: { locale: 'nl_NL', id: expect.any(Number), value: 'K' } } },
          { code: 'MUG_SIZE_M', translations: { en_US: { locale: 'en_US', id: expect.any(Number), value: 'Medium' } } },
        ],
      });
      expect(await positions()).toEqual(['COLOR:0', 'MUG_MATERIAL:1', 'MUG_SIZE:2']);
      expectJson(await get(`${BASE}MUG_SIZE`), 200, after);
    });

    it('keeps values left out and the position when not sent', async () => {
      expectNoContent(await request('PUT', `${BASE}MUG_SIZE`, { translations: { en_US: { name: 'Size' }, nl_NL: { name: 'Maat' } } }));
      const after = await option('MUG_SIZE');
      expect({ position: after.position, values: after.values.map((value) => value.code) }).toEqual({ position: 1, values: ['MUG_SIZE_S'] });
    });

    it('blanks stored translations left out, of the option and of the values sent: 400, nothing written', async () => {
      const before = await state();
      expectJson(await request('PUT', `${BASE}MUG_SIZE`, {}), 400, tree({ names: { en_US: [NAME_BLANK], nl_NL: [NAME_BLANK] } }));
      expectJson(
        await request('PUT', `${BASE}MUG_SIZE`, {
          translations: { en_US: { name: 'Size' }, nl_NL: { name: 'Maat' } },
          values: [{ code: 'MUG_SIZE_S', translations: { en_US: { value: 'S' } } }],
        }),
        400,
        tree({ values: [{ value: { nl_NL: [VALUE_BLANK] } }] }),
      );
      expect(await state()).toEqual(before);
    });

    it('answers 404 for an unknown code, before the form', async () => {
      expectJson(await request('PUT', `${BASE}none`, { position: 'x' }), 404, notFound('product option'));
    });
  });

  describe('PATCH /api/v1/product-options/{code}', () => {
    it('changes only what is sent: a new value, a move to the front', async () => {
      const before = await option('MUG_SIZE');
      expectNoContent(await request('PATCH', `${BASE}MUG_SIZE`, { position: 0, values: [{ code: 'MUG_SIZE_L', translations: { en_US: { value: 'Large' } } }] }));
      const after = await option('MUG_SIZE');
      expect(after).toEqual({
        ...before,
        position: 0,
        values: [...before.values, { code: 'MUG_SIZE_L', translations: { en_US: { locale: 'en_US', id: expect.any(Number), value: 'Large' } } }],
      });
      expect(await positions()).toEqual(['MUG_SIZE:0', 'COLOR:1', 'MUG_MATERIAL:2']);
      expectNoContent(await request('PATCH', `${BASE}MUG_SIZE`, { translations: { nl_NL: { name: 'Maat' } }, values: [{ code: 'MUG_SIZE_S', translations: { nl_NL: { value: 'K' } } }] }));
      const patched = await option('MUG_SIZE');
      expect([(patched.translations as Record<string, { name: string }>).en_US.name, (patched.translations as Record<string, { name: string }>).nl_NL.name]).toEqual(['Mug size', 'Maat']);
      expect(patched.values[0].translations).toEqual({
        en_US: { locale: 'en_US', id: expect.any(Number), value: 'Small' },
        nl_NL: { locale: 'nl_NL', id: expect.any(Number), value: 'K' },
      });
      expectJson(await get(`${BASE}MUG_SIZE`), 200, patched);
    });

    it('keeps the en_US name as the name products show: a name in another locale does not change it', async () => {
      const name = async () => (await sql<{ name: string }>(t, `select name from product_option where code = 'COLOR'`))[0].name;
      expectNoContent(await request('PATCH', `${BASE}COLOR`, { position: 2 }));
      expect({ name: await name(), positions: await positions() }).toEqual({ name: 'Color', positions: ['MUG_SIZE:0', 'MUG_MATERIAL:1', 'COLOR:2'] });
      expectNoContent(await request('PATCH', `${BASE}COLOR`, { translations: { nl_NL: { name: 'Kleur' } } }));
      expect(await name()).toBe('Color');
      expectNoContent(await request('PATCH', `${BASE}COLOR`, { translations: { en_US: { name: 'Colour' } } }));
      expect(await name()).toBe('Colour');
    });

    it('checks a new value sent without code: 400, nothing written', async () => {
      const before = await state();
      expectJson(await request('PATCH', `${BASE}MUG_SIZE`, { values: [{ translations: { en_US: { value: 'Large' } } }] }), 400, tree({ values: [{ code: [VALUE_CODE_BLANK] }] }));
      expect(await state()).toEqual(before);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('PATCH', `${BASE}none`, {}), 404, notFound('product option'));
    });
  });

  describe('DELETE /api/v1/product-options/{code}', () => {
    it('deletes an option with its translations and values; the options after it move up', async () => {
      expectNoContent(await request('DELETE', `${BASE}MUG_SIZE`, undefined, AUTH));
      expectJson(await get(`${BASE}MUG_SIZE`), 404, notFound('product option'));
      expect(await positions()).toEqual(['COLOR:0', 'MUG_MATERIAL:1']);
      expect(await sql(t, `select code from product_option_value where code like 'MUG_SIZE%'`)).toEqual([]);
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 2, [await option('COLOR'), await option('MUG_MATERIAL')]));
    });

    it('keeps an option a product offers: 409, nothing written', async () => {
      const before = await state();
      expectJson(await request('DELETE', `${BASE}COLOR`, undefined, AUTH), 409, IN_USE);
      expect(await state()).toEqual(before);
    });

    it('keeps an option whose value a variant has, even once no product offers it: 409', async () => {
      await sql(t, 'delete from product_product_option');
      const before = await state();
      expectJson(await request('DELETE', `${BASE}COLOR`, undefined, AUTH), 409, IN_USE);
      expect(await state()).toEqual(before);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('DELETE', `${BASE}none`, undefined, AUTH), 404, notFound('product option'));
    });
  });
});
