import type { LightMyRequestResponse } from 'fastify';
import { createApp, type RunningApp } from '../../src/app/create-app';
import { loadConfig } from '../../src/config/app-config';
import { lockConflicts } from '../../src/database/write-transaction';
import type { IdMap } from '../../src/fixtures';
import { expectJson, expectNoContent, idOf, itemIdOf, sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { fullVariant, notFound, shippingCategory, taxCategory, type VariantExpectation } from '../support/resource-expectations';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * The shop: two locales and two channels; a mug with a size option and two variants (the large one
 * tracked, with 2 of its 5 units held), a cap with one variant, a gift card sold in a placed order, and
 * a cart holding two small mugs at 20 (no taxes, no shipping).
 */
const SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD, EUR]
channels:
  - {code: WEB, name: Web Channel, hostname: localhost, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
  - {code: EU_WEB, name: European Web Store, baseCurrency: EUR, defaultLocale: de_DE, locales: [de_DE, en_US]}
taxCategories: [{code: std, name: Standard}]
shippingCategories: [{code: regular, name: Regular}]
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
productOptions:
  - code: MUG_SIZE
    name: Mug size
    values: [{code: MUG_SIZE_S, value: Size S}, {code: MUG_SIZE_M, value: Size M}, {code: MUG_SIZE_L, value: Size L}]
products:
  - code: MUG
    translations: {en_US: {name: Mug}}
    options: [MUG_SIZE]
    variants:
      - {code: MUG_S, translations: {en_US: {name: Small mug}}, position: 0, optionValues: [MUG_SIZE_S], channelPricings: {WEB: 20}}
      - code: MUG_L
        translations: {en_US: {name: Large mug}, de_DE: {name: Großer Becher}}
        position: 1
        optionValues: [MUG_SIZE_L]
        tracked: true
        onHand: 5
        onHold: 2
        channelPricings: {WEB: 30, EU_WEB: 28}
  - code: CAP
    translations: {en_US: {name: Cap}}
    variants:
      - {code: CAP_ONE, translations: {en_US: {name: One cap}}, channelPricings: {WEB: 1000}}
  - code: GIFT_CARD
    translations: {en_US: {name: Gift card}}
    variants:
      - {code: GIFT_CARD_10, translations: {en_US: {name: Gift card 10}}, shippingRequired: false, channelPricings: {WEB: 1000}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: cart, customer: oliver.queen@star-city.com, channel: WEB, items: [{variant: MUG_S, quantity: 2}]}
  - {ref: other_cart, customer: oliver.queen@star-city.com, channel: WEB}
  - {ref: placed_order, customer: oliver.queen@star-city.com, channel: WEB, checkoutState: completed, items: [{variant: GIFT_CARD_10, quantity: 1}]}
`;

/**
 * For the races: carts ready to complete (a tracked mug each, shipped with UPS, paid on delivery), and
 * empty carts to add the mug to.
 */
const RACERS = Array.from({ length: 6 }, (_, index) => index + 1);
const RACE_YAML = `
locales: [en_US]
currencies: [USD]
countries: [US]
zones: [{code: US, name: United States, type: country, members: [US]}]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US, defaultTaxZone: US}
shippingMethods:
  - {code: ups, name: UPS, zone: US, calculator: flat_rate, configuration: {WEB: {amount: 500}}, channels: [WEB]}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: MUG
    name: Mug
    variants:
      - {code: MUG_T, name: Tracked mug, tracked: true, onHand: 100, channelPricings: {WEB: 1000}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
  - {email: felicity.smoak@star-city.com, firstName: Felicity, lastName: Smoak}
orders:
${RACERS.map((n) => `  - {ref: ready_${n}, customer: ${n % 2 === 0 ? 'oliver.queen' : 'felicity.smoak'}@star-city.com, channel: WEB, items: [{variant: MUG_T, quantity: 1}]}`).join('\n')}
${RACERS.map((n) => `  - {ref: empty_${n}, customer: oliver.queen@star-city.com, channel: WEB}`).join('\n')}
`;

const VALIDATION_FAILED = 'Validation Failed';
const EXTRA_FIELDS = 'This form should not contain extra fields.';
const NOT_VALID = 'This value is not valid.';
const PRICE_FOR_EVERY_CHANNEL = 'You must define price for every channel.';
const IN_USE = { code: 409, message: 'The product variant is in use and cannot be deleted.' };

/** The children of the variant form with no violation, for MUG (its one option) in this shop. */
const EMPTY_MUG_CHILDREN = {
  translations: { children: { en_US: { children: { name: {} } }, de_DE: { children: { name: {} } } } },
  version: {},
  tracked: {},
  width: {},
  height: {},
  depth: {},
  weight: {},
  taxCategory: {},
  shippingRequired: {},
  shippingCategory: {},
  channelPricings: { children: { WEB: { children: { price: {}, originalPrice: {} } }, EU_WEB: { children: { price: {}, originalPrice: {} } } } },
  code: {},
  optionValues: { children: { MUG_SIZE: {} } },
};

describe('catalog: product variant writes', () => {
  let t: TestApp;
  let ids: IdMap;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    ids = await loadShop(t, SHOP_YAML);
  });

  const url = (product: string, code?: string) => `/api/v1/products/${product}/variants/${code ?? ''}`;
  const post = (product: string, payload: object) => t.inject({ method: 'POST', url: url(product), headers: JSON_AUTH, payload });
  const put = (product: string, code: string, payload: object) => t.inject({ method: 'PUT', url: url(product, code), headers: JSON_AUTH, payload });
  const patch = (product: string, code: string, payload: object) => t.inject({ method: 'PATCH', url: url(product, code), headers: JSON_AUTH, payload });
  const remove = (product: string, code: string) => t.inject({ method: 'DELETE', url: url(product, code), headers: AUTH });
  const show = async (product: string, code: string) => JSON.parse((await t.inject({ method: 'GET', url: url(product, code), headers: AUTH })).body) as Record<string, unknown>;
  const variantCount = async () => Number((await sql<{ n: string }>(t, 'select count(*) as n from product_variant'))[0].n);
  const events = () => sql<{ type: string; data: unknown }>(t, `select type, data from event where type like 'product_variant.%' order by sequence`);

  const mugS = (v: Partial<VariantExpectation> = {}) =>
    fullVariant(t, { productCode: 'MUG', code: 'MUG_S', descriptor: 'Small mug (MUG_S)', position: 0, names: { en_US: 'Small mug' }, optionValues: [['MUG_SIZE_S', { en_US: 'Size S', de_DE: 'Size S' }]], prices: { WEB: 20 }, ...v });
  const mugL = (v: Partial<VariantExpectation> = {}) =>
    fullVariant(t, {
      productCode: 'MUG',
      code: 'MUG_L',
      descriptor: 'Large mug (MUG_L)',
      position: 1,
      names: { en_US: 'Large mug', de_DE: 'Großer Becher' },
      optionValues: [['MUG_SIZE_L', { en_US: 'Size L', de_DE: 'Size L' }]],
      tracked: true,
      onHand: 5,
      onHold: 2,
      prices: { WEB: 30, EU_WEB: 28 },
      ...v,
    });

  describe('POST /api/v1/products/{productCode}/variants/', () => {
    it('creates a minimal variant after the last one: no names, no prices, untracked, version 1, nothing on hand', async () => {
      const response = await post('CAP', { code: 'CAP_TWO' });
      expectJson(response, 201, await fullVariant(t, { productCode: 'CAP', code: 'CAP_TWO', descriptor: 'Cap (CAP_TWO)', position: 1, names: {}, prices: {} }));
      // A checkbox left out of a POST is unchecked.
      expect(await sql(t, `select shipping_required, tracked from product_variant where code = 'CAP_TWO'`)).toEqual([{ shipping_required: false, tracked: false }]);
    });

    it('creates a tracked variant with units on hand', async () => {
      const response = await post('CAP', { code: 'CAP_TRACKED', tracked: true, onHand: 5, shippingRequired: 'true' });
      expectJson(response, 201, await fullVariant(t, { productCode: 'CAP', code: 'CAP_TRACKED', descriptor: 'Cap (CAP_TRACKED)', position: 1, names: {}, tracked: true, onHand: 5, prices: {} }));
      expect(await sql(t, `select shipping_required from product_variant where code = 'CAP_TRACKED'`)).toEqual([{ shipping_required: true }]);
    });

    it('stores channel prices sent in major units as minor units, exactly', async () => {
      const response = await post('CAP', { code: 'CAP_PRICED', channelPricings: { WEB: { price: '1243' }, EU_WEB: { price: 0.29, originalPrice: '19.99' } } });
      expectJson(response, 201, await fullVariant(t, { productCode: 'CAP', code: 'CAP_PRICED', descriptor: 'Cap (CAP_PRICED)', position: 1, names: {}, prices: { WEB: 124300, EU_WEB: 29 } }));
      expect(await sql(t, `select channel_code, price, original_price from channel_pricing where variant_id = (select id from product_variant where code = 'CAP_PRICED') order by id`)).toEqual([
        { channel_code: 'WEB', price: 124300, original_price: null },
        { channel_code: 'EU_WEB', price: 29, original_price: 1999 },
      ]);
    });

    it('creates a variant with names, dimensions and tax and shipping categories', async () => {
      const response = await post('CAP', {
        translations: { en_US: { name: 'Blue cap' }, de_DE: { name: ' Blaue Mütze ' } },
        width: 10,
        height: '2.5',
        depth: 0,
        weight: 0.3,
        taxCategory: 'std',
        shippingCategory: 'regular',
        code: 'CAP_BLUE',
      });
      expectJson(
        response,
        201,
        await fullVariant(t, {
          productCode: 'CAP',
          code: 'CAP_BLUE',
          descriptor: 'Blue cap (CAP_BLUE)',
          position: 1,
          names: { en_US: 'Blue cap', de_DE: 'Blaue Mütze' },
          dimensions: { weight: 0.3, width: 10, height: 2.5, depth: 0 },
          taxCategory: await taxCategory(t, { code: 'std', name: 'Standard' }),
          shippingCategory: await shippingCategory(t, { code: 'regular', name: 'Regular' }),
          prices: {},
        }),
      );
    });

    it('creates a variant with a value of each option of the product, and refuses a second one with the same values', async () => {
      const response = await post('MUG', { code: 'MUG_M', optionValues: { MUG_SIZE: 'MUG_SIZE_M' }, channelPricings: { WEB: { price: 25 } } });
      const created = await fullVariant(t, {
        productCode: 'MUG',
        code: 'MUG_M',
        descriptor: 'Mug (MUG_M)',
        position: 2,
        names: {},
        optionValues: [['MUG_SIZE_M', { en_US: 'Size M', de_DE: 'Size M' }]],
        prices: { WEB: 2500 },
      });
      expectJson(response, 201, created);

      const before = await variantCount();
      expectJson(await post('MUG', { code: 'MUG_M2', optionValues: { MUG_SIZE: 'MUG_SIZE_M' } }), 400, {
        code: 400,
        message: VALIDATION_FAILED,
        errors: { errors: ['Variant with this option set already exists.'], children: EMPTY_MUG_CHILDREN },
      });
      expect(await variantCount()).toBe(before);
    });

    it('lists every child of the form for an empty body, the maps with one child per locale, channel and option', async () => {
      const before = await variantCount();
      expectJson(await post('MUG', {}), 400, { code: 400, message: VALIDATION_FAILED, errors: { children: { ...EMPTY_MUG_CHILDREN, code: { errors: ['Please enter the code.'] } } } });
      // A product without options has no option children.
      expectJson(await post('CAP', {}), 400, {
        code: 400,
        message: VALIDATION_FAILED,
        errors: { children: { ...EMPTY_MUG_CHILDREN, code: { errors: ['Please enter the code.'] }, optionValues: { children: {} } } },
      });
      expect(await variantCount()).toBe(before);
    });

    it('reports each violation at its field, onHand only when it is sent, and writes nothing', async () => {
      const before = await variantCount();
      const response = await post('MUG', {
        translations: { en_US: { name: 'x'.repeat(256) }, fr_FR: { name: 'Tasse' }, de_DE: { title: 'Becher' } },
        version: 'one',
        tracked: 'maybe',
        width: -1,
        height: 'tall',
        weight: -0.5,
        taxCategory: 'nope',
        shippingCategory: 7,
        channelPricings: { WEB: { price: '12.345' }, EU_WEB: { price: 0, originalPrice: '99999999' }, NOPE: { price: 1 } },
        code: 'bad code',
        optionValues: { MUG_SIZE: 'MUG_SIZE_X', MUG_COLOR: 'RED' },
        onHand: -1,
        colour: 'red',
      });
      expectJson(response, 400, {
        code: 400,
        message: VALIDATION_FAILED,
        errors: {
          errors: [EXTRA_FIELDS],
          children: {
            translations: {
              errors: [EXTRA_FIELDS],
              children: {
                en_US: { children: { name: { errors: ['This value is too long. It should have 255 characters or less.'] } } },
                de_DE: { errors: [EXTRA_FIELDS], children: { name: {} } },
              },
            },
            version: { errors: [NOT_VALID] },
            tracked: { errors: [NOT_VALID] },
            width: { errors: ['Width cannot be negative.'] },
            height: { errors: [NOT_VALID] },
            depth: {},
            weight: { errors: ['Weight cannot be negative.'] },
            taxCategory: { errors: [NOT_VALID] },
            shippingRequired: {},
            shippingCategory: { errors: [NOT_VALID] },
            channelPricings: {
              errors: [EXTRA_FIELDS],
              children: {
                WEB: { children: { price: { errors: [NOT_VALID] }, originalPrice: {} } },
                EU_WEB: { children: { price: { errors: ['Price must be at least 0.01.'] }, originalPrice: { errors: ['This value should be less than or equal to 21474836.47.'] } } },
              },
            },
            code: { errors: ['Product variant code can only be comprised of letters, numbers, dashes and underscores.'] },
            optionValues: { errors: [EXTRA_FIELDS], children: { MUG_SIZE: { errors: [NOT_VALID] } } },
            onHand: { errors: ['On hand must be greater than or equal to 0.'] },
          },
        },
      });
      expect(await variantCount()).toBe(before);
    });

    it('refuses a code any variant has, and an original price without a price', async () => {
      expectJson(await post('CAP', { code: 'MUG_S', channelPricings: { WEB: { originalPrice: 5 } } }), 400, {
        code: 400,
        message: VALIDATION_FAILED,
        errors: {
          children: {
            ...EMPTY_MUG_CHILDREN,
            channelPricings: { children: { WEB: { children: { price: { errors: ['Please enter the price.'] }, originalPrice: {} } }, EU_WEB: { children: { price: {}, originalPrice: {} } } } },
            code: { errors: ['Product variant code must be unique.'] },
            optionValues: { children: {} },
          },
        },
      });
    });

    it('creates once for a repeated Idempotency-Key, answering the first body again', async () => {
      const send = () => t.inject({ method: 'POST', url: url('CAP'), headers: { ...JSON_AUTH, 'idempotency-key': 'variant-once' }, payload: { code: 'CAP_ONCE' } });
      const first = await send();
      const again = await send();
      expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([201, 201, 'true', first.body]);
      expect(await sql(t, `select count(*)::int as n from product_variant where code = 'CAP_ONCE'`)).toEqual([{ n: 1 }]);
      expect((await events()).map((event) => event.type)).toEqual(['product_variant.created']);
    });

    it('answers 404 for an unknown product, before the form', async () => {
      expectJson(await post('NOPE', {}), 404, { code: 404, message: 'The "product" has not been found' });
    });
  });

  describe('PUT and PATCH /api/v1/products/{productCode}/variants/{code}', () => {
    it('answers 409 with the form for a stale version, and changes nothing', async () => {
      const stale = { code: 409, message: VALIDATION_FAILED, errors: { children: { ...EMPTY_MUG_CHILDREN, version: { errors: ['Operated entity was previously modified.'] } } } };
      expectJson(await patch('MUG', 'MUG_S', { version: 2, tracked: true }), 409, stale);
      expect(await show('MUG', 'MUG_S')).toEqual(await mugS());
      expectNoContent(await patch('MUG', 'MUG_S', { version: 1, tracked: true }));
      expect(await show('MUG', 'MUG_S')).toEqual(await mugS({ tracked: true, version: 2 }));
      // The version the client read is now stale; a PUT without one compares nothing.
      expectJson(await put('MUG', 'MUG_S', { version: 1, tracked: false }), 409, stale);
      expectNoContent(await put('MUG', 'MUG_S', { tracked: false }));
      expect((await show('MUG', 'MUG_S')).version).toBe(3);
    });

    it('PATCH changes only what it is given: {tracked: false} keeps the stock, a price keeps the other channels', async () => {
      expectNoContent(await patch('MUG', 'MUG_L', { tracked: false }));
      expect(await show('MUG', 'MUG_L')).toEqual(await mugL({ tracked: false, version: 2 }));
      expectNoContent(await patch('MUG', 'MUG_L', { channelPricings: { EU_WEB: { price: '9.99' } }, translations: { de_DE: { name: 'Becher L' } } }));
      expect(await show('MUG', 'MUG_L')).toEqual(
        await mugL({ tracked: false, version: 3, names: { en_US: 'Large mug', de_DE: 'Becher L' }, prices: { WEB: 30, EU_WEB: 999 } }),
      );
      expectNoContent(await patch('MUG', 'MUG_L', { onHand: 7, width: 3 }));
      expect(await show('MUG', 'MUG_L')).toEqual(
        await mugL({ tracked: false, version: 4, names: { en_US: 'Large mug', de_DE: 'Becher L' }, prices: { WEB: 30, EU_WEB: 999 }, onHand: 7, dimensions: { width: 3 } }),
      );
    });

    it('PUT is a full submit: what is left out is cleared, but the stock is kept unless onHand is given', async () => {
      expectNoContent(await put('MUG', 'MUG_L', { translations: { de_DE: { name: 'Großer Becher' } }, channelPricings: { WEB: { price: 31 } }, tracked: true }));
      expect(await show('MUG', 'MUG_L')).toEqual(
        await mugL({ descriptor: 'Mug (MUG_L)', names: { de_DE: 'Großer Becher' }, optionValues: [], prices: { WEB: 3100 }, version: 2 }),
      );
      expect(await sql(t, `select shipping_required from product_variant where code = 'MUG_L'`)).toEqual([{ shipping_required: false }]);
    });

    it('refuses on hand below the units held, with onHand listed in the tree', async () => {
      expectJson(await patch('MUG', 'MUG_L', { onHand: 1 }), 400, {
        code: 400,
        message: VALIDATION_FAILED,
        errors: { children: { ...EMPTY_MUG_CHILDREN, onHand: { errors: ['On hand must be greater than the number of on hold units'] } } },
      });
      expectJson(await patch('MUG', 'MUG_L', { onHand: null }), 400, {
        code: 400,
        message: VALIDATION_FAILED,
        errors: { children: { ...EMPTY_MUG_CHILDREN, onHand: { errors: ['Please enter on hand.'] } } },
      });
      expectNoContent(await patch('MUG', 'MUG_L', { onHand: 2 }));
      expect((await show('MUG', 'MUG_L')).onHand).toBe(2);
    });

    it('ignores a new code, and refuses the option set of another variant', async () => {
      // Everything else as it is: nothing changes, not even the version.
      const same = { code: 'NEW_MUG_CODE', translations: { en_US: { name: 'Small mug' } }, shippingRequired: true, channelPricings: { WEB: { price: '0.20' } }, optionValues: { MUG_SIZE: 'MUG_SIZE_S' } };
      expectNoContent(await put('MUG', 'MUG_S', same));
      expect(await show('MUG', 'MUG_S')).toEqual(await mugS({ version: 1 }));
      expect((await t.inject({ method: 'GET', url: url('MUG', 'NEW_MUG_CODE'), headers: AUTH })).statusCode).toBe(404);
      expectJson(await patch('MUG', 'MUG_S', { optionValues: { MUG_SIZE: 'MUG_SIZE_L' } }), 400, {
        code: 400,
        message: VALIDATION_FAILED,
        errors: { errors: ['Variant with this option set already exists.'], children: EMPTY_MUG_CHILDREN },
      });
    });

    it('answers 404 for a variant of another product or an unknown one', async () => {
      const missing = notFound('product variant');
      expectJson(await patch('CAP', 'MUG_S', {}), 404, missing);
      expectJson(await put('MUG', 'NOPE', {}), 404, missing);
      expectJson(await patch('NOPE', 'MUG_S', {}), 404, missing);
    });
  });

  describe('a price in every channel of the product', () => {
    const everyChannel = { code: 400, message: VALIDATION_FAILED, errors: { errors: [PRICE_FOR_EVERY_CHANNEL], children: EMPTY_MUG_CHILDREN } };
    const assign = (product: string, channels: string[]) => t.inject({ method: 'PATCH', url: `/api/v1/products/${product}`, headers: JSON_AUTH, payload: { channels } });
    const prices = async (code: string) =>
      sql(t, `select channel_code, price from channel_pricing where variant_id = (select id from product_variant where code = ?) order by channel_code`, [code]);

    it('refuses a variant left without a price in a channel of its product (a root error), writing nothing', async () => {
      expectNoContent(await assign('MUG', ['WEB']));
      const before = await variantCount();
      expectJson(await post('MUG', { code: 'MUG_M', optionValues: { MUG_SIZE: 'MUG_SIZE_M' } }), 400, everyChannel);
      expectJson(await post('MUG', { code: 'MUG_M', optionValues: { MUG_SIZE: 'MUG_SIZE_M' }, channelPricings: { EU_WEB: { price: 5 } } }), 400, everyChannel);
      // With other violations, the class rule comes after the option set's.
      expectJson(await post('MUG', { code: 'MUG_M', optionValues: { MUG_SIZE: 'MUG_SIZE_S' } }), 400, {
        ...everyChannel,
        errors: { errors: ['Variant with this option set already exists.', PRICE_FOR_EVERY_CHANNEL], children: EMPTY_MUG_CHILDREN },
      });
      expect(await variantCount()).toBe(before);
      expect((await post('MUG', { code: 'MUG_M', optionValues: { MUG_SIZE: 'MUG_SIZE_M' }, channelPricings: { WEB: { price: 5 } } })).statusCode).toBe(201);

      // PUT clears what it is not given, PATCH with null removes a price; a channel the product is not in needs none.
      expectJson(await put('MUG', 'MUG_L', { tracked: true, channelPricings: { EU_WEB: { price: 28 } } }), 400, everyChannel);
      expectJson(await patch('MUG', 'MUG_L', { channelPricings: { WEB: null } }), 400, everyChannel);
      expectJson(await patch('MUG', 'MUG_L', { channelPricings: { WEB: { price: null } } }), 400, everyChannel);
      expect(await prices('MUG_L')).toEqual([
        { channel_code: 'EU_WEB', price: 28 },
        { channel_code: 'WEB', price: 30 },
      ]);
      expectNoContent(await patch('MUG', 'MUG_L', { channelPricings: { EU_WEB: null } }));
      expect(await prices('MUG_L')).toEqual([{ channel_code: 'WEB', price: 30 }]);
      // A product in no channel needs no price.
      expect((await post('CAP', { code: 'CAP_TWO' })).statusCode).toBe(201);
    });

    it('judges the variant as the write leaves it: a PATCH without prices is refused while one is missing', async () => {
      // A product put in a channel outside the API (as a fixture may): MUG_S has no EU_WEB price.
      await sql(t, `insert into product_channel (product_id, channel_id) select p.id, c.id from product p, channel c where p.code = 'MUG' and c.code in ('WEB', 'EU_WEB')`);
      expectJson(await patch('MUG', 'MUG_S', { tracked: true }), 400, everyChannel);
      expectNoContent(await patch('MUG', 'MUG_S', { tracked: true, channelPricings: { EU_WEB: { price: '0.25' } } }));
      expect(await prices('MUG_S')).toEqual([
        { channel_code: 'EU_WEB', price: 25 },
        { channel_code: 'WEB', price: 20 },
      ]);
      expectNoContent(await patch('MUG', 'MUG_L', { onHand: 6 }));
    });

    it('a channel assigned while a price is removed: one of the two is refused, never both through', async () => {
      for (let round = 0; round < 4; round++) {
        expectNoContent(await assign('CAP', ['WEB']));
        expectNoContent(await patch('CAP', 'CAP_ONE', { channelPricings: { EU_WEB: { price: 9 } } }));
        const [product, variant] = await Promise.all([assign('CAP', ['WEB', 'EU_WEB']), patch('CAP', 'CAP_ONE', { channelPricings: { EU_WEB: null } })]);
        expect([product.statusCode, variant.statusCode].sort()).toEqual([204, 400]);
        const [{ unpriced }] = await sql<{ unpriced: number }>(
          t,
          `select count(*)::int as unpriced from product p join product_channel pc on pc.product_id = p.id join channel c on c.id = pc.channel_id
             join product_variant v on v.product_id = p.id
            where p.code = 'CAP' and not exists (select 1 from channel_pricing cp where cp.variant_id = v.id and cp.channel_code = c.code)`,
        );
        expect(unpriced).toBe(0);
        expectNoContent(await assign('CAP', ['WEB']));
      }
    });
  });

  describe('DELETE /api/v1/products/{productCode}/variants/{code}', () => {
    it('deletes a variant no order holds, with its prices, names and option values', async () => {
      const id = await idOf(t, `select id from product_variant where code = 'CAP_ONE'`, []);
      expectNoContent(await remove('CAP', 'CAP_ONE'));
      expectJson(await t.inject({ method: 'GET', url: url('CAP', 'CAP_ONE'), headers: AUTH }), 404, notFound('product variant'));
      expect(await sql(t, 'select (select count(*)::int from channel_pricing where variant_id = ?) as prices, (select count(*)::int from product_variant_translation where variant_id = ?) as names', [id, id])).toEqual([
        { prices: 0, names: 0 },
      ]);
      expectJson(await remove('CAP', 'CAP_ONE'), 404, notFound('product variant'));
      expectJson(await remove('CAP', 'MUG_L'), 404, notFound('product variant'));
    });

    it('keeps a variant that a cart or a placed order holds (409), writing nothing', async () => {
      const before = await variantCount();
      expectJson(await remove('MUG', 'MUG_S'), 409, IN_USE);
      expectJson(await remove('GIFT_CARD', 'GIFT_CARD_10'), 409, IN_USE);
      expect(await variantCount()).toBe(before);
      expect(await events()).toEqual([]);
    });
  });

  it('records product_variant.created, .updated and .deleted with the GET body, and nothing for a write that changes nothing', async () => {
    const created = await post('CAP', { code: 'CAP_RED', translations: { en_US: { name: 'Red cap' } }, channelPricings: { WEB: { price: 12 } } });
    expect(created.statusCode).toBe(201);
    expectNoContent(await patch('CAP', 'CAP_RED', {}));
    expectNoContent(await patch('CAP', 'CAP_RED', { tracked: false, channelPricings: { WEB: { price: '12.00' } } }));
    expectNoContent(await put('CAP', 'CAP_RED', { translations: { en_US: { name: 'Red cap' } }, channelPricings: { WEB: { price: 12 } } }));
    expectNoContent(await patch('CAP', 'CAP_RED', { channelPricings: { WEB: { price: 13 } } }));
    const updated = await show('CAP', 'CAP_RED');
    const id = updated.id;
    expectNoContent(await remove('CAP', 'CAP_RED'));
    expect(await events()).toEqual([
      { type: 'product_variant.created', data: JSON.parse(created.body) },
      { type: 'product_variant.updated', data: updated },
      { type: 'product_variant.deleted', data: { id, code: 'CAP_RED', productCode: 'CAP' } },
    ]);
    expect(updated.version).toBe(2);
  });

  it('changes prices and stock while carts get the variant and checkouts hold it, without a deadlock or a lost count', async () => {
    const race = await loadShop(t, RACE_YAML);
    await sql(t, `update orders set checkout_state = 'payment_selected' where checkout_state = 'cart' and id in (select order_id from order_item)`);
    const before = { ...lockConflicts };
    const answers = await Promise.all(
      RACERS.flatMap((n) => [
        t.inject({ method: 'PUT', url: `/api/v1/checkouts/complete/${race.orders[`ready_${n}`]}`, headers: JSON_AUTH, payload: {} }),
        patch('MUG', 'MUG_T', n % 2 === 0 ? { onHand: 100 + n } : { channelPricings: { WEB: { price: 10 + n } } }),
        t.inject({ method: 'POST', url: `/api/v1/carts/${race.orders[`empty_${n}`]}/items/`, headers: JSON_AUTH, payload: { variant: 'MUG_T', quantity: 1 } }),
      ]),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(RACERS.flatMap(() => [204, 204, 201]));
    expect(lockConflicts).toEqual(before);
    const [variant] = await sql<{ on_hand: number; on_hold: number; version: number }>(t, `select on_hand, on_hold, version from product_variant where code = 'MUG_T'`);
    // Six completions held a unit each and six changes went through: each moved the version once.
    expect({ onHold: variant.on_hold, version: variant.version, onHandSent: [102, 104, 106].includes(variant.on_hand) }).toEqual({ onHold: 6, version: 13, onHandSent: true });
    expect(await sql(t, `select count(*)::int as n from event where type = 'product_variant.updated'`)).toEqual([{ n: 6 }]);
  });

  describe('prices across instances', () => {
    let b: RunningApp;

    beforeAll(async () => {
      const config = loadConfig({ LOG_LEVEL: 'silent', DB_POOL_SIZE: '2', WEBHOOK_CONCURRENCY: '0' });
      b = await createApp(config, { database: { url: t.running.database.url, embedded: t.running.database.embedded, close: () => Promise.resolve() } });
    });
    afterAll(() => b?.close());

    const onB = (options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }): Promise<LightMyRequestResponse> =>
      b.app.getHttpAdapter().getInstance().inject({ ...options, headers: options.payload === undefined ? AUTH : JSON_AUTH });
    /** The numbers of a cart as instance B shows it. */
    const totals = async (cartId: number) => {
      const body = JSON.parse((await onB({ method: 'GET', url: `/api/v1/carts/${cartId}` })).body) as {
        items: Array<{ quantity: number; unitPrice: number; total: number; variant: { code: string } }>;
        itemsTotal: number;
        total: number;
      };
      return { lines: body.items.map((line) => [line.variant.code, line.quantity, line.unitPrice, line.total]), itemsTotal: body.itemsTotal, total: body.total };
    };

    it("prices the next cart change on another instance with the new price, and leaves other carts' totals until they change", async () => {
      const cartId = ids.orders.cart;
      const otherCartId = ids.orders.other_cart;
      // Instance B prices a cart first, so whatever it caches is warm.
      expect((await onB({ method: 'POST', url: `/api/v1/carts/${otherCartId}/items/`, payload: { variant: 'CAP_ONE', quantity: 1 } })).statusCode).toBe(201);
      expect(await totals(cartId)).toEqual({ lines: [['MUG_S', 2, 20, 40]], itemsTotal: 40, total: 40 });

      expectNoContent(await patch('MUG', 'MUG_S', { channelPricings: { WEB: { price: '0.35' } } }));

      const added = await onB({ method: 'POST', url: `/api/v1/carts/${otherCartId}/items/`, payload: { variant: 'MUG_S', quantity: 1 } });
      expect(added.statusCode).toBe(201);
      const line = JSON.parse(added.body) as { quantity: number; unitPrice: number; total: number; variant: { code: string; version: number; channelPricings: unknown } };
      expect([line.quantity, line.unitPrice, line.total, line.variant.code, line.variant.version, line.variant.channelPricings]).toEqual([
        1,
        35,
        35,
        'MUG_S',
        2,
        { WEB: { channelCode: 'WEB', price: 35 } },
      ]);
      expect(await totals(otherCartId)).toEqual({ lines: [['CAP_ONE', 1, 1000, 1000], ['MUG_S', 1, 35, 35]], itemsTotal: 1035, total: 1035 });
      // The cart that already held the variant keeps its totals until it changes, then is priced anew.
      expect(await totals(cartId)).toEqual({ lines: [['MUG_S', 2, 20, 40]], itemsTotal: 40, total: 40 });
      const itemId = await itemIdOf(t, cartId, 'MUG_S');
      expectNoContent(await onB({ method: 'PUT', url: `/api/v1/carts/${cartId}/items/${itemId}`, payload: { quantity: 3 } }));
      expect(await totals(cartId)).toEqual({ lines: [['MUG_S', 3, 35, 105]], itemsTotal: 105, total: 105 });
    });
  });
});
