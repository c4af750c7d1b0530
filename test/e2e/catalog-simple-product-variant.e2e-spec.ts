import { expectJson, expectNoContent, idOf, sql } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { fullVariant, stamps, taxCategory, type VariantExpectation } from '../support/resource-expectations';
import { json, startTestApp, type TestApp } from '../support/test-app';

/**
 * The `variant` of a simple product's PUT and PATCH (one variant, no options: GIFT_CARD): its variant's
 * form, applied in the product's write with both events; `variant` in place of `options` in the 400 tree.
 * MUG has one variant but an option, CAP two variants, BAG none: for them `variant` is an extra field.
 */
const SHOP_YAML = `
locales: [en_US, de_DE]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
  - {code: MOBILE, name: Mobile Channel, baseCurrency: USD, defaultLocale: en_US}
taxCategories: [{code: std, name: Standard}]
productOptions:
  - code: MUG_SIZE
    name: Mug size
    values: [{code: MUG_SIZE_S, value: Size S}]
products:
  - code: GIFT_CARD
    translations: {en_US: {name: Gift card}}
    variants:
      - {code: GIFT_CARD_25, translations: {en_US: {name: Gift card 25}}, shippingRequired: false, channelPricings: {WEB: 2500}}
  - code: MUG
    name: Mug
    options: [MUG_SIZE]
    variants:
      - {code: MUG_S, name: Small mug, optionValues: [MUG_SIZE_S], channelPricings: {WEB: 20}}
  - code: CAP
    name: Cap
    variants:
      - {code: CAP_BLACK, name: Black cap, channelPricings: {WEB: 1599}}
      - {code: CAP_WHITE, name: White cap, channelPricings: {WEB: 1599}}
  - code: BAG
    name: Bag
`;

const NOT_VALID = 'This value is not valid.';
const EXTRA_FIELDS = 'This form should not contain extra fields.';
const PRICE_TOO_LOW = 'Price must be at least 0.01.';
const ON_HAND_NEGATIVE = 'On hand must be greater than or equal to 0.';
const PRICE_FOR_EVERY_CHANNEL = 'You must define price for every channel.';
const PRICES_FIRST = "You have to define product variants' prices for newly assigned channels first.";
const VERSION_STALE = 'Operated entity was previously modified.';

const LOCALES = ['en_US', 'de_DE'];
const TRANSLATION_FIELDS = ['name', 'slug', 'description', 'metaKeywords', 'metaDescription', 'shortDescription'];
const noTranslationErrors = () => Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, {}]));

/** The variant form's children without violations, for a simple product in this shop (no options). */
const VARIANT_CHILDREN = {
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
  channelPricings: { children: { WEB: { children: { price: {}, originalPrice: {} } }, MOBILE: { children: { price: {}, originalPrice: {} } } } },
  code: {},
  optionValues: { children: {} },
};

/**
 * The whole error body of a product write: `last` is the child in the place of `options` — `options`
 * for a product that is not simple, `variant` for a simple one.
 */
function productErrors(status: 400 | 409, last: { options: object } | { variant: object }, fields: Record<string, object> = {}, root?: string[]) {
  return {
    code: status,
    message: 'Validation Failed',
    errors: {
      ...(root !== undefined && { errors: root }),
      children: {
        enabled: {},
        translations: { children: Object.fromEntries(LOCALES.map((locale) => [locale, { children: noTranslationErrors() }])) },
        attributes: { children: [] },
        associations: { children: {} },
        channels: {},
        mainTaxon: {},
        productTaxons: {},
        code: {},
        ...fields,
        ...last,
      },
    },
  };
}

