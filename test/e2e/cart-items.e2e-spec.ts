import type { LightMyRequestResponse } from 'fastify';
import { MAX_CART_UNITS } from '../../src/orders/domain/cart-limits';
import { CART_UNITS_EXCEEDED } from '../../src/orders/http/forms/cart-item.forms';
import type { IdMap } from '../../src/fixtures';
import {
  cart,
  channelRef,
  expectJson,
  expectNoContent,
  item,
  itemIdOf,
  notFound,
  oliver,
  sql,
  unitIds,
  validationFailed,
  variant,
  type VariantExpectation,
} from '../support/cart-expectations';
import { AUTH, CART_WITH_ITEMS_YAML, CART_YAML, JSON_AUTH, MORE_SHOP_YAML, reusableShop } from '../support/cart-fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const MUG_SW: VariantExpectation = { code: 'MUG_SW', position: 0, name: 'Star wars mug', optionValue: { code: 'MUG_SIZE_S', value: 'Size S' } };
const HARD_AVAILABLE: VariantExpectation = {
  code: 'HARD_AVAILABLE_MUG',
  position: 1,
  name: 'Breaking bad mug',
  optionValue: { code: 'MUG_SIZE_L', value: 'Size L' },
  tracked: true,
};

const quantityErrors = (message: string | null, variantErrors: string[] | null = null) => ({
  children: { quantity: message === null ? {} : { errors: [message] }, variant: variantErrors === null ? {} : { errors: variantErrors } },
});

