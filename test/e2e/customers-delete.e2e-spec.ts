import { AUTH, countRows, insertChannel, insertCustomer, insertGroup, insertOrder } from '../support/customer-data';
import { CUSTOMER_NOT_FOUND } from '../support/customer-expectations';
import { seedAuth } from '../support/seed-auth';
import { json, startTestApp, type TestApp } from '../support/test-app';

describe('DELETE /api/v1/customers/{id}', () => {
  let t: TestApp;
  let channel: number;
  let vip: number;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp();
    await seedAuth(t.em());
    channel = await insertChannel(t.em());
    vip = await insertGroup(t.em(), 'VIP', 'Very important');
  });
  afterAll(() => t?.close());

  const del = (id: number) => t.inject({ method: 'DELETE', url: `/api/v1/customers/${id}`, headers: AUTH });
  const get = (id: number) => t.inject({ method: 'GET', url: `/api/v1/customers/${id}`, headers: AUTH });
  const customer = (withUser = true) =>
    insertCustomer(t.em(), { email: `delete${++counter}@example.com`, firstName: 'Del', user: withUser ? {} : undefined, groups: [vip] });
  const addressBookEntry = async (customerId: number) => {
    const now = new Date();
    const [row] = await t
      .em()
      .getConnection()
      .execute<Array<{ id: number }>>(
        "insert into address (customer_id, first_name, last_name, country_code, street, city, postcode, created_at, updated_at) values (?, 'A', 'B', 'US', 'S', 'C', 'P', ?, ?) returning id",
        [customerId, now, now],
      );
    return row.id;
  };

  it('deletes a customer: 204 with an empty body, then 404 on GET and DELETE', async () => {
    const { id } = await customer();
    const response = await del(id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(json(await get(id))).toEqual(CUSTOMER_NOT_FOUND);
    const again = await del(id);
    expect(again.statusCode).toBe(404);
    expect(json(again)).toEqual(CUSTOMER_NOT_FOUND);
  });

  it('deletes the user, the address book, the group memberships and the carts with everything in them', async () => {
    const { id, userId } = await customer();
    const bookAddress = await addressBookEntry(id);
    const cart = await insertOrder(t.em(), id, channel, 'cart');
    const otherCustomer = await customer();
    const otherCart = await insertOrder(t.em(), otherCustomer.id, channel, 'cart');

    expect((await del(id)).statusCode).toBe(204);

    const em = t.em();
    expect(await countRows(em, 'customer', 'id = ?', [id])).toBe(0);
    expect(await countRows(em, 'shop_user', 'id = ?', [userId])).toBe(0);
    expect(await countRows(em, 'customer_customer_group', 'customer_id = ?', [id])).toBe(0);
    expect(await countRows(em, 'address', 'id in (?, ?, ?)', [bookAddress, ...cart.addressIds])).toBe(0);
    expect(await countRows(em, 'orders', 'id = ?', [cart.id])).toBe(0);
    expect(await countRows(em, 'order_item', 'id = ?', [cart.itemId])).toBe(0);
    // The unit and the adjustments were JSON on the two rows above: they went with them.

    // Nobody else's data is touched.
    expect(await countRows(em, 'customer', 'id = ?', [otherCustomer.id])).toBe(1);
    expect(await countRows(em, 'orders', 'id = ?', [otherCart.id])).toBe(1);
    expect(await countRows(em, 'address', 'id in (?, ?)', otherCart.addressIds)).toBe(2);
    expect(await countRows(em, 'customer_group', 'id = ?', [vip])).toBe(1);
    expect((await get(otherCustomer.id)).statusCode).toBe(200);
  });

  it('refuses with 409 when the customer has placed an order, and deletes nothing', async () => {
    const { id, userId } = await customer();
    const bookAddress = await addressBookEntry(id);
    const cart = await insertOrder(t.em(), id, channel, 'cart');
    const order = await insertOrder(t.em(), id, channel, 'completed');

    const response = await del(id);
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).toBe('{"code":409,"message":"The customer has placed orders and cannot be deleted."}');

    const em = t.em();
    expect(await countRows(em, 'customer', 'id = ?', [id])).toBe(1);
    expect(await countRows(em, 'shop_user', 'id = ?', [userId])).toBe(1);
    expect(await countRows(em, 'customer_customer_group', 'customer_id = ?', [id])).toBe(1);
    expect(await countRows(em, 'orders', 'id in (?, ?)', [cart.id, order.id])).toBe(2);
    expect(await countRows(em, 'address', 'id in (?, ?, ?, ?, ?)', [bookAddress, ...cart.addressIds, ...order.addressIds])).toBe(5);
    expect(await countRows(em, 'order_item', 'order_id in (?, ?)', [cart.id, order.id])).toBe(2);
    expect((await get(id)).statusCode).toBe(200);
  });

  it('also refuses for an order that is past the cart step but not completed', async () => {
    const { id } = await customer(false);
    await insertOrder(t.em(), id, channel, 'addressed');
    expect((await del(id)).statusCode).toBe(409);
  });

  it('deletes a guest without orders', async () => {
    const { id } = await customer(false);
    expect((await del(id)).statusCode).toBe(204);
    expect((await get(id)).statusCode).toBe(404);
  });
});
