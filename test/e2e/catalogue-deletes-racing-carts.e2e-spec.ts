import type { LightMyRequestResponse } from 'fastify';
import { sql, validationFailed } from '../support/cart-expectations';
import { AUTH, JSON_AUTH, loadShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const VARIANTS = Array.from({ length: 12 }, (_, index) => `RACE_MUG_${index + 1}`);
const CHANNELS = Array.from({ length: 8 }, (_, index) => `RACE_${index + 1}`);

const SHOP_YAML = `
locales: [en_US]
currencies: [USD]
channels:
  - {code: WEB, name: Web Channel, baseCurrency: USD, defaultLocale: en_US}
${CHANNELS.map((code) => `  - {code: ${code}, name: Channel ${code}, baseCurrency: USD, defaultLocale: en_US}`).join('\n')}
products:
  - code: RACE_MUG
    name: Race mug
    variants:
${VARIANTS.map((code) => `      - {code: ${code}, name: ${code}, channelPricings: {WEB: 700}}`).join('\n')}
customers:
  - {email: racer@example.com}
`;

const VARIANT_GONE = validationFailed({ children: { quantity: {}, variant: { errors: ['This value is not valid.'] } } });
const CHANNEL_GONE = validationFailed({ children: { customer: {}, localeCode: {}, channel: { errors: ['This value is not valid.'] } } });
const inUse = (resource: string) => ({ code: 409, message: `The ${resource} is in use and cannot be deleted.` });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const body = (response: LightMyRequestResponse): unknown => (response.body === '' ? undefined : JSON.parse(response.body));

/**
 * A cart write reads the variant it adds and the channel it is created in without locking them, so a
 * delete can commit between that read and the insert naming the row: the insert then fails on its foreign
 * key, and the write runs again, which meets the row's absence as the request's error. Each write sees the
 * row or answers its 400, each delete answers 204 or the in-use 409, never a 500.
 */
describe('catalogue deletes racing cart writes', () => {
  let t: TestApp;

  beforeAll(async () => {
    // On a server, enough connections for the writes and the delete to overlap.
    t = await startTestApp(process.env.TEST_DATABASE_URL ? { env: { DB_POOL_SIZE: '16' } } : {});
    await loadShop(t, SHOP_YAML);
  });
  afterAll(() => t?.close());

  const createCart = (channel: string) => t.inject({ method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: { customer: 'racer@example.com', localeCode: 'en_US', channel } });

  it('adding a variant while it is deleted answers 201 or the variant 400; the delete 204 only when no cart holds it', async () => {
    const carts: number[] = [];
    for (let index = 0; index < 4; index++) carts.push((JSON.parse((await createCart('WEB')).body) as { id: number }).id);
    await Promise.all(
      VARIANTS.map(async (variant, variantIndex) => {
        const adds = carts.map(async (cartId, index) => {
          await pause(index * 2);
          return t.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: { variant, quantity: 1 } });
        });
        const deletion = (async () => {
          await pause(1 + (variantIndex % 8));
          return t.inject({ method: 'DELETE', url: `/api/v1/products/RACE_MUG/variants/${variant}`, headers: AUTH });
        })();
        const [deleted, ...added] = await Promise.all([deletion, ...adds]);
        const addedStatuses = added.map((response) => {
          if (response.statusCode !== 201) expect({ variant, status: response.statusCode, body: body(response) }).toEqual({ variant, status: 400, body: VARIANT_GONE });
          return response.statusCode;
        });
        if (deleted.statusCode === 204) expect({ variant, added: addedStatuses }).toEqual({ variant, added: carts.map(() => 400) });
        else expect({ variant, status: deleted.statusCode, body: body(deleted), someAdded: addedStatuses.includes(201) }).toEqual({ variant, status: 409, body: inUse('product variant'), someAdded: true });
      }),
    );
    const lines = await sql<{ code: string }>(t, 'select distinct v.code from order_item i join product_variant v on v.id = i.variant_id');
    const kept = await sql<{ code: string }>(t, "select code from product_variant where code like 'RACE_MUG_%'");
    expect(lines.map((row) => row.code).sort()).toEqual(kept.map((row) => row.code).sort());
  });

  it('creating carts in a channel while it is deleted answers 201 or the channel 400; the delete 204 only when no cart is in it', async () => {
    await Promise.all(
      CHANNELS.map(async (channel, channelIndex) => {
        const creations = Array.from({ length: 4 }, async (_, index) => {
          await pause(index * 2);
          return createCart(channel);
        });
        const deletion = (async () => {
          await pause(1 + (channelIndex % 6));
          return t.inject({ method: 'DELETE', url: `/api/v1/channels/${channel}`, headers: AUTH });
        })();
        const [deleted, ...created] = await Promise.all([deletion, ...creations]);
        const createdStatuses = created.map((response) => {
          if (response.statusCode !== 201) expect({ channel, status: response.statusCode, body: body(response) }).toEqual({ channel, status: 400, body: CHANNEL_GONE });
          return response.statusCode;
        });
        if (deleted.statusCode === 204) expect({ channel, created: createdStatuses }).toEqual({ channel, created: [400, 400, 400, 400] });
        else expect({ channel, status: deleted.statusCode, body: body(deleted), someCreated: createdStatuses.includes(201) }).toEqual({ channel, status: 409, body: inUse('channel'), someCreated: true });
      }),
    );
  });
});
