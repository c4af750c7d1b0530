import type { InjectOptions } from 'fastify';
import { expectJson, expectNoContent, idOf, sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { plainPage } from '../support/plain-page';
import { notFound, stamps } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Payment methods (/api/v1/payment-methods): a plain list, create, show, PUT, PATCH and delete, with
 * translations keyed by locale and channels by code. `cash_on_delivery` pays the cart (its payment names
 * it); `bank_transfer` is named by no payment.
 */
const SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, locales: [en_US, de_DE], defaultTaxZone: US, taxCalculationStrategy: order_items_based}
  - {code: MOB, name: Mobile Channel, baseCurrency: USD, defaultLocale: de_DE, locales: [de_DE], defaultTaxZone: US, taxCalculationStrategy: order_items_based}
paymentMethods:
  - {code: cash_on_delivery, name: Cash on delivery, instructions: Have the exact amount ready., channels: [WEB]}
  - {code: bank_transfer, name: Bank transfer, description: Two days, channels: [MOB], enabled: false}
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

const BASE = '/api/v1/payment-methods/';
const M = {
  nameBlank: 'Please enter payment method name.',
  nameShort: 'Payment method name must be at least 2 characters long.',
  nameLong: 'Payment method name must not be longer than 255 characters.',
  codeBlank: 'Please enter payment method code.',
  codeInvalid: 'Payment method code can only be comprised of letters, numbers, dashes and underscores.',
  codeTaken: 'The payment method with given code already exists.',
  positionLow: 'This value should be greater than or equal to 0.',
  notValid: 'This value is not valid.',
  extra: 'This form should not contain extra fields.',
  inUse: { code: 409, message: 'The payment method is in use and cannot be deleted.' },
};

type Texts = { name?: string; description?: string; instructions?: string };
type TranslationNode = { errors?: string[]; name?: string[]; description?: string[]; instructions?: string[] };

/** The 400 body; `translations` as nodes per locale (en_US, de_DE), or messages of its own. */
const tree = (
  children: Partial<Record<'position' | 'enabled' | 'channels' | 'code', string[]>>,
  translations: { errors?: string[]; en_US?: TranslationNode; de_DE?: TranslationNode; notMap?: boolean } = {},
  errors?: string[],
) => {
  const field = (messages?: string[]) => (messages ? { errors: messages } : {});
  const translation = (node: TranslationNode = {}) => ({
    ...(node.errors && { errors: node.errors }),
    children: { name: field(node.name), description: field(node.description), instructions: field(node.instructions) },
  });
  return validationFailed({
    ...(errors && { errors }),
    children: {
      position: field(children.position),
      enabled: field(children.enabled),
      translations: translations.notMap
        ? { errors: translations.errors }
        : { ...(translations.errors && { errors: translations.errors }), children: { en_US: translation(translations.en_US), de_DE: translation(translations.de_DE) } },
      channels: field(children.channels),
      code: field(children.code),
    },
  });
};

