import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, sql, validationFailed } from './cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from './cart-fixtures';
import { ACCESS_DENIED, notFound, PAGE_NOT_FOUND, stamps, type CategoryExpectation } from './resource-expectations';
import { plainPage } from './plain-page';
import { json, startTestApp, type TestApp } from './test-app';

/**
 * The routes of a category resource (tax categories, shipping categories): a plain list, create, show,
 * PUT, PATCH and a delete that refuses while anything refers to the category. The two resources differ
 * only in names, messages, tables and what refers to them, which each spec file gives.
 */
export interface CategoryResource {
  /** The path segment, e.g. `tax-categories`. */
  path: string;
  table: 'tax_category' | 'shipping_category';
  /** As the messages name it, e.g. `tax category`. */
  resource: 'tax category' | 'shipping category';
  /** The shop; its categories of the resource are `categories`, in that order. */
  yaml: string;
  categories: CategoryExpectation[];
  /** Codes of categories something refers to, with the column that refers to them. */
  used: Array<{ code: string; table: string; column: string }>;
  /** A category nothing refers to. */
  unused: string;
  /** A statement that makes a row refer to the category with this id (the race with a delete). */
  refer: (categoryId: number) => string;
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The messages of the category form. */
function categoryMessages(resource: string) {
  const label = upperFirst(resource);
  return {
    nameBlank: `Please enter ${resource} name.`,
    nameShort: `${label} name must be at least 2 characters long.`,
    nameLong: `${label} name must not be longer than 255 characters.`,
    codeBlank: `Please enter ${resource} code.`,
    codeInvalid: `${label} code can only be comprised of letters, numbers, dashes and underscores.`,
    codeLong: `${label} code must not be longer than 255 characters.`,
    codeTaken: `The ${resource} with given code already exists.`,
    inUse: { code: 409, message: `The ${resource} is in use and cannot be deleted.` },
    notValid: 'This value is not valid.',
    extra: 'This form should not contain extra fields.',
  };
}

export function describeCategoryResource(r: CategoryResource): void {
  const base = `/api/v1/${r.path}/`;
  const m = categoryMessages(r.resource);
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, r.yaml);
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = JSON_AUTH) =>
    t.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url, undefined, AUTH);
  const idOf = async (code: string): Promise<number> => (await sql<{ id: number }>(t, `select id from ${r.table} where code = ?`, [code]))[0]?.id;
  const rowOf = async (code: string) => (await sql(t, `select code, name, description from ${r.table} where code = ?`, [code]))[0];
  const count = async () => Number((await sql<{ n: string }>(t, `select count(*) as n from ${r.table}`))[0].n);
  const version = async () => (await sql<{ version: string }>(t, 'select version::text from shop_configuration_version'))[0].version;

  /** The detailed body of a stored category. */
  const detail = async (c: CategoryExpectation) => ({
    id: await idOf(c.code),
    code: c.code,
    name: c.name,
    ...(c.description !== undefined && { description: c.description }),
    ...(await stamps(t, r.table, 'code = ?', [c.code])),
    _links: { self: { href: `${base}${encodeURIComponent(c.code)}` } },
  });
  const listItem = async (c: CategoryExpectation) => ({ id: await idOf(c.code), code: c.code, name: c.name, _links: { self: { href: `${base}${encodeURIComponent(c.code)}` } } });
  const page = (query: string, pageNumber: number, limit: number, pages: number, total: number, items: unknown[]) => plainPage(base, query, pageNumber, limit, pages, total, items);
  const tree = (children: { name?: string[]; description?: string[]; code?: string[] }, errors?: string[]) =>
    validationFailed({
      ...(errors && { errors }),
      children: {
        name: children.name ? { errors: children.name } : {},
        description: children.description ? { errors: children.description } : {},
        code: children.code ? { errors: children.code } : {},
      },
    });

  describe(`GET ${base}`, () => {
    it('lists every category in creation order, with the default page size', async () => {
      const items = await Promise.all(r.categories.map(listItem));
      expectJson(await get(base), 200, page('', 1, 10, 1, r.categories.length, items));
      expectJson(await get(base.slice(0, -1)), 200, page('', 1, 10, 1, r.categories.length, items));
    });

    it('applies no filter or sorting, but carries them into the links', async () => {
      const items = await Promise.all(r.categories.map(listItem));
      const query = 'criteria%5Bsearch%5D=nothing&sorting%5Bname%5D=desc&';
      expectJson(await get(`${base}?criteria[search]=nothing&sorting[name]=desc&page=2&limit=2`), 200, page(query, 2, 2, Math.ceil(items.length / 2), items.length, items.slice(2, 4)));
      expectJson(await get(`${base}?sorting[nope]=up&paginate=3`), 200, page('sorting%5Bnope%5D=up&', 1, 3, Math.ceil(items.length / 3), items.length, items.slice(0, 3)));
    });

    it('caps the page size at 100', async () => {
      const items = await Promise.all(r.categories.map(listItem));
      expectJson(await get(`${base}?limit=1000`), 200, page('', 1, 100, 1, items.length, items));
    });

    it.each(['page=9', 'page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=-5', 'limit=x', 'paginate=0'])('answers 404 Page Not Found to ?%s', async (query) => {
      expectJson(await get(`${base}?${query}`), 404, PAGE_NOT_FOUND);
    });

    it('answers an empty list as page 1 of 1', async () => {
      await t.em().getConnection().execute(`truncate ${r.table} cascade`);
      expectJson(await get(base), 200, page('', 1, 10, 1, 0, []));
    });
  });

  describe(`GET ${base}{code}`, () => {
    it('shows a category, without a description when it has none', async () => {
      for (const category of r.categories) expectJson(await get(`${base}${category.code}`), 200, await detail(category));
    });

    it.each(['none', '-1', `${r.categories[0].code.toUpperCase()}X`, 'x'.repeat(300)])('answers 404 for the code %s', async (code) => {
      expectJson(await get(`${base}${code}`), 404, notFound(r.resource));
    });
  });

  describe(`POST ${base}`, () => {
    it('creates a category: 201 with the detailed shape, no Location, trimmed texts', async () => {
      const before = await version();
      const response = await request('POST', base, { name: '  Fragile goods ', description: ' Handle with care ', code: ' fragile_1-A ' });
      const expected = await detail({ code: 'fragile_1-A', name: 'Fragile goods', description: 'Handle with care' });
      expectJson(response, 201, expected);
      expect(response.headers.location).toBeUndefined();
      expectJson(await get(`${base}fragile_1-A`), 200, expected);
      // The pricing cache's configuration version moved with the insert.
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    });

    it('creates one without a description (null and empty are none)', async () => {
      const plain = await request('POST', base, { name: 'Plain', code: 'plain', description: null });
      expectJson(plain, 201, await detail({ code: 'plain', name: 'Plain' }));
      const empty = await request('POST', base, { name: 'Empty', code: 'empty', description: '  ' });
      expectJson(empty, 201, await detail({ code: 'empty', name: 'Empty' }));
    });

    it('takes texts as long as their columns, counted in characters', async () => {
      const name = '😀'.repeat(255);
      const code = 'c'.repeat(255);
      const description = 'd'.repeat(100_000);
      const response = await request('POST', base, { name, code, description });
      const expected = await detail({ code, name, description });
      expectJson(response, 201, expected);
      expectJson(await get(`${base}${code}`), 200, expected);
    });

    it.each([
      ['an empty body', undefined, tree({ name: [m.nameBlank], code: [m.codeBlank] })],
      ['blank texts', { name: '  ', description: '', code: '' }, tree({ name: [m.nameBlank], code: [m.codeBlank] })],
      ['nulls', { name: null, description: null, code: null }, tree({ name: [m.nameBlank], code: [m.codeBlank] })],
      ['a one-character name and a code with a space', { name: 'x', code: 'a b' }, tree({ name: [m.nameShort], code: [m.codeInvalid] })],
      ['texts one character longer than their columns', { name: 'n'.repeat(256), code: 'c'.repeat(256) }, tree({ name: [m.nameLong], code: [m.codeLong] })],
      ['values that are not texts', { name: 5, description: ['x'], code: { a: 1 } }, tree({ name: [m.notValid], description: [m.notValid], code: [m.notValid] })],
      ['a code of other letters', { name: 'Ünïcode', code: 'ünï' }, tree({ code: [m.codeInvalid] })],
      ['unknown keys', { name: 'Fine', code: 'fine', id: 7, createdAt: 'now' }, tree({}, [m.extra])],
    ])('answers 400 with the form tree for %s, writing nothing', async (_case, payload, expected) => {
      const [rows, before] = [await count(), await version()];
      expectJson(await request('POST', base, payload), 400, expected);
      expect([await count(), await version()]).toEqual([rows, before]);
    });

    it('answers 400 for a code another category has, with the other violations', async () => {
      const taken = r.categories[0].code;
      expectJson(await request('POST', base, { name: 'x', code: taken }), 400, tree({ name: [m.nameShort], code: [m.codeTaken] }));
      expectJson(await request('POST', base, { name: 'Again', code: ` ${taken} ` }), 400, tree({ code: [m.codeTaken] }));
    });

    it('creates one category from concurrent requests for one code; the others get the taken-code 400', async () => {
      const responses = await Promise.all(Array.from({ length: 4 }, () => request('POST', base, { name: 'Raced', code: 'raced' })));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(json(response)).toEqual(tree({ code: [m.codeTaken] }));
      expect(Number((await sql<{ n: string }>(t, `select count(*) as n from ${r.table} where code = 'raced'`))[0].n)).toBe(1);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': `${r.path}-create` };
      const first = await request('POST', base, { name: 'Once', code: 'once' }, headers);
      expect(first.statusCode).toBe(201);
      const rows = await count();
      const again = await request('POST', base, { code: 'once', name: 'Once' }, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      expect(await count()).toBe(rows);
      expectJson(await request('POST', base, { name: 'Twice', code: 'twice' }, headers), 422, { code: 422, message: 'Idempotency-Key reused with a different request' });
    });
  });

  describe(`PUT ${base}{code}`, () => {
    const target = () => r.categories[0];

    it('replaces the name and clears a left-out description; the code never changes', async () => {
      const before = await version();
      expectNoContent(await request('PUT', `${base}${target().code}`, { name: 'Renamed', code: 'NEW_CODE' }));
      expectJson(await get(`${base}${target().code}`), 200, await detail({ code: target().code, name: 'Renamed' }));
      expectJson(await get(`${base}NEW_CODE`), 404, notFound(r.resource));
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    });

    it('ignores a code that would not even be valid', async () => {
      expectNoContent(await request('PUT', `${base}${target().code}`, { name: 'Renamed', description: 'New', code: 'x'.repeat(400) }));
      expect(await rowOf(target().code)).toEqual({ code: target().code, name: 'Renamed', description: 'New' });
    });

    it('answers 400 for an empty body (the name is required), code listed without a violation, writing nothing', async () => {
      const [row, before] = [await rowOf(target().code), await version()];
      expectJson(await request('PUT', `${base}${target().code}`, {}), 400, tree({ name: [m.nameBlank] }));
      expectJson(await request('PUT', `${base}${target().code}`, { name: 'n'.repeat(256), extra: 1 }), 400, tree({ name: [m.nameLong] }, [m.extra]));
      expect([await rowOf(target().code), await version()]).toEqual([row, before]);
    });

    it('answers 404 for an unknown code before looking at the body', async () => {
      expectJson(await request('PUT', `${base}none`, {}), 404, notFound(r.resource));
    });
  });

  describe(`PATCH ${base}{code}`, () => {
    const target = () => r.categories[0];

    it('changes only the fields sent', async () => {
      expectNoContent(await request('PATCH', `${base}${target().code}`, { name: 'Patched' }));
      expect(await rowOf(target().code)).toEqual({ code: target().code, name: 'Patched', description: target().description ?? null });
      expectNoContent(await request('PATCH', `${base}${target().code}`, { description: 'Now described', code: 'ignored' }));
      expect(await rowOf(target().code)).toEqual({ code: target().code, name: 'Patched', description: 'Now described' });
      expectNoContent(await request('PATCH', `${base}${target().code}`, { description: null }));
      expect(await rowOf(target().code)).toEqual({ code: target().code, name: 'Patched', description: null });
    });

    it('changes nothing for an empty body: same row, same times, same configuration version', async () => {
      const [row, stamped, before] = [await rowOf(target().code), await stamps(t, r.table, 'code = ?', [target().code]), await version()];
      expectNoContent(await request('PATCH', `${base}${target().code}`, {}));
      expect([await rowOf(target().code), await stamps(t, r.table, 'code = ?', [target().code]), await version()]).toEqual([row, stamped, before]);
    });

    it('answers 400 for a name sent as null or too short', async () => {
      expectJson(await request('PATCH', `${base}${target().code}`, { name: null }), 400, tree({ name: [m.nameBlank] }));
      expectJson(await request('PATCH', `${base}${target().code}`, { name: 'x', description: 3 }), 400, tree({ name: [m.nameShort], description: [m.notValid] }));
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('PATCH', `${base}none`, { name: 'Whatever' }), 404, notFound(r.resource));
    });
  });

  describe(`DELETE ${base}{code}`, () => {
    it('deletes a category nothing refers to', async () => {
      const before = await version();
      expectNoContent(await request('DELETE', `${base}${r.unused}`, undefined, AUTH));
      expectJson(await get(`${base}${r.unused}`), 404, notFound(r.resource));
      expectJson(await request('DELETE', `${base}${r.unused}`, undefined, AUTH), 404, notFound(r.resource));
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    });

    it.each(['none', 'x'.repeat(300)])('answers 404 for the code %s', async (code) => {
      expectJson(await request('DELETE', `${base}${code}`, undefined, AUTH), 404, notFound(r.resource));
    });

    it('answers 409 for a category still referred to, and writes nothing', async () => {
      for (const used of r.used) {
        const id = await idOf(used.code);
        const [row, before] = [await rowOf(used.code), await version()];
        const referring = async () => Number((await sql<{ n: string }>(t, `select count(*) as n from ${used.table} where ${used.column} = ?`, [id]))[0].n);
        const references = await referring();
        expect(references).toBeGreaterThan(0);
        expectJson(await request('DELETE', `${base}${used.code}`, undefined, AUTH), 409, m.inUse);
        expect([await rowOf(used.code), await referring(), await version()]).toEqual([row, references, before]);
      }
    });

    it('answers 409 when a row that refers to the category commits while the delete waits for it', async () => {
      const id = await idOf(r.unused);
      let deletion: ReturnType<typeof request> | undefined;
      await t.em().transactional(async (tx) => {
        await tx.execute(r.refer(id));
        deletion = request('DELETE', `${base}${r.unused}`, undefined, AUTH);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expectJson(await deletion!, 409, m.inUse);
      expect(await rowOf(r.unused)).toEqual(expect.objectContaining({ code: r.unused }));
    });
  });

  describe('routing and authentication', () => {
    it.each([
      ['GET', base],
      ['POST', base],
      ['GET', `${base}${r.unused}`],
      ['PUT', `${base}${r.unused}`],
      ['PATCH', `${base}${r.unused}`],
      ['DELETE', `${base}${r.unused}`],
      ['DELETE', `${base}none`],
    ] as const)('answers 401 to %s %s without a token, writing nothing', async (method, url) => {
      const rows = await count();
      expectJson(await t.inject({ method, url, ...(method !== 'GET' && method !== 'DELETE' && { headers: { 'content-type': 'application/json' }, payload: { name: 'Sneaky', code: 'sneaky' } }) }), 401, ACCESS_DENIED);
      expect(await count()).toBe(rows);
    });

    it('answers 405 with Allow to a method the path does not take', async () => {
      const item = await t.inject({ method: 'POST', url: `${base}${r.unused}`, headers: AUTH });
      expect(item.headers.allow).toBe('GET, PUT, PATCH, DELETE');
      expectJson(item, 405, { code: 405, message: `No route found for "POST ${base}${r.unused}": Method Not Allowed (Allow: GET, PUT, PATCH, DELETE)` });
      const collection = await t.inject({ method: 'DELETE', url: base, headers: AUTH });
      expectJson(collection, 405, { code: 405, message: `No route found for "DELETE ${base}": Method Not Allowed (Allow: GET, POST)` });
    });
  });
}
