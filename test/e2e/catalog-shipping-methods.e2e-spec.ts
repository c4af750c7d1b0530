import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, idOf, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { notFound } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Shipping methods (/api/v1/shipping-methods): a plain list, create, show, PUT, PATCH and delete. The
 * method's body is the reference's (id, code, enabled, links); what else a write sets is read back from
 * the table. `ups` ships the cart (its shipment names it); `dhl` is disabled and ships nothing.
 */
const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones:
  - {code: US, name: United States, type: country, members: [US]}
  - {code: TAXES, name: Taxes only, type: country, scope: tax, members: [US]}
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US, taxCalculationStrategy: order_items_based}
  - {code: MOB, name: Mobile Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US, taxCalculationStrategy: order_items_based}
taxCategories: [{code: std, name: Standard}]
shippingCategories: [{code: heavy, name: Heavy}]
shippingMethods:
  - {code: ups, name: UPS, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB]}
  - code: dhl
    name: DHL
    description: Express
    zone: US
    calculator: per_unit_rate
    configuration: {WEB: {amount: 100}, MOB: {amount: 200}}
    channels: [WEB, MOB]
    taxCategory: std
    category: heavy
    categoryRequirement: 2
    enabled: false
products:
  - code: BOOK
    name: Book
    variants:
      - {code: BOOK_STD, name: Standard book, channelPricings: {WEB: 1000}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: BOOK_STD, quantity: 1}]}