describe('payment methods', () => {
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
  const count = async () => Number((await sql<{ n: string }>(t, 'select count(*) as n from payment_method'))[0].n);
  const methodId = (code: string) => idOf(t, 'select id from payment_method where code = ?', [code]);

  const channel = async (code: string, name: string) => ({
    id: await idOf(t, 'select id from channel where code = ?', [code]),
    code,
    name,
    ...(await stamps(t, 'channel', 'code = ?', [code])),
    enabled: true,
    taxCalculationStrategy: 'order_items_based',
    _links: { self: { href: `/api/v1/channels/${code}` } },
  });
  const WEB = () => channel('WEB', 'Web Channel');
  const MOB = () => channel('MOB', 'Mobile Channel');

  /** Translations as stored, in id order. */
  const translations = async (code: string, texts: Record<string, Texts>) => {
    const rows = await sql<{ id: number; locale: string }>(
      t,
      'select t.id, t.locale from payment_method_translation t join payment_method m on m.id = t.method_id where m.code = ? order by t.id',
      [code],
    );
    expect(rows.map((row) => row.locale)).toEqual(Object.keys(texts));
    if (rows.length === 0) return [];
    return Object.fromEntries(rows.map((row) => [row.locale, { locale: row.locale, id: row.id, ...texts[row.locale] }]));
  };
  const method = async (code: string, m: { position: number; enabled: boolean; texts: Record<string, Texts>; channels: unknown[] }) => ({
    id: await methodId(code),
    code,
    position: m.position,
    ...(await stamps(t, 'payment_method', 'code = ?', [code])),
    enabled: m.enabled,
    translations: await translations(code, m.texts),
    channels: m.channels,
    _links: { self: { href: `${BASE}${code}` } },
  });
  const listItem = async (code: string, position: number, texts: Record<string, Texts>) => ({
    id: await methodId(code),
    code,
    position,
    translations: await translations(code, texts),
    _links: { self: { href: `${BASE}${code}` } },
  });
  const CASH_TEXTS = { en_US: { name: 'Cash on delivery', instructions: 'Have the exact amount ready.' } };
  const BANK_TEXTS = { de_DE: { name: 'Bank transfer', description: 'Two days' } };
  const cash = async () => method('cash_on_delivery', { position: 0, enabled: true, texts: CASH_TEXTS, channels: [await WEB()] });
  const bank = async () => method('bank_transfer', { position: 1, enabled: false, texts: BANK_TEXTS, channels: [await MOB()] });

  describe(`GET ${BASE}`, () => {
    it('lists every payment method in creation order, with translations but no dates or channels', async () => {
      const items = [await listItem('cash_on_delivery', 0, CASH_TEXTS), await listItem('bank_transfer', 1, BANK_TEXTS)];
      expectJson(await get(BASE), 200, plainPage(BASE, '', 1, 10, 1, 2, items));
      expectJson(await get(`${BASE}?page=2&limit=1`), 200, plainPage(BASE, '', 2, 1, 2, 2, [items[1]]));
    });
  });

  describe(`GET ${BASE}{code}`, () => {
    it('shows a payment method; 404 for an unknown code', async () => {
      expectJson(await get(`${BASE}cash_on_delivery`), 200, await cash());
      expectJson(await get(`${BASE}bank_transfer`), 200, await bank());
      expectJson(await get(`${BASE}paypal`), 404, notFound('payment method'));
    });
  });

  describe(`POST ${BASE}`, () => {
    it('creates a payment method with translations and channels: 201 with the full shape', async () => {
      const before = await version();
      const response = await request('POST', BASE, {
        position: 7,
        enabled: 'true',
        translations: { de_DE: { name: ' Rechnung ', description: '', instructions: 'Innerhalb von 14 Tagen' }, en_US: { name: 'Invoice' } },
        channels: ['MOB', 'WEB'],
        code: ' invoice ',
      });
      const expected = await method('invoice', {
        position: 7,
        enabled: true,
        // Translations are stored in the order of the shop's locales, whatever the order sent.
        texts: { en_US: { name: 'Invoice' }, de_DE: { name: 'Rechnung', instructions: 'Innerhalb von 14 Tagen' } },
        channels: [await WEB(), await MOB()],
      });
      expectJson(response, 201, expected);
      expectJson(await get(`${BASE}invoice`), 200, expected);
      expect(BigInt(await version())).toBeGreaterThan(BigInt(before));
    });

    it('creates one with only a code: disabled, last, no translations, no channels', async () => {
      expectJson(await request('POST', BASE, { code: 'bare', translations: [] }), 201, await method('bare', { position: 2, enabled: false, texts: {}, channels: [] }));
    });

    it.each([
      ['an empty body', undefined, tree({ code: [M.codeBlank] })],
      [
        'a translation without a name, one with a short name, an unknown locale',
        { translations: { en_US: { description: 'x' }, de_DE: { name: 'R' }, fr_FR: { name: 'Virement' } }, code: 'x' },
        tree({}, { errors: [M.extra], en_US: { name: [M.nameBlank] }, de_DE: { name: [M.nameShort] } }),
      ],
      ['a translation that is no object, and unknown keys in one', { translations: { en_US: 'Cash', de_DE: { name: 'Bar', note: 1 } }, code: 'x' }, tree({}, { en_US: { errors: [M.notValid] }, de_DE: { errors: [M.extra] } })],
      ['translations that are no map', { translations: 'Cash', code: 'x' }, tree({}, { notMap: true, errors: [M.notValid] })],
      ['texts longer than their columns', { translations: { en_US: { name: 'n'.repeat(256) } }, code: 'c'.repeat(256) }, tree({ code: ['Payment method code must not be longer than 255 characters.'] }, { en_US: { name: [M.nameLong] } })],
      [
        'unknown channels and values of the wrong type',
        { position: -1, enabled: 'perhaps', channels: ['WEB', 'NOPE'], code: 'a b' },
        tree({ position: [M.positionLow], enabled: [M.notValid], channels: [M.notValid], code: [M.codeInvalid] }),
      ],
      ['channels that are no list', { channels: 'WEB', position: 1.5, code: 'x' }, tree({ position: [M.notValid], channels: [M.notValid] })],
      ['a taken code', { code: 'cash_on_delivery' }, tree({ code: [M.codeTaken] })],
      ['unknown keys', { code: 'x', gateway: 'offline' }, tree({}, {}, [M.extra])],
    ])('answers 400 with the form tree for %s, writing nothing', async (_case, payload, expected) => {
      const [rows, before] = [await count(), await version()];
      expectJson(await request('POST', BASE, payload), 400, expected);
      expect([await count(), await version()]).toEqual([rows, before]);
    });
  });

  describe(`PUT ${BASE}{code}`, () => {
    it('replaces every field but the position: channels, enabled, and each translation sent again', async () => {
      expectNoContent(await request('PUT', `${BASE}cash_on_delivery`, { translations: { en_US: { name: 'Cash' }, de_DE: { name: 'Barzahlung' } }, channels: ['MOB'], code: 'x' }));
      expectJson(
        await get(`${BASE}cash_on_delivery`),
        200,
        await method('cash_on_delivery', { position: 0, enabled: false, texts: { en_US: { name: 'Cash' }, de_DE: { name: 'Barzahlung' } }, channels: [await MOB()] }),
      );
      expectJson(await get(`${BASE}x`), 404, notFound('payment method'));
    });

    it('asks for the name of a translation left out, removes one sent as null', async () => {
      expectJson(await request('PUT', `${BASE}cash_on_delivery`, { enabled: true }), 400, tree({}, { en_US: { name: [M.nameBlank] } }));
      expectJson(await get(`${BASE}cash_on_delivery`), 200, await cash());
      expectNoContent(await request('PUT', `${BASE}cash_on_delivery`, { enabled: true, translations: { en_US: null, de_DE: { name: 'Bar' } }, channels: ['WEB'] }));
      expectJson(await get(`${BASE}cash_on_delivery`), 200, await method('cash_on_delivery', { position: 0, enabled: true, texts: { de_DE: { name: 'Bar' } }, channels: [await WEB()] }));
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('PUT', `${BASE}none`, {}), 404, notFound('payment method'));
    });
  });

  describe(`PATCH ${BASE}{code}`, () => {
    it('changes only the fields sent, in translations too', async () => {
      expectNoContent(await request('PATCH', `${BASE}cash_on_delivery`, { position: 3, translations: { en_US: { description: 'Pay the driver' } } }));
      expectJson(
        await get(`${BASE}cash_on_delivery`),
        200,
        await method('cash_on_delivery', { position: 3, enabled: true, texts: { en_US: { name: 'Cash on delivery', description: 'Pay the driver', instructions: 'Have the exact amount ready.' } }, channels: [await WEB()] }),
      );
      expectNoContent(await request('PATCH', `${BASE}cash_on_delivery`, { enabled: false, channels: [], translations: { en_US: { instructions: null } } }));
      expectJson(
        await get(`${BASE}cash_on_delivery`),
        200,
        await method('cash_on_delivery', { position: 3, enabled: false, texts: { en_US: { name: 'Cash on delivery', description: 'Pay the driver' } }, channels: [] }),
      );
    });

    it('asks a name for a translation it adds, and refuses a name sent as null', async () => {
      expectJson(await request('PATCH', `${BASE}cash_on_delivery`, { translations: { de_DE: { description: 'Bar' }, en_US: { name: null } } }), 400, tree({}, { en_US: { name: [M.nameBlank] }, de_DE: { name: [M.nameBlank] } }));
      expectNoContent(await request('PATCH', `${BASE}cash_on_delivery`, { translations: { de_DE: { name: 'Bar' } } }));
      expectJson(
        await get(`${BASE}cash_on_delivery`),
        200,
        await method('cash_on_delivery', { position: 0, enabled: true, texts: { ...CASH_TEXTS, de_DE: { name: 'Bar' } }, channels: [await WEB()] }),
      );
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('PATCH', `${BASE}none`, { position: 1 }), 404, notFound('payment method'));
    });
  });

  describe(`DELETE ${BASE}{code}`, () => {
    it('keeps a method a payment names (409, nothing written) and deletes one no payment names, with its translations', async () => {
      expect(Number((await sql<{ n: string }>(t, `select count(*) as n from payment p join payment_method m on m.id = p.method_id where m.code = 'cash_on_delivery'`))[0].n)).toBeGreaterThan(0);
      const before = await version();
      expectJson(await request('DELETE', `${BASE}cash_on_delivery`), 409, M.inUse);
      expect(await version()).toBe(before);
      expectJson(await get(`${BASE}cash_on_delivery`), 200, await cash());
      expectNoContent(await request('DELETE', `${BASE}bank_transfer`));
      expectJson(await get(`${BASE}bank_transfer`), 404, notFound('payment method'));
      expect(Number((await sql<{ n: string }>(t, 'select count(*) as n from payment_method_translation'))[0].n)).toBe(1);
    });

    it('answers 404 for an unknown code', async () => {
      expectJson(await request('DELETE', `${BASE}none`), 404, notFound('payment method'));
    });
  });
});
