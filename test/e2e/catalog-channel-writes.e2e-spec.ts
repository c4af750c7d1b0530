import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createApp, type RunningApp } from '../../src/app/create-app';
import { loadConfig } from '../../src/config/app-config';
import { expectJson, expectNoContent, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { notFound, PAGE_NOT_FOUND, stamps } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * Channels (/api/v1/channels): a plain list, create, show, PUT, PATCH and delete, with their events.
 * `WEB` has a cart and a price, `PROMO` a promotion, `SHIP` a shipping method, `PAY` a payment method;
 * `FREE` is nobody's; `OFF` is disabled. A book at 333 is taxed 10 % in US and 20 % in DE.
 */
const SHOP_YAML = `
locales: [en_US, de_DE, fr_FR]
currencies: [USD, EUR, GBP]
countries: [US, DE]
zones:
  - {code: US, name: United States, type: country, members: [US]}
  - {code: DE, name: Germany, type: country, members: [DE]}
channels:
  - {code: WEB, name: Web Channel, description: The web shop, hostname: localhost, color: black, baseCurrency: USD, currencies: [USD, EUR], defaultLocale: en_US, locales: [en_US, de_DE], defaultTaxZone: US, taxCalculationStrategy: order_items_based}
  - {code: PROMO, name: Promo, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
  - {code: SHIP, name: Ship, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
  - {code: PAY, name: Pay, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
  - {code: FREE, name: Free, baseCurrency: EUR, defaultLocale: de_DE, taxCalculationStrategy: order_item_units_based}
  - {code: OFF, name: Closed, enabled: false, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
taxCategories: [{code: std, name: Standard}]
taxRates:
  - {code: us_vat, name: US VAT, category: std, zone: US, amount: 0.1}
  - {code: de_vat, name: DE VAT, category: std, zone: DE, amount: 0.2}
shippingMethods:
  - {code: flat, name: Flat, zone: US, calculator: flat_rate, configuration: {SHIP: {amount: 500}}, channels: [SHIP]}
paymentMethods: [{code: cash, name: Cash, channels: [PAY]}]
promotions:
  - {code: ten, name: Ten, channels: [PROMO], actions: [{type: order_percentage_discount, configuration: {percentage: 0.1}}]}
products:
  - code: BOOK
    name: Book
    variants:
      - {code: BOOK_STD, name: Standard book, taxCategory: std, channelPricings: {WEB: 333}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: BOOK_STD, quantity: 1}]}
`;
const CODES = ['WEB', 'PROMO', 'SHIP', 'PAY', 'FREE', 'OFF'];
const BASE = '/api/v1/channels/';

const NOT_VALID = 'This value is not valid.';
const NOT_BLANK = 'This value should not be blank.';
const EXTRA = 'This form should not contain extra fields.';
const NAME_BLANK = 'Please enter channel name.';
const CODE_BLANK = 'Please enter channel code.';
const CODE_INVALID = 'Channel code can only be comprised of letters, numbers, dashes and underscores.';
const CODE_TAKEN = 'Channel code has to be unique.';
const LOCALE_BLANK = 'Please enter channel default locale.';
const LOCALE_DISABLED = 'Default locale has to be enabled.';
const CURRENCY_BLANK = 'Please enter channel base currency.';
const NO_ENABLED = 'Must have at least one enabled entity';
const EMAIL_INVALID = 'This value is not a valid email address.';
const tooLong = (limit: number) => `This value is too long. It should have ${limit} characters or less.`;
const IN_USE = { code: 409, message: 'The channel is in use and cannot be deleted.' };
const LAST_ENABLED = { code: 409, message: 'The last enabled channel cannot be deleted.' };

const FIELDS = [
  'name',
  'description',
  'enabled',
  'hostname',
  'color',
  'locales',
  'defaultLocale',
  'currencies',
  'defaultTaxZone',
  'taxCalculationStrategy',
  'themeName',
  'contactEmail',
  'skippingShippingStepAllowed',
  'skippingPaymentStepAllowed',
  'accountVerificationRequired',
  'shopBillingData',
  'code',
  'baseCurrency',
] as const;
const BILLING = ['taxId', 'company', 'countryCode', 'street', 'city', 'postcode'] as const;
/** Messages by field; `shopBillingData` holds the billing sub-form's own, `billing.<field>` its fields'. */
type Errors = Partial<Record<(typeof FIELDS)[number] | `billing.${(typeof BILLING)[number]}`, string[]>>;
const node = (errors: string[] | undefined) => (errors && errors.length > 0 ? { errors } : {});
const tree = (errors: Errors, root?: string[]) =>
  validationFailed({
    ...(root && { errors: root }),
    children: Object.fromEntries(
      FIELDS.map((field) => [
        field,
        field === 'shopBillingData'
          ? { ...node(errors.shopBillingData), children: Object.fromEntries(BILLING.map((key) => [key, node(errors[`billing.${key}`])])) }
          : node(errors[field]),
      ]),
    ),
  });

const valid = {
  name: 'Mobile',
  description: 'The mobile shop',
  enabled: true,
  hostname: 'm.example.com',
  color: 'blue',
  locales: ['en_US', 'fr_FR'],
  defaultLocale: 'fr_FR',
  currencies: ['USD', 'GBP'],
  defaultTaxZone: 'DE',
  taxCalculationStrategy: 'order_item_units_based',
  themeName: 'bootstrap',
  contactEmail: 'shop@example.com',
  skippingShippingStepAllowed: true,
  skippingPaymentStepAllowed: 'true',
  accountVerificationRequired: false,
  shopBillingData: { taxId: 'US123', company: 'Example Ltd', countryCode: 'US', street: '1 Main St', city: 'New York', postcode: '10001' },
  code: 'MOBILE',
  baseCurrency: 'GBP',
};

/** Every stored field of a channel, references by code. */
const STORED = `
  select c.code, c.name, c.description, c.enabled, c.hostname, c.color,
         array(select l.code from channel_locale cl join locale l on l.id = cl.locale_id where cl.channel_id = c.id order by l.code) as locales,
         dl.code as "defaultLocale",
         array(select cu.code from channel_currency cc join currency cu on cu.id = cc.currency_id where cc.channel_id = c.id order by cu.code) as currencies,
         z.code as "defaultTaxZone", c.tax_calculation_strategy as "taxCalculationStrategy", c.theme_name as "themeName", c.contact_email as "contactEmail",
         c.skipping_shipping_step_allowed as "skippingShippingStepAllowed", c.skipping_payment_step_allowed as "skippingPaymentStepAllowed",
         c.account_verification_required as "accountVerificationRequired",
         json_build_object('taxId', c.billing_tax_id, 'company', c.billing_company, 'countryCode', c.billing_country_code, 'street', c.billing_street,
                           'city', c.billing_city, 'postcode', c.billing_postcode) as "shopBillingData",
         bc.code as "baseCurrency"
    from channel c join locale dl on dl.id = c.default_locale_id join currency bc on bc.id = c.base_currency_id
    left join zone z on z.id = c.default_tax_zone_id`;
const NO_BILLING = { taxId: null, company: null, countryCode: null, street: null, city: null, postcode: null };

interface Envelope {
  sequence: number;
  type: string;
  data: unknown;
}

describe('channel writes', () => {
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
  const idOf = async (code: string): Promise<number> => (await sql<{ id: number }>(t, 'select id from channel where code = ?', [code]))[0]?.id;
  const stored = async (code: string) => (await sql(t, `${STORED} where c.code = ?`, [code]))[0];
  const everything = async () => sql(t, `${STORED} order by c.id`);
  const version = async () => (await sql<{ version: string }>(t, 'select version::text from shop_configuration_version'))[0].version;
  const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
  const snapshot = async () => ({ channels: await everything(), version: await version(), sequence: await lastSequence() });
  const expectUnchanged = async (before: Awaited<ReturnType<typeof snapshot>>) => expect(await snapshot()).toEqual(before);
  const eventsAfter = async (sequence: number): Promise<Envelope[]> =>
    (json(await get(`/api/v1/events/?after=${sequence}&limit=500`)) as { _embedded: { items: Envelope[] } })._embedded.items;
  const listItem = async (code: string) => ({ id: await idOf(code), code, _links: { self: { href: `${BASE}${code}` } } });
  /** The Detailed body: written out, only the id and the times looked up. */
  const detail = async (code: string, fields: { name: string; description?: string; hostname?: string; color?: string; enabled: boolean; taxCalculationStrategy: string }) => ({
    id: await idOf(code),
    code,
    name: fields.name,
    ...(fields.description !== undefined && { description: fields.description }),
    ...(fields.hostname !== undefined && { hostname: fields.hostname }),
    ...(fields.color !== undefined && { color: fields.color }),
    ...(await stamps(t, 'channel', 'code = ?', [code])),
    enabled: fields.enabled,
    taxCalculationStrategy: fields.taxCalculationStrategy,
    _links: { self: { href: `${BASE}${code}` } },
  });
  const WEB = { name: 'Web Channel', description: 'The web shop', hostname: 'localhost', color: 'black', enabled: true, taxCalculationStrategy: 'order_items_based' };
  const WEB_STORED = {
    code: 'WEB',
    name: 'Web Channel',
    description: 'The web shop',
    enabled: true,
    hostname: 'localhost',
    color: 'black',
    locales: ['de_DE', 'en_US'],
    defaultLocale: 'en_US',
    currencies: ['EUR', 'USD'],
    defaultTaxZone: 'US',
    taxCalculationStrategy: 'order_items_based',
    themeName: null,
    contactEmail: null,
    skippingShippingStepAllowed: false,
    skippingPaymentStepAllowed: false,
    accountVerificationRequired: true,
    shopBillingData: NO_BILLING,
    baseCurrency: 'USD',
  };

  describe('GET /api/v1/channels/', () => {
    it('lists every channel in creation order as {id, code, _links}', async () => {
      const items = await Promise.all(CODES.map(listItem));
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 6, items));
      expectJson(await get('/api/v1/channels'), 200, plainPage(BASE, '', 1, 10, 1, 6, items));
    });

    it('pages, carrying criteria and sorting into the links without applying them', async () => {
      const items = await Promise.all(CODES.map(listItem));
      expectJson(await get(`${BASE}?criteria[code]=OFF&sorting[code]=desc&limit=4&page=2`), 200, plainPage(BASE, 'criteria%5Bcode%5D=OFF&sorting%5Bcode%5D=desc&', 2, 4, 2, 6, items.slice(4)));
    });

    it.each(['page=3', 'limit=0'])('answers 404 Page Not Found to ?%s', async (query) => {
      expectJson(await get(`${BASE}?${query}`), 404, PAGE_NOT_FOUND);
    });
  });

  describe('POST /api/v1/channels/', () => {
    it('creates a channel with every field stored: 201 with the Detailed shape, its event, a new configuration version', async () => {
      const before = await snapshot();
      const response = await request('POST', BASE, valid);
      const expected = await detail('MOBILE', { name: 'Mobile', description: 'The mobile shop', hostname: 'm.example.com', color: 'blue', enabled: true, taxCalculationStrategy: 'order_item_units_based' });
      expectJson(response, 201, expected);
      expect(response.headers.location).toBeUndefined();
      expectJson(await get(`${BASE}MOBILE`), 200, expected);
      expect(await stored('MOBILE')).toEqual({
        code: 'MOBILE',
        name: 'Mobile',
        description: 'The mobile shop',
        enabled: true,
        hostname: 'm.example.com',
        color: 'blue',
        locales: ['en_US', 'fr_FR'],
        defaultLocale: 'fr_FR',
        currencies: ['GBP', 'USD'],
        defaultTaxZone: 'DE',
        taxCalculationStrategy: 'order_item_units_based',
        themeName: 'bootstrap',
        contactEmail: 'shop@example.com',
        skippingShippingStepAllowed: true,
        skippingPaymentStepAllowed: true,
        accountVerificationRequired: false,
        shopBillingData: valid.shopBillingData,
        baseCurrency: 'GBP',
      });
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before.version));
      const events = await eventsAfter(before.sequence);
      expect(events.map((event) => [event.type, event.data])).toEqual([['channel.created', expected]]);
    });

    it('creates a minimal channel: left-out checkboxes are false, left-out fields null', async () => {
      const response = await request('POST', BASE, { name: 'Kiosk', locales: ['en_US'], defaultLocale: 'en_US', taxCalculationStrategy: 'order_items_based', code: 'KIOSK', baseCurrency: 'USD' });
      expectJson(response, 201, await detail('KIOSK', { name: 'Kiosk', enabled: false, taxCalculationStrategy: 'order_items_based' }));
      expect(await stored('KIOSK')).toEqual({
        code: 'KIOSK',
        name: 'Kiosk',
        description: null,
        enabled: false,
        hostname: null,
        color: null,
        locales: ['en_US'],
        defaultLocale: 'en_US',
        currencies: [],
        defaultTaxZone: null,
        taxCalculationStrategy: 'order_items_based',
        themeName: null,
        contactEmail: null,
        skippingShippingStepAllowed: false,
        skippingPaymentStepAllowed: false,
        accountVerificationRequired: false,
        shopBillingData: NO_BILLING,
        baseCurrency: 'USD',
      });
    });

    it.each([
      [
        'an empty body',
        undefined,
        tree({ name: [NAME_BLANK], defaultLocale: [LOCALE_BLANK], taxCalculationStrategy: [NOT_BLANK], code: [CODE_BLANK], baseCurrency: [CURRENCY_BLANK] }),
      ],
      [
        'unknown references',
        { ...valid, locales: ['en_US', 'xx_XX'], defaultLocale: 'pl_PL', currencies: ['JPY'], defaultTaxZone: 'EU', baseCurrency: 'CHF', shopBillingData: { countryCode: 'FR' } },
        tree({ locales: [NOT_VALID], defaultLocale: [NOT_VALID], currencies: [NOT_VALID], defaultTaxZone: [NOT_VALID], baseCurrency: [NOT_VALID], 'billing.countryCode': [NOT_VALID] }),
      ],
      ['a default locale the channel does not offer', { ...valid, locales: ['en_US'] }, tree({ defaultLocale: [LOCALE_DISABLED] })],
      [
        'bad values',
        { ...valid, name: ' ', taxCalculationStrategy: 'per_order', contactEmail: 'shop', code: 'MO BILE', locales: 'en_US', enabled: 'maybe', shopBillingData: 'Example Ltd' },
        tree({ name: [NAME_BLANK], enabled: [NOT_VALID], locales: [NOT_VALID], taxCalculationStrategy: [NOT_VALID], contactEmail: [EMAIL_INVALID], shopBillingData: [NOT_VALID], code: [CODE_INVALID] }),
      ],
      [
        'texts too long',
        { ...valid, name: 'x'.repeat(256), contactEmail: `${'x'.repeat(245)}@example.com`, shopBillingData: { city: 'x'.repeat(256) } },
        tree({ name: [tooLong(255)], contactEmail: [tooLong(254)], 'billing.city': [tooLong(255)] }),
      ],
      ['a code that exists', { ...valid, code: 'OFF' }, tree({ code: [CODE_TAKEN] })],
      ['unknown keys, in the billing data too', { ...valid, menuTaxon: 'category', shopBillingData: { vatNumber: '1' } }, tree({ shopBillingData: [EXTRA] }, [EXTRA])],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      const before = await snapshot();
      expectJson(await request('POST', BASE, payload), 400, expected);
      await expectUnchanged(before);
    });

    it('refuses a disabled channel when no channel is enabled', async () => {
      await sql(t, `update channel set enabled = false`);
      const before = await snapshot();
      expectJson(await request('POST', BASE, { ...valid, enabled: false }), 400, tree({ enabled: [NO_ENABLED] }));
      await expectUnchanged(before);
      expect((await request('POST', BASE, valid)).statusCode).toBe(201);
    });

    it('replays a request with the same Idempotency-Key without creating again', async () => {
      const headers = { ...JSON_AUTH, 'idempotency-key': 'channel-create' };
      const first = await request('POST', BASE, valid, headers);
      expect(first.statusCode).toBe(201);
      const after = await snapshot();
      const again = await request('POST', BASE, valid, headers);
      expect({ status: again.statusCode, body: again.body, replayed: again.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
      await expectUnchanged(after);
    });

    it('creates one channel from concurrent requests for one code; the others get the taken-code 400', async () => {
      const responses = await Promise.all(Array.from({ length: 3 }, () => request('POST', BASE, valid)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400]);
      for (const response of responses.filter((candidate) => candidate.statusCode === 400)) expect(json(response)).toEqual(tree({ code: [CODE_TAKEN] }));
    });
  });

  describe('GET /api/v1/channels/{code}', () => {
    it.each(['web', 'none', 'x'.repeat(300)])('answers 404 for %s', async (code) => {
      expectJson(await get(`${BASE}${code}`), 404, notFound('channel'));
    });
  });

  describe('PUT /api/v1/channels/{code}', () => {
    it('replaces every field, a left-out one cleared; code and base currency are ignored', async () => {
      const before = await snapshot();
      expectNoContent(await request('PUT', `${BASE}WEB`, { ...valid, code: 'NEW', baseCurrency: 'GBP' }));
      expect(await stored('WEB')).toEqual({
        code: 'WEB',
        name: 'Mobile',
        description: 'The mobile shop',
        enabled: true,
        hostname: 'm.example.com',
        color: 'blue',
        locales: ['en_US', 'fr_FR'],
        defaultLocale: 'fr_FR',
        currencies: ['GBP', 'USD'],
        defaultTaxZone: 'DE',
        taxCalculationStrategy: 'order_item_units_based',
        themeName: 'bootstrap',
        contactEmail: 'shop@example.com',
        skippingShippingStepAllowed: true,
        skippingPaymentStepAllowed: true,
        accountVerificationRequired: false,
        shopBillingData: valid.shopBillingData,
        baseCurrency: 'USD',
      });
      const shown = await detail('WEB', { name: 'Mobile', description: 'The mobile shop', hostname: 'm.example.com', color: 'blue', enabled: true, taxCalculationStrategy: 'order_item_units_based' });
      expectJson(await get(`${BASE}WEB`), 200, shown);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before.version));

      expectNoContent(await request('PUT', `${BASE}WEB`, { name: 'Web', taxCalculationStrategy: 'order_items_based', enabled: true }));
      expect(await stored('WEB')).toEqual({
        ...WEB_STORED,
        name: 'Web',
        description: null,
        hostname: null,
        color: null,
        locales: [],
        defaultLocale: 'fr_FR',
        currencies: [],
        defaultTaxZone: null,
        accountVerificationRequired: false,
      });
      const events = await eventsAfter(before.sequence);
      expect(events.map((event) => event.type)).toEqual(['channel.updated', 'channel.updated']);
      expect(events[0].data).toEqual(shown);
      expect(events[1].data).toEqual(await detail('WEB', { name: 'Web', enabled: true, taxCalculationStrategy: 'order_items_based' }));
    });

    it.each([
      ['an empty body: name and strategy only', {}, tree({ name: [NAME_BLANK], taxCalculationStrategy: [NOT_BLANK] })],
      ['a default locale the channel does not offer', { name: 'Web', enabled: true, taxCalculationStrategy: 'order_items_based', locales: ['de_DE'] }, tree({ defaultLocale: [LOCALE_DISABLED] })],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      const before = await snapshot();
      expectJson(await request('PUT', `${BASE}WEB`, payload), 400, expected);
      await expectUnchanged(before);
    });

    it('answers 404 for an unknown code before looking at the form', async () => {
      expectJson(await request('PUT', `${BASE}none`, {}), 404, notFound('channel'));
    });
  });

  describe('PATCH /api/v1/channels/{code}', () => {
    it('changes only the fields sent; code and base currency are ignored', async () => {
      const before = await snapshot();
      expectNoContent(await request('PATCH', `${BASE}WEB`, { taxCalculationStrategy: 'order_item_units_based', shopBillingData: { city: 'Berlin' }, code: 'NEW', baseCurrency: 'EUR' }));
      expect(await stored('WEB')).toEqual({ ...WEB_STORED, taxCalculationStrategy: 'order_item_units_based', shopBillingData: { ...NO_BILLING, city: 'Berlin' } });
      const shown = await detail('WEB', { ...WEB, taxCalculationStrategy: 'order_item_units_based' });
      expectJson(await get(`${BASE}WEB`), 200, shown);
      const events = await eventsAfter(before.sequence);
      expect(events.map((event) => [event.type, event.data])).toEqual([['channel.updated', shown]]);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before.version));
    });

    it('writes nothing and records no event for a PATCH that changes nothing', async () => {
      const before = await snapshot();
      const updatedAt = (await stamps(t, 'channel', 'code = ?', ['WEB'])).updatedAt;
      expectNoContent(await request('PATCH', `${BASE}WEB`, { name: 'Web Channel', locales: ['en_US', 'de_DE'], code: 'OTHER' }));
      await expectUnchanged(before);
      expect((await stamps(t, 'channel', 'code = ?', ['WEB'])).updatedAt).toBe(updatedAt);
    });

    it('disables a channel while another stays enabled, and refuses to disable the last enabled one', async () => {
      expectNoContent(await request('PATCH', `${BASE}WEB`, { enabled: false }));
      for (const code of ['PROMO', 'SHIP', 'PAY']) expectNoContent(await request('PATCH', `${BASE}${code}`, { enabled: 'false' }));
      const before = await snapshot();
      expectJson(await request('PATCH', `${BASE}FREE`, { enabled: false }), 400, tree({ enabled: [NO_ENABLED] }));
      await expectUnchanged(before);
      // A disabled channel may stay disabled.
      expectNoContent(await request('PATCH', `${BASE}OFF`, { name: 'Still closed' }));
    });

    it('leaves one of two channels enabled when both are disabled at once', async () => {
      await sql(t, `update channel set enabled = false where code not in ('WEB', 'FREE')`);
      const responses = await Promise.all(['WEB', 'FREE'].map((code) => request('PATCH', `${BASE}${code}`, { enabled: false })));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([204, 400]);
      expect(await sql(t, `select code from channel where enabled`)).toHaveLength(1);
    });

    it.each([
      ['a null name', { name: null }, tree({ name: [NAME_BLANK] })],
      ['a null strategy', { taxCalculationStrategy: null }, tree({ taxCalculationStrategy: [NOT_BLANK] })],
      ['locales without the default one', { locales: ['de_DE'] }, tree({ defaultLocale: [LOCALE_DISABLED] })],
      ['an unknown zone', { defaultTaxZone: 'EU' }, tree({ defaultTaxZone: [NOT_VALID] })],
    ])('answers 400 for %s, writing nothing', async (_case, payload, expected) => {
      const before = await snapshot();
      expectJson(await request('PATCH', `${BASE}WEB`, payload), 400, expected);
      await expectUnchanged(before);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('PATCH', `${BASE}none`, { name: 'x' }), 404, notFound('channel'));
    });
  });

  describe('DELETE /api/v1/channels/{code}', () => {
    it('deletes a channel nothing refers to, with its locales and currencies: 204, its event, then 404', async () => {
      const before = await snapshot();
      const id = await idOf('FREE');
      expectNoContent(await request('DELETE', `${BASE}FREE`, undefined, AUTH));
      expectJson(await get(`${BASE}FREE`), 404, notFound('channel'));
      expect(await sql(t, `select * from channel_locale where channel_id = ?`, [id])).toEqual([]);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before.version));
      const events = await eventsAfter(before.sequence);
      expect(events.map((event) => [event.type, event.data])).toEqual([['channel.deleted', { id, code: 'FREE' }]]);
    });

    it.each([
      ['a cart and a price', 'WEB'],
      ['a promotion', 'PROMO'],
      ['a shipping method', 'SHIP'],
      ['a payment method', 'PAY'],
    ])('answers 409 for a channel with %s, writing nothing', async (_case, code) => {
      const before = await snapshot();
      expectJson(await request('DELETE', `${BASE}${code}`, undefined, AUTH), 409, IN_USE);
      await expectUnchanged(before);
    });

    it('answers 409 for a channel only a price names', async () => {
      await sql(t, `delete from orders`);
      const before = await snapshot();
      expectJson(await request('DELETE', `${BASE}WEB`, undefined, AUTH), 409, IN_USE);
      await expectUnchanged(before);
    });

    it('answers 409 for the last enabled channel, writing nothing', async () => {
      await sql(t, `update channel set enabled = false where code <> 'FREE'`);
      const before = await snapshot();
      expectJson(await request('DELETE', `${BASE}FREE`, undefined, AUTH), 409, LAST_ENABLED);
      await expectUnchanged(before);
      expectNoContent(await request('DELETE', `${BASE}OFF`, undefined, AUTH));
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('DELETE', `${BASE}none`, undefined, AUTH), 404, notFound('channel'));
    });
  });

  describe('a second instance on the same database', () => {
    let b: RunningApp;

    beforeAll(async () => {
      const config = loadConfig({ LOG_LEVEL: 'silent', DB_POOL_SIZE: '2', WEBHOOK_CONCURRENCY: '0' });
      b = await createApp(config, { database: { url: t.running.database.url, embedded: t.running.database.embedded, close: () => Promise.resolve() } });
    });
    afterAll(() => b?.close());

    const onB = (options: InjectOptions): Promise<LightMyRequestResponse> => b.app.getHttpAdapter().getInstance().inject(options);
    const addBook = async (cartId: number): Promise<number> => {
      const added = await onB({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: { variant: 'BOOK_STD', quantity: 1 } });
      expect(added.statusCode).toBe(201);
      return (json(await onB({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH })) as { total: number }).total;
    };

    it('prices the next add item there with the channel\'s new default tax zone and tax strategy', async () => {
      const [{ id: cartId }] = await sql<{ id: number }>(t, `select id from orders`);
      // 2 × 333 = 666, + 10 % of it (66.6).
      expect(await addBook(cartId)).toBe(733);
      expectNoContent(await request('PATCH', `${BASE}WEB`, { defaultTaxZone: 'DE' }));
      // 3 × 333 = 999, + 20 % of it (199.8).
      expect(await addBook(cartId)).toBe(1199);
      expectNoContent(await request('PATCH', `${BASE}WEB`, { taxCalculationStrategy: 'order_item_units_based' }));
      // 4 × 333 = 1332, + 4 × 20 % of 333 (66.6 each); per order it would be 266.
      expect(await addBook(cartId)).toBe(1600);
    });
  });
});
