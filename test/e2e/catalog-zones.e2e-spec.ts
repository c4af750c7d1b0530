import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { ACCESS_DENIED, notFound, PAGE_NOT_FOUND } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Zones (/api/v1/zones): a plain list, create by type, show, PUT, PATCH and delete. `WORLD` is a tax
 * rate's zone, `NY` a shipping method's, `US` the channel's default tax zone and `EU` a member of `WORLD`;
 * `DE` is nobody's.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [NL, BE, DE, AT, {code: US, provinces: [{code: US-NY, name: New York}, {code: US-CA, name: California}]}]
zones:
  - {code: EU, name: European Union, type: country, members: [NL, BE]}
  - {code: NY, name: New York, type: province, scope: shipping, members: [US-NY]}
  - {code: WORLD, name: World, type: zone, scope: tax, members: [EU]}
  - {code: US, name: United States, type: country, members: [US]}
  - {code: DE, name: Germany, type: country, members: [DE]}
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US, taxCalculationStrategy: order_items_based}
taxCategories: [{code: std, name: Standard}]
taxRates: [{code: vat, name: VAT, category: std, zone: WORLD, amount: 0.2}]
shippingMethods:
  - {code: flat, name: Flat, zone: NY, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB]}
`;
const ZONES = [
  { code: 'EU', name: 'European Union', type: 'country', scope: 'all', members: ['NL', 'BE'] },
  { code: 'NY', name: 'New York', type: 'province', scope: 'shipping', members: ['US-NY'] },
  { code: 'WORLD', name: 'World', type: 'zone', scope: 'tax', members: ['EU'] },
  { code: 'US', name: 'United States', type: 'country', scope: 'all', members: ['US'] },
  { code: 'DE', name: 'Germany', type: 'country', scope: 'all', members: ['DE'] },
];
const CODES = ZONES.map((zone) => zone.code);
const BASE = '/api/v1/zones/';

const NOT_VALID = 'This value is not valid.';
const EXTRA = 'This form should not contain extra fields.';
const NAME_BLANK = 'Please enter zone name.';
const NAME_SHORT = 'Zone name must be at least 2 characters long.';
const NAME_LONG = 'Zone name must not be longer than 255 characters.';
const SCOPE_BLANK = 'Please enter the scope.';
const CODE_BLANK = 'Please enter zone code.';
const CODE_INVALID = 'Zone code can only be comprised of letters, numbers, dashes and underscores.';
const CODE_TAKEN = 'Zone code must be unique.';
const NO_MEMBERS = 'Please add at least 1 zone member.';
const REPEATED = 'Chosen zone member is already in this zone.';
const IN_USE = { code: 409, message: 'The zone is in use and cannot be deleted.' };

type Node = Record<string, unknown>;
const field = (errors: string[] = []): Node => (errors.length > 0 ? { errors } : {});
const member = (errors: string[] = [], root?: string[]) => ({ ...(root && { errors: root }), children: { code: field(errors) } });
const tree = (c: { name?: string[]; members?: Node[]; membersRoot?: string[]; scope?: string[]; code?: string[] }, root?: string[]) =>
  validationFailed({
    ...(root && { errors: root }),
    children: {
      name: field(c.name),
      type: {},
      members: { ...(c.membersRoot && { errors: c.membersRoot }), children: c.members ?? [] },
      scope: field(c.scope),
      code: field(c.code),
    },
  });
const valid = { name: 'DACH', members: [{ code: 'DE' }, { code: 'AT' }], scope: 'shipping', code: 'DACH' };

describe('zones', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
  });

  const request = (method: InjectOptions['method'], url: string, payload?: unknown, headers: Record<string, string> = JSON_AUTH) =>
    t.inject({ method, url, headers, ...(payload !== undefined && { payload: payload as InjectOptions['payload'] }) });
  const get = (url: string) => request('GET', url, undefined, AUTH);
  const idOf = async (code: string): Promise<number> => (await sql<{ id: number }>(t, 'select id from zone where code = ?', [code]))[0]?.id;
  const stored = async () =>
    sql(t, `select z.code, z.name, z.type, z.scope, array(select m.code from zone_member m where m.zone_id = z.id order by m.id) as members from zone z order by z.id`);
  const version = async () => (await sql<{ version: string }>(t, 'select version::text from shop_configuration_version'))[0].version;
  const listItem = async (zone: (typeof ZONES)[number]) => ({ id: await idOf(zone.code), code: zone.code, name: zone.name, type: zone.type, _links: { self: { href: `${BASE}${zone.code}` } } });
  const detail = async (code: string) => {
    const [zone] = await sql<{ id: number; name: string; type: string; scope: string }>(t, 'select id, name, type, scope from zone where code = ?', [code]);
    const members = await sql<{ id: number; code: string }>(t, 'select id, code from zone_member where zone_id = ? order by id', [zone.id]);
    return { id: zone.id, code, name: zone.name, type: zone.type, scope: zone.scope, members, _links: { self: { href: `${BASE}${code}` } } };
  };
  /** Asserts that a failed write left zones, members and the configuration version as they were. */
  const expectUnchanged = async (before: { zones: unknown; version: string }) => expect({ zones: await stored(), version: await version() }).toEqual(before);
  const snapshot = async () => ({ zones: await stored(), version: await version() });

  describe('GET /api/v1/zones/', () => {
    it('lists every zone in creation order', async () => {
      const items = await Promise.all(ZONES.map(listItem));
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 5, items));
      expectJson(await get('/api/v1/zones'), 200, plainPage(BASE, '', 1, 10, 1, 5, items));
    });

    it('pages, carrying criteria and sorting into the links without applying them', async () => {
      const items = await Promise.all(ZONES.map(listItem));
      expectJson(await get(`${BASE}?criteria[type]=zone&sorting[name]=asc&limit=2&page=2`), 200, plainPage(BASE, 'criteria%5Btype%5D=zone&sorting%5Bname%5D=asc&', 2, 2, 3, 5, items.slice(2, 4)));
    });

    it.each(['page=4', 'limit=0', 'page=-1'])('answers 404 Page Not Found to ?%s', async (query) => {
      expectJson(await get(`${BASE}?${query}`), 404, PAGE_NOT_FOUND);
    });
  });

  describe('GET /api/v1/zones/{code}', () => {
    it('shows a zone with its scope and members', async () => {
      for (const zone of ZONES) {
        const body = await detail(zone.code);
        expect(body).toMatchObject({ scope: zone.scope, members: zone.members.map((code) => ({ code })) });
        expectJson(await get(`${BASE}${zone.code}`), 200, body);
      }
    });

    it.each(['eu', 'azone', 'x'.repeat(300)])('answers 404 for %s', async (code) => {
      expectJson(await get(`${BASE}${code}`), 404, notFound('zone'));
    });
  });

  describe('POST /api/v1/zones/{type}', () => {
    it.each([
      ['country', valid, ['DE', 'AT']],
      ['province', { ...valid, name: 'Coasts', code: 'COASTS', members: { 1: { code: 'US-CA' }, 0: { code: 'US-NY' } } }, ['US-NY', 'US-CA']],
      ['zone', { ...valid, name: 'Everywhere', code: 'EVERYWHERE', type: 'country', members: [{ code: 'EU' }, { code: 'US' }, { code: 'NY' }] }, ['EU', 'US', 'NY']],
    ])('creates a zone of type %s, the body\'s type ignored: 201 with every field, no Location', async (type, payload, members) => {
      const before = await version();
      const response = await request('POST', `${BASE}${type}`, payload);
      const expected = await detail(payload.code);
      expect(expected).toMatchObject({ type, scope: 'shipping', members: members.map((code) => ({ code })) });
      expectJson(response, 201, expected);
      expect(response.headers.location).toBeUndefined();
      expectJson(await get(`${BASE}${payload.code}`), 200, expected);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    });

    it.each([
      ['an empty body', 'country', undefined, tree({ name: [NAME_BLANK], scope: [SCOPE_BLANK], code: [CODE_BLANK] }, [NO_MEMBERS])],
      ['blanks and an empty list', 'country', { name: ' ', members: [], scope: '', code: ' ' }, tree({ name: [NAME_BLANK], scope: [SCOPE_BLANK], code: [CODE_BLANK] }, [NO_MEMBERS])],
      [
        'bad values',
        'country',
        { name: 'D', members: valid.members, scope: 'world', code: 'D A' },
        tree({ name: [NAME_SHORT], members: [member(), member()], scope: [NOT_VALID], code: [CODE_INVALID] }),
      ],
      ['a name too long', 'country', { ...valid, name: 'x'.repeat(256) }, tree({ name: [NAME_LONG], members: [member(), member()] })],
      ['a code that exists', 'country', { ...valid, code: 'EU' }, tree({ members: [member(), member()], code: [CODE_TAKEN] })],
      [
        'unknown, repeated and blank members',
        'country',
        { ...valid, members: [{ code: 'DE' }, { code: 'FR' }, { code: 'DE' }, { code: '' }, 'AT', { code: 'AT', id: 3 }] },
        tree({ members: [member(), member([NOT_VALID]), member([REPEATED]), member([NOT_VALID]), member([], [NOT_VALID]), member([], [EXTRA])] }),
      ],
      ['a province in a country zone', 'country', { ...valid, members: [{ code: 'US-NY' }] }, tree({ members: [member([NOT_VALID])] })],
      ['a country in a province zone', 'province', { ...valid, members: [{ code: 'US' }] }, tree({ members: [member([NOT_VALID])] })],
      ['a country in a zone of zones', 'zone', { ...valid, members: [{ code: 'NL' }] }, tree({ members: [member([NOT_VALID])] })],
      ['members that are no list', 'country', { ...valid, members: 'DE' }, tree({ membersRoot: [NOT_VALID] }, [NO_MEMBERS])],
      ['unknown keys', 'country', { ...valid, priority: 1 }, tree({ members: [member(), member()] }, [EXTRA])],
    ])('answers 400 for %s, writing nothing', async (_case, type, payload, expected) => {
      const before = await snapshot();
      expectJson(await request('POST', `${BASE}${type}`, payload), 400, expected);
      await expectUnchanged(before);
    });

    it('answers 405 for a type that is none of the three: the path is then a zone\'s', async () => {
      const before = await snapshot();
      const response = await request('POST', `${BASE}city`, valid);
      expect(response.headers.allow).toBe('GET, PUT, PATCH, DELETE');
      expectJson(response, 405, { code: 405, message: `No route found for "POST ${BASE}city": Method Not Allowed (Allow: GET, PUT, PATCH, DELETE)` });
      await expectUnchanged(before);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'zone-create' };
      const first = await request('POST', `${BASE}country`, valid, headers);
      expect(first.statusCode).toBe(201);
      const after = await snapshot();
      const again = await request('POST', `${BASE}country`, valid, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      await expectUnchanged(after);
    });

    it('creates one zone from concurrent requests for it; the others get the taken-code 400', async () => {
      const responses = await Promise.all(Array.from({ length: 3 }, () => request('POST', `${BASE}country`, valid)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(json(response)).toEqual(tree({ members: [member(), member()], code: [CODE_TAKEN] }));
      expect((await stored()).map((zone) => zone.code)).toEqual([...CODES, 'DACH']);
    });
  });

  describe('PUT /api/v1/zones/{code}', () => {
    it('replaces name, scope and members; kept members keep their ids; type and code are ignored', async () => {
      const before = await detail('EU');
      const versionBefore = await version();
      expectNoContent(await request('PUT', `${BASE}EU`, { name: 'Benelux', type: 'zone', code: 'BNL', scope: 'tax', members: [{ code: 'BE' }, { code: 'DE' }] }));
      const after = await detail('EU');
      expect(after).toEqual({ ...before, name: 'Benelux', scope: 'tax', members: [before.members[1], { id: after.members[1].id, code: 'DE' }] });
      expect(after.members[1].id).toBeGreaterThan(before.members[1].id);
      expectJson(await get(`${BASE}EU`), 200, after);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(versionBefore));
    });

    it.each([
      ['an empty body', {}, tree({ name: [NAME_BLANK], scope: [SCOPE_BLANK] }, [NO_MEMBERS])],
      ['the zone itself as a member', { name: 'World', scope: 'tax', members: [{ code: 'WORLD' }, { code: 'US' }] }, tree({ members: [member([NOT_VALID]), member()] })],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      const before = await snapshot();
      expectJson(await request('PUT', `${BASE}WORLD`, payload), 400, expected);
      await expectUnchanged(before);
    });

    it('answers 404 for an unknown code before looking at the form', async () => {
      expectJson(await request('PUT', `${BASE}azone`, {}), 404, notFound('zone'));
    });
  });

  describe('PATCH /api/v1/zones/{code}', () => {
    it('changes only the fields sent', async () => {
      const before = await detail('NY');
      expectNoContent(await request('PATCH', `${BASE}NY`, { scope: 'all', type: 'country' }));
      expectJson(await get(`${BASE}NY`), 200, { ...before, scope: 'all' });
    });

    it('replaces the members when they are sent', async () => {
      const before = await detail('NY');
      const versionBefore = await version();
      expectNoContent(await request('PATCH', `${BASE}NY`, { members: [{ code: 'US-CA' }] }));
      const after = await detail('NY');
      expect(after).toEqual({ ...before, members: [{ id: after.members[0].id, code: 'US-CA' }] });
      expectJson(await get(`${BASE}NY`), 200, after);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(versionBefore));
    });

    it.each([
      ['a null name', { name: null }, tree({ name: [NAME_BLANK] })],
      ['an empty member list', { members: [] }, tree({}, [NO_MEMBERS])],
      ['an unknown scope', { scope: 'billing' }, tree({ scope: [NOT_VALID] })],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      const before = await snapshot();
      expectJson(await request('PATCH', `${BASE}NY`, payload), 400, expected);
      await expectUnchanged(before);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('PATCH', `${BASE}azone`, { name: 'Zone' }), 404, notFound('zone'));
    });
  });

  describe('DELETE /api/v1/zones/{code}', () => {
    it('deletes a zone nothing uses, with its members, and moves the configuration version', async () => {
      const before = await version();
      expectNoContent(await request('DELETE', `${BASE}DE`, undefined, AUTH));
      expectJson(await get(`${BASE}DE`), 404, notFound('zone'));
      expect((await stored()).map((zone) => zone.code)).toEqual(['EU', 'NY', 'WORLD', 'US']);
      expect(await sql(t, `select count(*)::int as n from zone_member where code = 'DE'`)).toEqual([{ n: 0 }]);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    });

    it.each([
      ['the zone of a tax rate', 'WORLD'],
      ['the zone of a shipping method', 'NY'],
      ['the default tax zone of a channel', 'US'],
      ['a member of another zone', 'EU'],
    ])('answers 409 for %s, and writes nothing', async (_case, code) => {
      const before = await snapshot();
      expectJson(await request('DELETE', `${BASE}${code}`, undefined, AUTH), 409, IN_USE);
      await expectUnchanged(before);
      expect(await sql(t, 'select z.code from channel c join zone z on z.id = c.default_tax_zone_id')).toEqual([{ code: 'US' }]);
    });

    it('answers 409 when a zone takes it as a member while the delete waits for it', async () => {
      let deletion: ReturnType<typeof request> | undefined;
      await t.em().transactional(async (tx) => {
        await tx.execute(`select id from zone where code = 'DE' for share`);
        await tx.execute(`insert into zone_member (zone_id, code) select id, 'DE' from zone where code = 'WORLD'`);
        deletion = request('DELETE', `${BASE}DE`, undefined, AUTH);
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      expectJson(await deletion!, 409, IN_USE);
      expect((await stored()).map((zone) => zone.code)).toEqual(CODES);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('DELETE', `${BASE}azone`, undefined, AUTH), 404, notFound('zone'));
    });
  });

  describe('routing and authentication', () => {
    it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('answers 405 to %s on the list', async (method) => {
      const response = await request(method, BASE, method === 'DELETE' ? undefined : valid);
      expectJson(response, 405, { code: 405, message: `No route found for "${method} ${BASE}": Method Not Allowed (Allow: ${response.headers.allow as string})` });
      expect(response.headers.allow).toBe('GET');
    });

    it.each([
      ['GET', BASE],
      ['POST', `${BASE}country`],
      ['GET', `${BASE}DE`],
      ['PUT', `${BASE}DE`],
      ['PATCH', `${BASE}DE`],
      ['DELETE', `${BASE}DE`],
    ] as const)('answers 401 to %s %s without a token', async (method, url) => {
      const before = await snapshot();
      const body = method === 'GET' || method === 'DELETE' ? {} : { headers: { 'content-type': 'application/json' }, payload: valid };
      expectJson(await t.inject({ method, url, ...body }), 401, ACCESS_DENIED);
      await expectUnchanged(before);
    });
  });
});
