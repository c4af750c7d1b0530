import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, idOf, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { notFound, stamps } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Product attributes (/api/v1/product-attributes): a plain list, a create per type, show, PUT, PATCH and
 * delete, with names keyed by locale, a configuration by type and positions kept as list indexes.
 */
const SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD]
`;

const BASE = '/api/v1/product-attributes/';
const M = {
  nameBlank: 'Please enter attribute name.',
  nameShort: 'Attribute name must be at least 2 characters long.',
  nameLong: 'Attribute name must not be longer than 255 characters.',
  codeBlank: 'Please enter attribute code.',
  codeShort: 'Attribute code must be at least 2 characters long.',
  codeInvalid: 'Attribute code can only be comprised of letters, numbers, dashes and underscores.',
  codeLong: 'Attribute code must not be longer than 255 characters.',
  codeTaken: 'This code is already in use.',
  negative: 'This value should be greater than or equal to 0.',
  maxBelowMin: 'This value should be greater than or equal to min.',
  labelBlank: 'Every choice needs a label that is not blank.',
  notValid: 'This value is not valid.',
  extra: 'This form should not contain extra fields.',
};

type Node = { errors?: string[]; children?: Record<string, unknown> };
const field = (messages?: string[]): Node => (messages ? { errors: messages } : {});

/** The 400 body: fields' messages, names per locale, and the configuration node of the type. */
const tree = (
  o: {
    position?: string[];
    code?: string[];
    en_US?: string[];
    de_DE?: string[];
    translations?: string[];
    configuration?: Record<string, string[] | undefined>;
    configurationErrors?: string[];
    root?: string[];
  },
  configurationFields: readonly string[] = ['min', 'max'],
) =>
  validationFailed({
    ...(o.root && { errors: o.root }),
    children: {
      type: {},
      position: field(o.position),
      translations: {
        ...(o.translations && { errors: o.translations }),
        children: { en_US: { children: { name: field(o.en_US) } }, de_DE: { children: { name: field(o.de_DE) } } },
      },
      code: field(o.code),
      configuration: {
        ...(o.configurationErrors && { errors: o.configurationErrors }),
        children: Object.fromEntries(configurationFields.map((name) => [name, field(o.configuration?.[name])])),
      },
    },
  });

describe('product attributes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.inject({ method, url, headers: payload === undefined ? AUTH : JSON_AUTH, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url);
  const count = async () => Number((await sql<{ n: string }>(t, 'select count(*) as n from product_attribute'))[0].n);
  const attributeId = (code: string) => idOf(t, 'select id from product_attribute where code = ?', [code]);
  const positions = async () => (await sql<{ code: string }>(t, 'select code from product_attribute order by position, id')).map((row) => row.code);

  /** Names as stored, in id order. */
  const translations = async (code: string, names: Record<string, string>) => {
    const rows = await sql<{ id: number; locale: string }>(
      t,
      'select t.id, t.locale from product_attribute_translation t join product_attribute a on a.id = t.attribute_id where a.code = ? order by t.id',
      [code],
    );
    expect(rows.map((row) => row.locale)).toEqual(Object.keys(names));
    if (rows.length === 0) return [];
    return Object.fromEntries(rows.map((row) => [row.locale, { id: row.id, locale: row.locale, name: names[row.locale] }]));
  };
  const listItem = async (code: string, type: string, position: number, names: Record<string, string>) => ({
    id: await attributeId(code),
    code,
    type,
    position,
    translations: await translations(code, names),
    _links: { self: { href: `${BASE}${code}` } },
  });
  const attribute = async (code: string, type: string, position: number, names: Record<string, string>, configuration: unknown) => {
    const { _links, ...item } = await listItem(code, type, position, names);
    return { ...item, configuration, ...(await stamps(t, 'product_attribute', 'code = ?', [code])), _links };
  };

  const create = async (type: string, body: unknown) => {
    const response = await request('POST', `${BASE}${type}`, body);
    expect(response.statusCode).toBe(201);
  };
  /** mug_material (text), mug_color (select), mug_size (integer), at positions 0, 1, 2. */
  const threeAttributes = async () => {
    await create('text', { code: 'mug_material', translations: { en_US: { name: 'Mug material' } } });
    await create('select', { code: 'mug_color', translations: { en_US: { name: 'Mug color' } }, configuration: { choices: [{ en_US: 'Red' }] } });
    await create('integer', { code: 'mug_size', translations: { en_US: { name: 'Mug size' } } });
  };

  describe(`POST ${BASE}{type}`, () => {
    it('creates a text attribute: 201 with the full shape, first position, type from the path', async () => {
      const response = await request('POST', `${BASE}text`, {
        type: 'integer',
        translations: { de_DE: { name: ' Material ' }, en_US: { name: 'Mug material' } },
        code: ' mug_material ',
        configuration: { min: 2, max: 255 },
      });
      const expected = await attribute('mug_material', 'text', 0, { en_US: 'Mug material', de_DE: 'Material' }, { min: 2, max: 255 });
      expectJson(response, 201, expected);
      expectJson(await get(`${BASE}mug_material`), 200, expected);
    });

    it('creates a select attribute: each choice under a generated UUID key', async () => {
      const response = await request('POST', `${BASE}select`, {
        code: 'mug_color',
        translations: { en_US: { name: 'Mug color' } },
        configuration: { choices: [{ en_US: 'Red', de_DE: 'Rot' }, { en_US: ' Blue ' }], multiple: true, min: 1, max: 2 },
      });
      const expected = await attribute('mug_color', 'select', 0, { en_US: 'Mug color' }, []);
      const body = response.json<{ configuration: { choices: Record<string, unknown> } }>();
      const keys = Object.keys(body.configuration.choices);
      expect(keys).toHaveLength(2);
      for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expectJson(response, 201, {
        ...expected,
        configuration: { choices: { [keys[0]]: { en_US: 'Red', de_DE: 'Rot' }, [keys[1]]: { en_US: 'Blue' } }, multiple: true, min: 1, max: 2 },
      });
      expect(body.configuration).toEqual({
        choices: { [keys[0]]: { en_US: 'Red', de_DE: 'Rot' }, [keys[1]]: { en_US: 'Blue' } },
        multiple: true,
        min: 1,
        max: 2,
      });
      expect(keys[0]).not.toBe(keys[1]);
      expectJson(await get(`${BASE}mug_color`), 200, { ...expected, configuration: body.configuration });
    });

    it('creates attributes of the types without configuration: `[]`', async () => {
      for (const type of ['checkbox', 'integer', 'percent', 'datetime', 'date', 'textarea']) {
        const response = await request('POST', `${BASE}${type}`, { code: `a_${type}`, translations: { en_US: { name: `A ${type}` } } });
        const position = ['checkbox', 'integer', 'percent', 'datetime', 'date', 'textarea'].indexOf(type);
        expectJson(response, 201, await attribute(`a_${type}`, type, position, { en_US: `A ${type}` }, []));
      }
      expectJson(await request('POST', `${BASE}select`, { code: 'bare_select' }), 201, await attribute('bare_select', 'select', 6, {}, { choices: [], multiple: false }));
    });

    it('answers 405 for an unknown type (a path with other methods), before the body is read, and 405 without a type', async () => {
      const notAllowed = (path: string, allow: string) => ({ code: 405, message: `No route found for "POST ${path}": Method Not Allowed (Allow: ${allow})` });
      expectJson(await request('POST', `${BASE}colour`, { code: 'x' }), 405, notAllowed(`${BASE}colour`, 'GET, PUT, PATCH, DELETE'));
      expectJson(await request('POST', BASE, { code: 'x' }), 405, notAllowed(BASE, 'GET'));
      expect([404, 405]).toContain((await request('POST', '/api/v1/product-attributes', { code: 'x' })).statusCode);
      expect(await count()).toBe(0);
    });

    it.each([
      ['an empty body', 'text', undefined, tree({ code: [M.codeBlank] })],
      ['an empty body (select)', 'select', {}, tree({ code: [M.codeBlank] }, ['choices', 'multiple', 'min', 'max'])],
      ['an empty body (integer)', 'integer', {}, tree({ code: [M.codeBlank] }, [])],
      [
        'names blank, short and too long; an unknown locale',
        'text',
        { translations: { en_US: { name: ' ' }, de_DE: { name: 'M' }, fr_FR: { name: 'Matière' } }, code: 'x' },
        tree({ translations: [M.extra], en_US: [M.nameBlank], de_DE: [M.nameShort], code: [M.codeShort] }),
      ],
      ['texts longer than their columns', 'text', { translations: { en_US: { name: 'n'.repeat(256) } }, code: 'c'.repeat(256) }, tree({ en_US: [M.nameLong], code: [M.codeLong] })],
      ['a bad code and position', 'text', { code: 'a b', position: -1 }, tree({ code: [M.codeInvalid], position: [M.negative] })],
      ['lengths below 0', 'text', { code: 'ok', configuration: { min: -1, max: 'x' } }, tree({ configuration: { min: [M.negative], max: [M.notValid] } })],
      ['max below min', 'textarea', { code: 'ok', configuration: { min: 5, max: 2 } }, tree({ configuration: { max: [M.maxBelowMin] } })],
      ['unknown configuration keys', 'text', { code: 'ok', configuration: { min: 1, format: 'x' } }, tree({ configurationErrors: [M.extra] })],
      ['a configuration that is no object', 'text', { code: 'ok', configuration: 'long' }, tree({ configurationErrors: [M.notValid] })],
      ['a configuration for a type without one', 'integer', { code: 'ok', configuration: { min: 1 } }, tree({ configurationErrors: [M.extra] }, [])],
      [
        'blank choice labels and a bad count',
        'select',
        { code: 'ok', configuration: { choices: [{ en_US: ' ' }, {}], multiple: 'maybe', min: 3, max: 1 } },
        tree({ configuration: { choices: [M.labelBlank], multiple: [M.notValid], max: [M.maxBelowMin] } }, ['choices', 'multiple', 'min', 'max']),
      ],
      [
        'choices in unknown locales or no list',
        'select',
        { code: 'ok', configuration: { choices: [{ fr_FR: 'Rouge' }] } },
        tree({ configuration: { choices: [M.notValid] } }, ['choices', 'multiple', 'min', 'max']),
      ],
      ['choices that are a text', 'select', { code: 'ok', configuration: { choices: 'red' } }, tree({ configuration: { choices: [M.notValid] } }, ['choices', 'multiple', 'min', 'max'])],
      ['unknown keys', 'text', { code: 'ok', values: [] }, tree({ root: [M.extra] })],
    ])('answers 400 with the form tree for %s, writing nothing', async (_case, type, payload, expected) => {
      expectJson(await request('POST', `${BASE}${type}`, payload ?? {}), 400, expected);
      expect(await count()).toBe(0);
    });

    it('refuses a taken code', async () => {
      await create('text', { code: 'mug_material', translations: { en_US: { name: 'Mug material' } } });
      expectJson(await request('POST', `${BASE}select`, { code: 'mug_material' }), 400, tree({ code: [M.codeTaken] }, ['choices', 'multiple', 'min', 'max']));
      expect(await count()).toBe(1);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'attribute-create' };
      const send = () => t.inject({ method: 'POST', url: `${BASE}text`, headers, payload: { code: 'mug_material' } });
      const first = await send();
      expect(first.statusCode).toBe(201);
      const again = await send();
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      expect(await count()).toBe(1);
    });

    it('gives concurrent creates distinct positions, and one of them a code sent by all', async () => {
      const created = await Promise.all(['a1', 'a2', 'a3', 'a4'].map((code) => request('POST', `${BASE}text`, { code })));
      expect(created.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
      const rows = await sql<{ position: number }>(t, 'select position from product_attribute order by position');
      expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3]);
      const same = await Promise.all(Array.from({ length: 3 }, () => request('POST', `${BASE}text`, { code: 'same' })));
      expect(same.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);
      for (const response of same.filter((candidate) => candidate.statusCode === 400)) expect(response.json()).toEqual(tree({ code: [M.codeTaken] }));
      expect(await count()).toBe(5);
    });

    it('inserts at a position given (past the end: last) and shifts the attributes after it', async () => {
      await threeAttributes();
      await create('text', { code: 'first', position: 0 });
      await create('text', { code: 'last', position: 99 });
      expect(await positions()).toEqual(['first', 'mug_material', 'mug_color', 'mug_size', 'last']);
      const rows = await sql<{ code: string; position: number }>(t, 'select code, position from product_attribute order by position');
      expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4]);
    });
  });

  describe(`GET ${BASE}`, () => {
    it('lists every attribute in creation order, without configuration or dates', async () => {
      await threeAttributes();
      const items = [
        await listItem('mug_material', 'text', 0, { en_US: 'Mug material' }),
        await listItem('mug_color', 'select', 1, { en_US: 'Mug color' }),
        await listItem('mug_size', 'integer', 2, { en_US: 'Mug size' }),
      ];
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 3, items));
      expectJson(await get(`${BASE}?page=2&limit=2`), 200, plainPage(BASE, '', 2, 2, 2, 3, [items[2]]));
    });
  });

  describe(`PUT and PATCH ${BASE}{code}`, () => {
    it('PUT moves an attribute (position 2 of 3 stays 2, 99 is the last) and shifts the others', async () => {
      await threeAttributes();
      expectNoContent(await request('PUT', `${BASE}mug_material`, { position: 2, translations: { en_US: { name: 'Mug material' } } }));
      expect(await positions()).toEqual(['mug_color', 'mug_size', 'mug_material']);
      expectJson(await get(`${BASE}mug_material`), 200, await attribute('mug_material', 'text', 2, { en_US: 'Mug material' }, []));
      expectNoContent(await request('PUT', `${BASE}mug_size`, { position: 0, translations: { en_US: { name: 'Mug size' } } }));
      expect(await positions()).toEqual(['mug_size', 'mug_color', 'mug_material']);
      expectNoContent(await request('PATCH', `${BASE}mug_size`, { position: 99 }));
      expect(await positions()).toEqual(['mug_color', 'mug_material', 'mug_size']);
      const rows = await sql<{ position: number }>(t, 'select position from product_attribute order by position');
      expect(rows.map((row) => row.position)).toEqual([0, 1, 2]);
    });

    it('PUT replaces: translations merged by locale, configuration set whole; type and code ignored', async () => {
      await create('text', { code: 'mug_material', translations: { en_US: { name: 'Mug material' } }, configuration: { min: 2, max: 100 } });
      expectNoContent(
        await request('PUT', `${BASE}mug_material`, {
          type: 'integer',
          code: 'other',
          translations: { en_US: { name: 'Material' }, de_DE: { name: 'Werkstoff' } },
          configuration: { max: 50 },
        }),
      );
      expectJson(await get(`${BASE}mug_material`), 200, await attribute('mug_material', 'text', 0, { en_US: 'Material', de_DE: 'Werkstoff' }, { max: 50 }));
    });

    it('PUT without an existing translation blanks it (400); PUT {} lists the names', async () => {
      await create('text', { code: 'mug_material', translations: { en_US: { name: 'Mug material' } } });
      expectJson(await request('PUT', `${BASE}mug_material`, {}), 400, tree({ en_US: [M.nameBlank] }));
      expectJson(await request('PUT', `${BASE}mug_material`, { configuration: { min: -2 } }), 400, tree({ en_US: [M.nameBlank], configuration: { min: [M.negative] } }));
    });

    it('PATCH changes only what is sent; type ignored', async () => {
      await create('select', {
        code: 'mug_color',
        translations: { en_US: { name: 'Mug color' }, de_DE: { name: 'Farbe' } },
        configuration: { choices: [{ en_US: 'Red' }], multiple: true, min: 1 },
      });
      const before = (await get(`${BASE}mug_color`)).json<{ configuration: { choices: Record<string, unknown> } }>();
      const [red] = Object.keys(before.configuration.choices);
      expectNoContent(await request('PATCH', `${BASE}mug_color`, { type: 'integer', translations: { de_DE: { name: 'Becherfarbe' } } }));
      expectJson(await get(`${BASE}mug_color`), 200, await attribute('mug_color', 'select', 0, { en_US: 'Mug color', de_DE: 'Becherfarbe' }, {
        choices: { [red]: { en_US: 'Red' } },
        multiple: true,
        min: 1,
      }));
      // Choices sent as a map keep the keys the attribute has; a new one gets a new key.
      expectNoContent(await request('PATCH', `${BASE}mug_color`, { configuration: { choices: { [red]: { en_US: 'Dark red' }, new: { en_US: 'Green' } }, max: 2 } }));
      const after = (await get(`${BASE}mug_color`)).json<{ configuration: { choices: Record<string, unknown> } }>();
      const green = Object.keys(after.configuration.choices).find((key) => key !== red)!;
      expect(green).not.toBe('new');
      expectJson(await get(`${BASE}mug_color`), 200, await attribute('mug_color', 'select', 0, { en_US: 'Mug color', de_DE: 'Becherfarbe' }, {
        choices: { [red]: { en_US: 'Dark red' }, [green]: { en_US: 'Green' } },
        multiple: true,
        min: 1,
        max: 2,
      }));
      expectJson(
        await request('PATCH', `${BASE}mug_color`, { configuration: { max: 0 }, translations: { en_US: { name: null } } }),
        400,
        tree({ en_US: [M.nameBlank], configuration: { max: [M.maxBelowMin] } }, ['choices', 'multiple', 'min', 'max']),
      );
    });

    it('answers 404 for an unknown code, before the body is read', async () => {
      expectJson(await request('PUT', `${BASE}none`, { position: -1 }), 404, notFound('product attribute'));
      expectJson(await request('PATCH', `${BASE}none`, {}), 404, notFound('product attribute'));
    });
  });

  describe(`GET and DELETE ${BASE}{code}`, () => {
    it('answers 404 for an unknown code', async () => {
      expectJson(await get(`${BASE}none`), 404, notFound('product attribute'));
      expectJson(await request('DELETE', `${BASE}none`), 404, notFound('product attribute'));
    });

    it('deletes an attribute with its translations; the ones after it move up', async () => {
      await threeAttributes();
      expectNoContent(await request('DELETE', `${BASE}mug_material`));
      expectJson(await get(`${BASE}mug_material`), 404, notFound('product attribute'));
      expect(await sql(t, "select 1 from product_attribute_translation where name = 'Mug material'")).toEqual([]);
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 2, [await listItem('mug_color', 'select', 0, { en_US: 'Mug color' }), await listItem('mug_size', 'integer', 1, { en_US: 'Mug size' })]));
    });
  });
});