`;

const BASE = '/api/v1/shipping-methods/';
const M = {
  nameBlank: 'Please enter shipping method name.',
  nameShort: 'Shipping method name must be at least 2 characters long.',
  codeBlank: 'Please enter shipping method code.',
  codeInvalid: 'Shipping method code can only be comprised of letters, numbers, dashes and underscores.',
  codeTaken: 'The shipping method with given code already exists.',
  zoneBlank: 'Please select shipping method zone.',
  calculatorBlank: 'Please select shipping method calculator.',
  blank: 'This value should not be blank.',
  negative: 'This value should be greater than or equal to 0.',
  tooHigh: 'This value should be less than or equal to 21474836.47.',
  positionLow: 'This value should be greater than or equal to 0.',
  notValid: 'This value is not valid.',
  extra: 'This form should not contain extra fields.',
  inUse: { code: 409, message: 'The shipping method is in use and cannot be deleted.' },
};

const FIELDS = ['name', 'description', 'position', 'category', 'categoryRequirement', 'calculator', 'zone', 'taxCategory', 'channels', 'enabled', 'configuration', 'code'] as const;
type Field = (typeof FIELDS)[number];
type AmountNode = { errors?: string[]; amount?: string[] };

/** The 400 body: `children` as messages per field; `configuration` as nodes per channel (WEB, MOB) or messages of its own. */
const tree = (children: Partial<Record<Exclude<Field, 'configuration'>, string[]>>, configuration: { errors?: string[]; WEB?: AmountNode; MOB?: AmountNode } = {}, errors?: string[]) => {
  const channel = (node: AmountNode = {}) => ({ ...(node.errors && { errors: node.errors }), children: { amount: node.amount ? { errors: node.amount } : {} } });
  const configurationNode = configuration.errors && !configuration.WEB && !configuration.MOB && configuration.errors[0] === M.notValid
    ? { errors: configuration.errors }
    : { ...(configuration.errors && { errors: configuration.errors }), children: { WEB: channel(configuration.WEB), MOB: channel(configuration.MOB) } };
  return validationFailed({
    ...(errors && { errors }),
    children: Object.fromEntries(FIELDS.map((field) => [field, field === 'configuration' ? configurationNode : children[field] ? { errors: children[field] } : {}])),
  });
};

interface Stored {
  name: string;
  description: string | null;
  zone: string;
  calculator: string;
  configuration: Record<string, { amount: number }>;
  channels: string[];
  taxCategory: string | null;
  category: string | null;
  categoryRequirement: number;
  position: number;
  enabled: boolean;
}

describe('shipping methods', () => {
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
  const version = async () => (await sql<{ version: string }>(t, 'select version::text from shop_configuration_version'))[0].version;
  const count = async () => Number((await sql<{ n: string }>(t, 'select count(*) as n from shipping_method'))[0].n);

  const body = async (code: string, enabled: boolean, zone = 'US') => ({
    id: await idOf(t, 'select id from shipping_method where code = ?', [code]),
    code,
    enabled,
    _links: { zone: { href: `/api/v1/zones/${zone}` }, self: { href: `${BASE}${code}` } },
  });
  const stored = async (code: string): Promise<Stored> =>
    (
      await sql<Stored>(
        t,
        `select m.name, m.description, z.code as zone, m.calculator, m.configuration,
                array(select c.code from shipping_method_channel mc join channel c on c.id = mc.channel_id where mc.shipping_method_id = m.id order by c.id) as channels,
                tc.code as "taxCategory", sc.code as category, m.category_requirement as "categoryRequirement", m.position, m.enabled
           from shipping_method m join zone z on z.id = m.zone_id
           left join tax_category tc on tc.id = m.tax_category_id left join shipping_category sc on sc.id = m.category_id
          where m.code = ?`,
        [code],
      )
    )[0];
  const UPS: Stored = { name: 'UPS', description: null, zone: 'US', calculator: 'flat_rate', configuration: { WEB: { amount: 500 } }, channels: ['WEB'], taxCategory: null, category: null, categoryRequirement: 1, position: 0, enabled: true };
  const DHL: Stored = {
    name: 'DHL', description: 'Express', zone: 'US', calculator: 'per_unit_rate', configuration: { WEB: { amount: 100 }, MOB: { amount: 200 } }, channels: ['WEB', 'MOB'],
    taxCategory: 'std', category: 'heavy', categoryRequirement: 2, position: 1, enabled: false,
  };

  describe(`GET ${BASE}`, () => {
    it('lists every shipping method in creation order', async () => {
      const items = [await body('ups', true), await body('dhl', false)];
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 2, items));
      expectJson(await get(`${BASE}?criteria[code]=dhl&limit=1`), 200, plainPage(BASE, 'criteria%5Bcode%5D=dhl&', 1, 1, 2, 2, [items[0]]));
    });
  });

  describe(`GET ${BASE}{code}`, () => {
    it('shows a shipping method; 404 for an unknown code', async () => {
      expectJson(await get(`${BASE}dhl`), 200, await body('dhl', false));
      expectJson(await get(`${BASE}UPS`), 404, notFound('shipping method'));
    });
  });

  describe(`POST ${BASE}`, () => {
    it('creates a shipping method with every field: amounts in major units are stored in minor units', async () => {
      const before = await version();
      const response = await request('POST', BASE, {
        name: ' FedEx ', description: ' Overnight ', position: 5, category: 'heavy', categoryRequirement: 0, calculator: 'per_unit_rate', zone: 'US',
        taxCategory: 'std', channels: ['WEB', 'MOB', 'WEB'], enabled: true, configuration: { WEB: { amount: 12.5 }, MOB: { amount: '7,05' } }, code: ' fedex ',
      });
      const expected = await body('fedex', true);
      expectJson(response, 201, expected);
      expectJson(await get(`${BASE}fedex`), 200, expected);
      expect(await stored('fedex')).toEqual({
        name: 'FedEx', description: 'Overnight', zone: 'US', calculator: 'per_unit_rate', configuration: { WEB: { amount: 1250 }, MOB: { amount: 705 } },
        channels: ['WEB', 'MOB'], taxCategory: 'std', category: 'heavy', categoryRequirement: 0, position: 5, enabled: true,
      });
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    });

    it('creates one with only what is required: disabled, last, in no channel', async () => {
      expectJson(await request('POST', BASE, { name: 'Pickup', zone: 'US', calculator: 'flat_rate', code: 'pickup' }), 201, await body('pickup', false));
      expect(await stored('pickup')).toEqual({
        name: 'Pickup', description: null, zone: 'US', calculator: 'flat_rate', configuration: {}, channels: [], taxCategory: null, category: null,
        categoryRequirement: 1, position: 2, enabled: false,
      });
    });

    it.each([
      ['an empty body', undefined, tree({ name: [M.nameBlank], calculator: [M.calculatorBlank], zone: [M.zoneBlank], code: [M.codeBlank] })],
      [
        'a channel without an amount, and amounts out of range',
        { name: 'Rate', calculator: 'flat_rate', zone: 'US', channels: ['WEB', 'MOB'], configuration: { WEB: { amount: 21474836.48 }, MOB: null }, code: 'rate' },
        tree({}, { WEB: { amount: [M.tooHigh] }, MOB: { amount: [M.blank] } }),
      ],
      [
        'a negative amount, an amount that is no number, an unknown channel in the configuration',
        { name: 'Rate', calculator: 'flat_rate', zone: 'US', configuration: { WEB: { amount: -1 }, MOB: { amount: 'free' }, MARS: { amount: 1 } }, code: 'rate' },
        tree({}, { errors: [M.extra], WEB: { amount: [M.negative] }, MOB: { amount: [M.notValid] } }),
      ],
      ['an entry that is no object', { name: 'Rate', calculator: 'flat_rate', zone: 'US', configuration: { WEB: 5 }, code: 'rate' }, tree({}, { WEB: { errors: [M.notValid] } })],
      ['a configuration that is no map', { name: 'Rate', calculator: 'flat_rate', zone: 'US', configuration: 'cheap', code: 'rate' }, tree({}, { errors: [M.notValid] })],
      [
        'unknown references and choices',
        { name: 'R', position: -1, category: 'nope', categoryRequirement: 3, calculator: 'by_weight', zone: 'TAXES', taxCategory: 'nope', channels: ['NOPE'], enabled: 'perhaps', code: 'a b' },
        tree({ name: [M.nameShort], position: [M.positionLow], category: [M.notValid], categoryRequirement: [M.notValid], calculator: [M.notValid], zone: [M.notValid], taxCategory: [M.notValid], channels: [M.notValid], enabled: [M.notValid], code: [M.codeInvalid] }),
      ],
      ['a taken code', { name: 'Again', calculator: 'flat_rate', zone: 'US', code: 'ups' }, tree({ code: [M.codeTaken] })],
      ['unknown keys', { name: 'Rate', calculator: 'flat_rate', zone: 'US', code: 'rate', translations: {} }, tree({}, {}, [M.extra])],
    ])('answers 400 with the form tree for %s, writing nothing', async (_case, payload, expected) => {
      const [rows, before] = [await count(), await version()];
      expectJson(await request('POST', BASE, payload), 400, expected);
      expect([await count(), await version()]).toEqual([rows, before]);
    });
  });

  describe(`PUT ${BASE}{code}`, () => {
    it('replaces every field but the position (kept when left out); the code is ignored', async () => {
      expectNoContent(await request('PUT', `${BASE}dhl`, { name: 'DHL Economy', calculator: 'flat_rate', zone: 'US', channels: ['MOB'], configuration: { MOB: { amount: 3 } }, code: 'x' }));
      expect(await stored('dhl')).toEqual({
        name: 'DHL Economy', description: null, zone: 'US', calculator: 'flat_rate', configuration: { MOB: { amount: 300 } }, channels: ['MOB'],
        taxCategory: null, category: null, categoryRequirement: 1, position: 1, enabled: false,
      });
      expectJson(await get(`${BASE}x`), 404, notFound('shipping method'));
    });

    it('answers 400 for an empty body, changing nothing; 404 for an unknown code', async () => {
      expectJson(await request('PUT', `${BASE}dhl`, {}), 400, tree({ name: [M.nameBlank], calculator: [M.calculatorBlank], zone: [M.zoneBlank] }));
      expect(await stored('dhl')).toEqual(DHL);
      expectJson(await request('PUT', `${BASE}none`, {}), 404, notFound('shipping method'));
    });
  });

  describe(`PATCH ${BASE}{code}`, () => {
    it('changes only the fields sent; a configuration entry replaces its channel\'s', async () => {
      expectNoContent(await request('PATCH', `${BASE}dhl`, { configuration: { WEB: { amount: 2.5 } }, taxCategory: null, enabled: true }));
      expect(await stored('dhl')).toEqual({ ...DHL, configuration: { WEB: { amount: 250 }, MOB: { amount: 200 } }, taxCategory: null, enabled: true });
      expectJson(await get(`${BASE}dhl`), 200, await body('dhl', true));
    });

    it('asks an amount for a channel added without one, and for one removed while the method is still in its channel', async () => {
      expectJson(await request('PATCH', `${BASE}ups`, { channels: ['WEB', 'MOB'] }), 400, tree({}, { MOB: { amount: [M.blank] } }));
      expectJson(await request('PATCH', `${BASE}dhl`, { configuration: { MOB: null } }), 400, tree({}, { MOB: { amount: [M.blank] } }));
      expectNoContent(await request('PATCH', `${BASE}dhl`, { channels: ['WEB'], configuration: { MOB: null } }));
      expect(await stored('dhl')).toEqual({ ...DHL, channels: ['WEB'], configuration: { WEB: { amount: 100 } } });
      expect(await stored('ups')).toEqual(UPS);
    });

    it('answers 400 for a required field sent as null; 404 for an unknown code', async () => {
      expectJson(await request('PATCH', `${BASE}ups`, { name: null, zone: null }), 400, tree({ name: [M.nameBlank], zone: [M.zoneBlank] }));
      expect(await stored('ups')).toEqual(UPS);
      expectJson(await request('PATCH', `${BASE}none`, { enabled: true }), 404, notFound('shipping method'));
    });
  });

  describe(`DELETE ${BASE}{code}`, () => {
    it('keeps a method a shipment names (409, nothing written) and deletes one no shipment names', async () => {
      expect(Number((await sql<{ n: string }>(t, `select count(*) as n from shipment s join shipping_method m on m.id = s.method_id where m.code = 'ups'`))[0].n)).toBeGreaterThan(0);
      const before = await version();
      expectJson(await request('DELETE', `${BASE}ups`), 409, M.inUse);
      expect([await stored('ups'), await version()]).toEqual([UPS, before]);
      expectNoContent(await request('DELETE', `${BASE}dhl`));
      expectJson(await get(`${BASE}dhl`), 404, notFound('shipping method'));
      expect(Number((await sql<{ n: string }>(t, `select count(*) as n from shipping_method_channel`))[0].n)).toBe(1);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('DELETE', `${BASE}none`), 404, notFound('shipping method'));
    });
  });
});
