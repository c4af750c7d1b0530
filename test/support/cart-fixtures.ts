import type { EntityManager } from '@mikro-orm/postgresql';
import { inWriteTransaction } from '../../src/database/write-transaction';
import { engineOrderHooks, loadFixtures, parseFixtureYaml, type IdMap } from '../../src/fixtures';
import type { TestApp } from './test-app';
import { TOKEN } from './seed-auth';

export const AUTH = { authorization: `Bearer ${TOKEN}` };
export const JSON_AUTH = { ...AUTH, 'content-type': 'application/json' };


/** The reference suite's API administrator, OAuth client and pre-issued token. */
export const AUTH_YAML = `
adminUsers: [{username: sylius, email: api@sylius.com, password: sylius, roles: [ROLE_API_ACCESS], localeCode: en_US}]
oauthClients: [{clientId: client_id, secret: secret, grantTypes: [password, refresh_token]}]
accessTokens: [{token: ${TOKEN}, client: client_id, user: sylius, expiresAt: null}]
`;

/** The shop of the reference `cart.yml`: channel WEB, Oliver Queen, the MUG product with two variants. */
export const CART_YAML = `
locales: [en_US]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, hostname: localhost, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
productOptions:
  - code: MUG_SIZE
    name: Mug size
    values: [{code: MUG_SIZE_S, value: Size S}, {code: MUG_SIZE_L, value: Size L}]
  - code: MUG_COLOR
    name: Mug color
    values: [{code: MUG_COLOR_RED, value: Red}]
products:
  - code: MUG
    name: Mug
    options: [MUG_SIZE]
    variants:
      - {code: MUG_SW, name: Star wars mug, position: 0, optionValues: [MUG_SIZE_S], channelPricings: {WEB: 20}}
      - {code: HARD_AVAILABLE_MUG, name: Breaking bad mug, position: 1, optionValues: [MUG_SIZE_L], tracked: true, onHand: 2, onHold: 0, channelPricings: {WEB: 20}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - {ref: order_001, customer: oliver.queen@star-city.com, channel: WEB, localeCode: en_US, currencyCode: USD}
`;

/** The shop of the reference `cart_with_items.yml`: four mug variants and a cart with two lines. */
export const CART_WITH_ITEMS_YAML = `
locales: [en_US]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, hostname: localhost, baseCurrency: USD, defaultLocale: en_US, taxCalculationStrategy: order_items_based}
products:
  - code: MUG
    name: Mug
    variants:
      - {code: MUG_SW, name: Star wars mug, position: 0, channelPricings: {WEB: 20}}
      - {code: MUG_LOTR, name: Lord of the rings mug, position: 1, channelPricings: {WEB: 20}}
      - {code: MUG_BB, name: Breaking bad mug, position: 2, channelPricings: {WEB: 20}}
      - {code: HARD_AVAILABLE_MUG, name: Hard available mug, position: 3, tracked: true, onHand: 2, onHold: 1, channelPricings: {WEB: 20}}
customers:
  - {email: oliver.queen@star-city.com, firstName: Oliver, lastName: Queen}
orders:
  - ref: cart_with_items
    customer: oliver.queen@star-city.com
    channel: WEB
    localeCode: en_US
    items:
      - {ref: sw_mug_item, variant: MUG_SW, quantity: 2}
      - {ref: hard_available_mug_item, variant: HARD_AVAILABLE_MUG, quantity: 1}
`;

/** Empties the test database and loads the auth fixtures plus the given documents (engine-priced orders). */
export async function loadShop(t: TestApp, ...documents: string[]): Promise<IdMap> {
  const sources = [AUTH_YAML, ...documents].map((yaml, index) => ({ file: `test-${index}.yaml`, data: parseFixtureYaml(`test-${index}.yaml`, yaml) }));
  return inWriteTransaction(t.em(), (em: EntityManager) => loadFixtures(em, sources, { purge: true, now: new Date(), outbox: t.outbox }, engineOrderHooks));
}

/**
 * Added to `CART_YAML`: a EUR channel, a disabled channel, a locale no channel offers, a variant priced
 * only in the EUR channel, a payment method, a customer with an account, one without names, and a placed order.
 */
export const MORE_SHOP_YAML = `
locales: [de_DE, fr_FR]
currencies: [EUR]
channels:
  - {code: EU_WEB, name: European Web Store, baseCurrency: EUR, defaultLocale: de_DE, locales: [de_DE, en_US]}
  - {code: CLOSED, name: Closed Store, enabled: false, baseCurrency: USD, defaultLocale: en_US}
paymentMethods: [{code: cash_on_delivery, name: Cash on delivery, channels: [WEB]}]
products:
  - code: PLATE
    name: Plate
    variants:
      - {code: PLATE_EU, name: European plate, channelPricings: {EU_WEB: 30}}
  - code: GIFT_CARD
    name: Gift card
    variants:
      - {code: GIFT_CARD_10, name: Gift card 10, shippingRequired: false, channelPricings: {WEB: 1000}}
customers:
  - email: Roy@doe.com
    firstName: Roy
    lastName: Doe
    user: {password: 123pa$$word, enabled: true}
  - {email: barry@doe.com}
orders:
  - {ref: placed_order, customer: oliver.queen@star-city.com, channel: WEB, checkoutState: completed, items: [{variant: GIFT_CARD_10, quantity: 1}]}
`;

// Units and adjustments are JSON on their lines and orders: counted there, at every level.
const CARTS_FINGERPRINT = `
  select concat_ws(':', (select count(*) from orders), (select max(updated_at) from orders), (select count(*) from order_item),
                   (select coalesce(sum(quantity), 0) from order_item), (select coalesce(sum(jsonb_array_length(units)), 0) from order_item),
                   (select coalesce(sum(jsonb_array_length(adjustments)), 0) from orders)
                     + (select coalesce(sum(jsonb_array_length(i.adjustments)), 0) from order_item i)
                     + (select count(*) from order_item i cross join jsonb_array_elements(i.units) u cross join jsonb_array_elements(u->'adjustments') a)) as fingerprint`;

/**
 * A shop loaded once and loaded again before a test only when an earlier test changed orders, lines,
 * units or adjustments (requests that fail change nothing, so most error cases share one load).
 */
export function reusableShop(app: () => TestApp, ...documents: string[]) {
  let ids: IdMap | null = null;
  let loadedFingerprint = '';
  const fingerprint = async (): Promise<string> => {
    const [row] = await app().em().getConnection().execute<Array<{ fingerprint: string }>>(CARTS_FINGERPRINT);
    return row.fingerprint;
  };
  return {
    /** Call in beforeEach. */
    async ready(): Promise<void> {
      if (ids !== null && (await fingerprint()) === loadedFingerprint) return;
      ids = await loadShop(app(), ...documents);
      loadedFingerprint = await fingerprint();
    },
    get ids(): IdMap {
      if (ids === null) throw new Error('reusableShop.ready() has not run');
      return ids;
    },
  };
}