describe('catalog: the variant of a simple product', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await loadShop(t, SHOP_YAML);
  });

  const get = (url: string) => t.inject({ method: 'GET', url, headers: AUTH });
  const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown) => t.inject({ method, url, headers: JSON_AUTH, payload: JSON.stringify(payload) });
  const put = (code: string, payload: unknown) => send('PUT', `/api/v1/products/${code}`, payload);
  const patch = (code: string, payload: unknown) => send('PATCH', `/api/v1/products/${code}`, payload);
  const lastSequence = async () => Number((await sql<{ last: string }>(t, 'select last_sequence as last from event_counter'))[0].last);
  const eventsAfter = (after: number) => sql<{ type: string; data: unknown }>(t, 'select type, data from event where sequence > ? order by sequence', [after]);
  const shownProduct = async (code: string) => json(await get(`/api/v1/products/${code}`));
  const shownVariant = async (product: string, code: string) => json(await get(`/api/v1/products/${product}/variants/${code}`));
  /** Everything a refused write must leave as it was. */
  const state = async () => ({ giftCard: await shownProduct('GIFT_CARD'), events: await lastSequence() });

  const giftCardVariant = (v: Partial<VariantExpectation> = {}) =>
    fullVariant(t, { productCode: 'GIFT_CARD', code: 'GIFT_CARD_25', descriptor: 'Gift card 25 (GIFT_CARD_25)', position: 0, names: { en_US: 'Gift card 25' }, prices: { WEB: 2500 }, ...v });

  /** GIFT_CARD as GET must show it, with its one variant, written out in the serializer's key order (the fixture gives it no slug). */
  async function giftCard(p: { name: string; slug?: string; enabled: boolean; channels: string[]; variant: unknown }) {
    const id = await idOf(t, `select id from product where code = 'GIFT_CARD'`, []);
    const translationId = await idOf(t, `select id from product_translation where product_id = ? and locale = 'en_US'`, [id]);
    const channels = await sql<{ id: number; code: string; name: string }>(t, 'select id, code, name from channel where code in (select value from json_array_elements_text(?::json)) order by id', [
      JSON.stringify(p.channels),
    ]);
    return {
      id,
      code: 'GIFT_CARD',
      variants: [p.variant],
      attributes: [],
      options: [],
      associations: [],
      translations: { en_US: { locale: 'en_US', id: translationId, name: p.name, ...(p.slug !== undefined && { slug: p.slug }) } },
      taxons: [],
      ...(channels.length > 0 && { channels: channels.map((channel) => ({ id: channel.id, code: channel.code, name: channel.name })) }),
      enabled: p.enabled,
      averageRating: 0,
      ...(await stamps(t, 'product', 'id = ?', [id])),
      _links: { self: { href: '/api/v1/products/GIFT_CARD' }, variants: { href: '/api/v1/products/GIFT_CARD/variants/' } },
    };
  }

  it('PUT replaces the product and, as PUT of the variant, its variant: prices in major units, stock, tax category; the variant keeps its code', async () => {
    const slug = 'gift-voucher';
    const after = await lastSequence();
    expectNoContent(
      await put('GIFT_CARD', {
        enabled: true,
        translations: { en_US: { name: 'Gift voucher', slug } },
        channels: ['WEB'],
        variant: { version: 1, code: 'OTHER_CODE', translations: { en_US: { name: 'Voucher 25' } }, tracked: true, taxCategory: 'std', channelPricings: { WEB: { price: '24.99' } }, onHand: 40 },
      }),
    );
    const variant = await giftCardVariant({
      descriptor: 'Voucher 25 (GIFT_CARD_25)',
      names: { en_US: 'Voucher 25' },
      version: 2,
      tracked: true,
      onHand: 40,
      taxCategory: await taxCategory(t, { code: 'std', name: 'Standard' }),
      prices: { WEB: 2499 },
    });
    expect(await shownVariant('GIFT_CARD', 'GIFT_CARD_25')).toEqual(variant);
    const product = await giftCard({ name: 'Gift voucher', slug, enabled: true, channels: ['WEB'], variant });
    expect(await shownProduct('GIFT_CARD')).toEqual(product);
    // The variant's event first, then the product's (whose GET holds the variant), both in the write.
    expect(await eventsAfter(after)).toEqual([
      { type: 'product_variant.updated', data: variant },
      { type: 'product.updated', data: product },
    ]);
    // PUT of the variant: what it leaves out is cleared (shipping was not required, and still is not).
    expect(await sql(t, `select code, shipping_required from product_variant where product_id = (select id from product where code = 'GIFT_CARD')`)).toEqual([
      { code: 'GIFT_CARD_25', shipping_required: false },
    ]);
  });

  it('PATCH changes only what the variant is given, and a new channel with its price in one request; a PATCH changing nothing records nothing', async () => {
    const after = await lastSequence();
    expectNoContent(await patch('GIFT_CARD', { channels: ['WEB', 'MOBILE'], variant: { channelPricings: { MOBILE: { price: 3 } }, onHand: 7 } }));
    const variant = await giftCardVariant({ version: 2, onHand: 7, prices: { WEB: 2500, MOBILE: 300 } });
    expect(await shownVariant('GIFT_CARD', 'GIFT_CARD_25')).toEqual(variant);
    const product = await giftCard({ name: 'Gift card', enabled: true, channels: ['WEB', 'MOBILE'], variant });
    expect(await shownProduct('GIFT_CARD')).toEqual(product);
    expect(await eventsAfter(after)).toEqual([
      { type: 'product_variant.updated', data: variant },
      { type: 'product.updated', data: product },
    ]);

    const unchanged = await lastSequence();
    expectNoContent(await patch('GIFT_CARD', { variant: { onHand: '7', channelPricings: { MOBILE: { price: '3.00' } } } }));
    expect({ events: await lastSequence(), variant: await shownVariant('GIFT_CARD', 'GIFT_CARD_25') }).toEqual({ events: unchanged, variant });

    // Only the variant changes: the product's GET holds it, so the product is updated too.
    expectNoContent(await patch('GIFT_CARD', { variant: { onHand: 8 } }));
    expect((await eventsAfter(unchanged)).map((event) => event.type)).toEqual(['product_variant.updated', 'product.updated']);
    expect(await shownVariant('GIFT_CARD', 'GIFT_CARD_25')).toEqual(await giftCardVariant({ version: 3, onHand: 8, prices: { WEB: 2500, MOBILE: 300 } }));
  });

  it('judges the prices against the channels the product has after the write: the variant form\'s root error, or the product\'s without `variant`', async () => {
    const before = await state();
    expectJson(
      await patch('GIFT_CARD', { channels: ['WEB', 'MOBILE'], variant: { onHand: 1 } }),
      400,
      productErrors(400, { variant: { errors: [PRICE_FOR_EVERY_CHANNEL], children: { ...VARIANT_CHILDREN, onHand: {} } } }),
    );
    expectJson(await patch('GIFT_CARD', { channels: ['WEB', 'MOBILE'] }), 400, productErrors(400, { variant: {} }, {}, [PRICES_FIRST]));
    // A channel removed along with the variant's price there is one consistent change.
    expectNoContent(await patch('GIFT_CARD', { channels: ['MOBILE'], variant: { channelPricings: { MOBILE: { price: 1 } } } }));
    expectNoContent(await patch('GIFT_CARD', { channels: [], variant: { channelPricings: { WEB: null } } }));
    expect(await shownVariant('GIFT_CARD', 'GIFT_CARD_25')).toEqual(await giftCardVariant({ version: 3, prices: { MOBILE: 100 } }));
    expect(before.events).toBeLessThan(await lastSequence());
  });

  it("reports the variant's violations at `variant`, with the product's, in one 400 (whole body), and writes nothing", async () => {
    const before = await state();
    expectJson(
      await put('GIFT_CARD', {
        translations: { en_US: { name: 'Gift card', slug: 'gift-card' } },
        mainTaxon: 'nope',
        variant: { taxCategory: 'nope', channelPricings: { WEB: { price: 0 } }, onHand: -1, images: [] },
      }),
      400,
      productErrors(
        400,
        {
          variant: {
            errors: [EXTRA_FIELDS],
            children: {
              ...VARIANT_CHILDREN,
              taxCategory: { errors: [NOT_VALID] },
              channelPricings: { children: { WEB: { children: { price: { errors: [PRICE_TOO_LOW] }, originalPrice: {} } }, MOBILE: { children: { price: {}, originalPrice: {} } } } },
              onHand: { errors: [ON_HAND_NEGATIVE] },
            },
          },
        },
        { mainTaxon: { errors: [NOT_VALID] } },
      ),
    );
    expectJson(await patch('GIFT_CARD', { variant: 'cheap' }), 400, productErrors(400, { variant: { errors: [NOT_VALID] } }));
    // `options` is not a child of a simple product's form: `variant` has its place.
    expectJson(await patch('GIFT_CARD', { options: ['MUG_SIZE'] }), 400, productErrors(400, { variant: {} }, {}, [EXTRA_FIELDS]));
    expect(await state()).toEqual(before);
  });

  it("answers 409 with the form for a stale `variant.version`, and changes nothing", async () => {
    const before = await state();
    expectJson(
      await patch('GIFT_CARD', { enabled: false, variant: { version: 5, onHand: 3 } }),
      409,
      productErrors(409, { variant: { children: { ...VARIANT_CHILDREN, version: { errors: [VERSION_STALE] }, onHand: {} } } }),
    );
    expect(await state()).toEqual(before);
    expectNoContent(await patch('GIFT_CARD', { enabled: false, variant: { version: 1, onHand: 3 } }));
    expect(await shownVariant('GIFT_CARD', 'GIFT_CARD_25')).toEqual(await giftCardVariant({ version: 2, onHand: 3 }));
  });

  it('refuses `variant` as an extra field for a product that is not simple, and on POST; their trees list `options`', async () => {
    const rows = async () => ({ events: await lastSequence(), variants: await sql(t, 'select code, on_hand, version from product_variant order by id') });
    const before = await rows();
    const refused = productErrors(400, { options: {} }, {}, [EXTRA_FIELDS]);
    // One variant but an option; two variants; none.
    expectJson(await patch('MUG', { variant: { onHand: 1 } }), 400, refused);
    expectJson(await patch('CAP', { variant: { onHand: 1 } }), 400, refused);
    expectJson(await patch('BAG', { variant: {} }), 400, refused);
    expectJson(await send('POST', '/api/v1/products/', { code: 'NEW_CARD', variant: { onHand: 1 } }), 400, refused);
    expect(await rows()).toEqual(before);
    expect((await get('/api/v1/products/NEW_CARD')).statusCode).toBe(404);
  });
});