describe('cart items', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const add = (cartId: number | string, payload: unknown): Promise<LightMyRequestResponse> =>
    t.inject({ method: 'POST', url: `/api/v1/carts/${cartId}/items/`, headers: JSON_AUTH, payload: payload as object });
  const change = (method: 'PUT' | 'PATCH', cartId: number | string, itemId: number | string, payload: unknown) =>
    t.inject({ method, url: `/api/v1/carts/${cartId}/items/${itemId}`, headers: JSON_AUTH, payload: payload as object });
  const remove = (cartId: number | string, itemId: number | string) => t.inject({ method: 'DELETE', url: `/api/v1/carts/${cartId}/items/${itemId}`, headers: AUTH });
  const show = async (cartId: number) => JSON.parse((await t.inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH })).body);

  describe('POST /api/v1/carts/{cartId}/items/ (reference cart.yml)', () => {
    let ids: IdMap;
    let cartId: number;
    const shop = reusableShop(() => t, CART_YAML, MORE_SHOP_YAML);
    beforeEach(async () => {
      await shop.ready();
      ids = shop.ids;
      cartId = ids.orders.order_001;
    });

    it('adds one unit and answers the line (the reference add_to_cart_response)', async () => {
      const response = await add(cartId, { variant: 'MUG_SW', quantity: 1 });
      const itemId = await itemIdOf(t, cartId, 'MUG_SW');
      const expected = item({ id: itemId, cartId, quantity: 1, unitPrice: 20, units: (await unitIds(t, itemId)).map((id) => ({ id })), variant: await variant(t, MUG_SW) });
      expectJson(response, 201, expected);
      expect(expected.units).toHaveLength(1);

      expectJson(
        await t.inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH }),
        200,
        cart({ id: cartId, items: [expected], itemsTotal: 20, total: 20, customer: oliver(ids.customers['oliver.queen@star-city.com']), channel: channelRef(ids.channels.WEB) }),
      );
    });

    it('adds three units: one unit per piece', async () => {
      const response = await add(cartId, { variant: 'HARD_AVAILABLE_MUG', quantity: 2 });
      const itemId = await itemIdOf(t, cartId, 'HARD_AVAILABLE_MUG');
      expectJson(response, 201, item({ id: itemId, cartId, quantity: 2, unitPrice: 20, units: (await unitIds(t, itemId)).map((id) => ({ id })), variant: await variant(t, HARD_AVAILABLE) }));

      const three = await add(cartId, { variant: 'MUG_SW', quantity: 3 });
      const swId = await itemIdOf(t, cartId, 'MUG_SW');
      const units = await unitIds(t, swId);
      expect(units).toHaveLength(3);
      expectJson(three, 201, item({ id: swId, cartId, quantity: 3, unitPrice: 20, units: units.map((id) => ({ id })), variant: await variant(t, MUG_SW) }));
      const shown = await show(cartId);
      expect([shown.items.map((line: { id: number; quantity: number }) => [line.id, line.quantity]), shown.itemsTotal, shown.total]).toEqual([
        [[itemId, 2], [swId, 3]],
        100,
        100,
      ]);
    });

    it('merges a variant already in the cart into its line', async () => {
      const first = JSON.parse((await add(cartId, { variant: 'MUG_SW', quantity: 1 })).body);
      const firstUnit = first.units[0].id as number;
      const merged = await add(cartId, { variant: 'MUG_SW', quantity: 2 });
      const units = await unitIds(t, first.id);
      expect(units[0]).toBe(firstUnit);
      expectJson(merged, 201, item({ id: first.id, cartId, quantity: 3, unitPrice: 20, units: units.map((id) => ({ id })), variant: await variant(t, MUG_SW) }));
      const shown = await show(cartId);
      expect([shown.items.length, shown.items[0].quantity, shown.items[0].units.length, shown.itemsTotal]).toEqual([1, 3, 3, 60]);
    });

    it('answers 400 with both fields blank for an empty body', async () => {
      expectJson(await add(cartId, {}), 400, validationFailed(quantityErrors('This value should not be blank.', ['This value should not be blank.'])));
    });

    it.each([
      [-1, 'Quantity of an order item cannot be lower than 1.'],
      [0, 'Quantity of an order item cannot be lower than 1.'],
      [10000, 'Quantity of an order item cannot be greater than 9999.'],
      ['abc', 'This value is not valid.'],
      ['2', 'This value is not valid.'],
      [1.5, 'This value is not valid.'],
      [null, 'This value should not be blank.'],
    ])('answers 400 for the quantity %j', async (quantity, message) => {
      expectJson(await add(cartId, { variant: 'MUG_SW', quantity }), 400, validationFailed(quantityErrors(message)));
      expect(await sql(t, 'select id from order_item where order_id = ?', [cartId])).toEqual([]);
    });

    it(`accepts a line of ${MAX_CART_UNITS} pieces, all a cart may hold, and refuses to merge beyond it or beyond 9999`, async () => {
      const response = await add(cartId, { variant: 'MUG_SW', quantity: MAX_CART_UNITS });
      expect(response.statusCode).toBe(201);
      const line = JSON.parse(response.body);
      expect([line.quantity, line.units.length, line.total]).toEqual([MAX_CART_UNITS, MAX_CART_UNITS, 20 * MAX_CART_UNITS]);
      expectJson(await add(cartId, { variant: 'MUG_SW', quantity: 1 }), 400, validationFailed(quantityErrors(CART_UNITS_EXCEEDED)));
      // Past the line's own ceiling too: that one is reported.
      expectJson(await add(cartId, { variant: 'MUG_SW', quantity: 9999 - MAX_CART_UNITS + 1 }), 400, validationFailed(quantityErrors('Quantity of an order item cannot be greater than 9999.')));
    });

    it.each([
      ['an unknown variant', 'NOPE', 'This value is not valid.'],
      ['a variant code of the wrong type', 42, 'This value is not valid.'],
      ['a variant without a price in the cart channel', 'PLATE_EU', "This variant is not available in the cart's channel."],
      ['a missing variant', undefined, 'This value should not be blank.'],
    ])('answers 400 for %s', async (_case, code, message) => {
      expectJson(await add(cartId, { ...(code !== undefined && { variant: code }), quantity: 1 }), 400, validationFailed(quantityErrors(null, [message])));
    });

    it('checks the stock of tracked variants on the resulting line quantity', async () => {
      const insufficient = validationFailed({ errors: ['Mug does not have sufficient stock.'], children: { quantity: {}, variant: {} } });
      expectJson(await add(cartId, { variant: 'HARD_AVAILABLE_MUG', quantity: 3 }), 400, insufficient);
      expect((await add(cartId, { variant: 'HARD_AVAILABLE_MUG', quantity: 1 })).statusCode).toBe(201);
      expectJson(await add(cartId, { variant: 'HARD_AVAILABLE_MUG', quantity: 2 }), 400, insufficient);
      expect((await add(cartId, { variant: 'HARD_AVAILABLE_MUG', quantity: 1 })).statusCode).toBe(201);
      expect((await show(cartId)).items.map((line: { quantity: number }) => line.quantity)).toEqual([2]);
      // Untracked variants are never short.
      expect((await add(cartId, { variant: 'MUG_SW', quantity: 200 })).statusCode).toBe(201);
    });

    it('rejects unknown fields at form level', async () => {
      const response = await add(cartId, { variant: 'MUG_SW', quantity: 1, unitPrice: 1 });
      expectJson(response, 400, validationFailed({ errors: ['This form should not contain extra fields.'], children: { quantity: {}, variant: {} } }));
    });

    it.each(['424242', '-1', 'abc'])('answers 404 "cart" for the cart %s, before validating', async (id) => {
      expectJson(await add(id, {}), 404, notFound('cart'));
    });

    it('answers 404 "cart" for a placed order', async () => {
      expectJson(await add(ids.orders.placed_order, { variant: 'MUG_SW', quantity: 1 }), 404, notFound('cart'));
    });
  });

  describe('PUT|PATCH|DELETE /api/v1/carts/{cartId}/items/{itemId} (reference cart_with_items.yml)', () => {
    let ids: IdMap;
    let cartId: number;
    let swItem: number;
    let hardItem: number;
    const shop = reusableShop(() => t, CART_WITH_ITEMS_YAML);
    beforeEach(async () => {
      await shop.ready();
      ids = shop.ids;
      cartId = ids.orders.cart_with_items;
      swItem = ids.orderItems.sw_mug_item;
      hardItem = ids.orderItems.hard_available_mug_item;
    });

    const swVariant = () => variant(t, { code: 'MUG_SW', position: 0, name: 'Star wars mug' });
    const hardVariant = () => variant(t, { code: 'HARD_AVAILABLE_MUG', position: 3, name: 'Hard available mug', tracked: true });
    const expectedCart = (lines: unknown[], itemsTotal: number) =>
      cart({ id: cartId, items: lines, itemsTotal, total: itemsTotal, customer: oliver(ids.customers['oliver.queen@star-city.com']), channel: channelRef(ids.channels.WEB) });

    it('raises a quantity (the reference increase_quantity_response): new units, recomputed totals', async () => {
      const before = await unitIds(t, swItem);
      expectNoContent(await change('PUT', cartId, swItem, { quantity: 3 }));
      const after = await unitIds(t, swItem);
      expect(after.slice(0, 2)).toEqual(before);
      expectJson(
        await t.inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH }),
        200,
        expectedCart(
          [
            item({ id: swItem, cartId, quantity: 3, unitPrice: 20, units: after.map((id) => ({ id })), variant: await swVariant() }),
            item({ id: hardItem, cartId, quantity: 1, unitPrice: 20, units: (await unitIds(t, hardItem)).map((id) => ({ id })), variant: await hardVariant() }),
          ],
          80,
        ),
      );
    });

    it('lowers a quantity with PATCH, removing the oldest units first', async () => {
      expectNoContent(await change('PUT', cartId, swItem, { quantity: 4 }));
      const four = await unitIds(t, swItem);
      expectNoContent(await change('PATCH', cartId, swItem, { quantity: 1 }));
      expect(await unitIds(t, swItem)).toEqual(four.slice(3));
      const shown = await show(cartId);
      expect([shown.items[0].quantity, shown.items[0].units.map((u: { id: number }) => u.id), shown.items[0].total, shown.itemsTotal, shown.total]).toEqual([
        1,
        four.slice(3),
        20,
        40,
        40,
      ]);
    });

    it('deletes a line (the reference recalculated_items_total_response)', async () => {
      expectNoContent(await remove(cartId, hardItem));
      expectJson(
        await t.inject({ method: 'GET', url: `/api/v1/carts/${cartId}`, headers: AUTH }),
        200,
        expectedCart([item({ id: swItem, cartId, quantity: 2, unitPrice: 20, units: (await unitIds(t, swItem)).map((id) => ({ id })), variant: await swVariant() })], 40),
      );
      // Its units were JSON on the line's row, gone with it.
      expect(await sql(t, 'select id from order_item where id = ?', [hardItem])).toEqual([]);
      expectJson(await remove(cartId, hardItem), 404, notFound('cart item'));
    });

    it('checks the stock of the new quantity (onHand 2, onHold 1)', async () => {
      expectJson(
        await change('PUT', cartId, hardItem, { quantity: 2 }),
        400,
        validationFailed({ errors: ['Mug does not have sufficient stock.'], children: { quantity: {} } }),
      );
      expectNoContent(await change('PUT', cartId, hardItem, { quantity: 1 }));
    });

    it('rejects variant on update as an extra field (the reference body)', async () => {
      expectJson(
        await change('PUT', cartId, swItem, { quantity: 2, variant: 'MUG_BB' }),
        400,
        validationFailed({ errors: ['This form should not contain extra fields.'], children: { quantity: {} } }),
      );
    });

    it.each([
      ['PUT', { quantity: 0 }, 'Quantity of an order item cannot be lower than 1.'],
      ['PUT', { quantity: -1 }, 'Quantity of an order item cannot be lower than 1.'],
      ['PATCH', { quantity: 10000 }, 'Quantity of an order item cannot be greater than 9999.'],
      ['PATCH', { quantity: 'abc' }, 'This value is not valid.'],
      ['PATCH', {}, 'This value should not be blank.'],
      ['PUT', {}, 'This value should not be blank.'],
    ] as const)('%s %j answers 400 and changes nothing', async (method, payload, message) => {
      expectJson(await change(method, cartId, swItem, payload), 400, validationFailed({ children: { quantity: { errors: [message] } } }));
      expect((await show(cartId)).items[0].quantity).toBe(2);
    });

    it('answers 404 for an item of another cart, and leaves that item alone', async () => {
      const other = JSON.parse(
        (await t.inject({ method: 'POST', url: '/api/v1/carts/', headers: JSON_AUTH, payload: { customer: 'oliver.queen@star-city.com', localeCode: 'en_US', channel: 'WEB' } })).body,
      ).id as number;
      expectJson(await change('PUT', other, swItem, { quantity: 1 }), 404, notFound('cart item'));
      expectJson(await change('PATCH', other, swItem, { quantity: 1 }), 404, notFound('cart item'));
      expectJson(await remove(other, swItem), 404, notFound('cart item'));
      expect((await show(cartId)).items.map((line: { quantity: number }) => line.quantity)).toEqual([2, 1]);
    });

    it.each(['424242', '-1', 'abc', '0'])('answers 404 "cart item" for the item %s', async (itemId) => {
      expectJson(await change('PUT', cartId, itemId, { quantity: 1 }), 404, notFound('cart item'));
      expectJson(await remove(cartId, itemId), 404, notFound('cart item'));
    });

    it('answers 404 "cart" for an unknown cart, whatever the item', async () => {
      expectJson(await change('PUT', 424242, swItem, { quantity: 1 }), 404, notFound('cart'));
      expectJson(await change('PATCH', 'abc', 'abc', { quantity: 'x' }), 404, notFound('cart'));
      expectJson(await remove(424242, swItem), 404, notFound('cart'));
    });
  });
});
