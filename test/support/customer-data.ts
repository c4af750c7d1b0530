import type { EntityManager } from '@mikro-orm/postgresql';
import { canonicalEmail } from '../../src/customers/canonical-email';
import { hashPassword } from '../../src/auth/password-hasher';
import { TOKEN } from './seed-auth';

export const AUTH = { authorization: `Bearer ${TOKEN}` };

type Row = Record<string, unknown>;

async function insert(em: EntityManager, table: string, values: Row): Promise<number> {
  const columns = Object.keys(values);
  const rows = await em.getConnection().execute<Array<{ id: number }>>(
    `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')}) returning id`,
    Object.values(values),
  );
  return rows[0].id;
}

export function insertGroup(em: EntityManager, code: string, name: string): Promise<number> {
  return insert(em, 'customer_group', { code, name });
}

export interface CustomerRow {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  gender?: string;
  birthday?: Date | null;
  createdAt?: Date;
  groups?: number[];
  user?: { password?: string; enabled?: boolean; roles?: string[] };
}

/** A customer written straight to the database, optionally with a shop user and groups. */
export async function insertCustomer(em: EntityManager, customer: CustomerRow): Promise<{ id: number; userId: number | null }> {
  const now = customer.createdAt ?? new Date();
  const id = await insert(em, 'customer', {
    email: customer.email,
    email_canonical: canonicalEmail(customer.email),
    first_name: customer.firstName ?? null,
    last_name: customer.lastName ?? null,
    gender: customer.gender ?? 'u',
    birthday: customer.birthday ?? null,
    created_at: now,
    updated_at: now,
  });
  for (const groupId of customer.groups ?? []) {
    await em.getConnection().execute('insert into customer_customer_group (customer_id, customer_group_id) values (?, ?)', [id, groupId]);
  }
  let userId: number | null = null;
  if (customer.user) {
    userId = await insert(em, 'shop_user', {
      customer_id: id,
      username: customer.email,
      username_canonical: canonicalEmail(customer.email),
      password_hash: await hashPassword(customer.user.password ?? '123pa$$word'),
      roles: `{${(customer.user.roles ?? ['ROLE_USER']).join(',')}}`,
      enabled: customer.user.enabled ?? true,
      created_at: now,
      updated_at: now,
    });
  }
  return { id, userId };
}

/** Channel WEB (USD, en_US) that orders can point at. */
export async function insertChannel(em: EntityManager): Promise<number> {
  const currency = await insert(em, 'currency', { code: 'USD' });
  const now = new Date();
  const locale = await insert(em, 'locale', { code: 'en_US', created_at: now, updated_at: now });
  return insert(em, 'channel', { code: 'WEB', name: 'Web Channel', base_currency_id: currency, default_locale_id: locale, created_at: now, updated_at: now });
}

export interface InsertedOrder {
  id: number;
  itemId: number;
  addressIds: number[];
}

/** An order with one item, one unit, an adjustment on each level and shipping/billing addresses. */
export async function insertOrder(em: EntityManager, customerId: number, channelId: number, checkoutState: string): Promise<InsertedOrder> {
  const now = new Date();
  const address = () =>
    insert(em, 'address', { first_name: 'A', last_name: 'B', country_code: 'US', street: 'Main 1', city: 'Town', postcode: '12345', created_at: now, updated_at: now });
  const shipping = await address();
  const billing = await address();
  const placed = checkoutState !== 'cart';
  // The unit and the adjustments are JSON on the line and the order; their ids come from their sequences.
  const [valueIds] = await em.getConnection().execute<Array<{ unit: number; shipping: number; tax: number }>>(
    `select nextval('order_item_unit_id_seq')::int as unit, nextval('adjustment_id_seq')::int as shipping, nextval('adjustment_id_seq')::int as tax`,
  );
  const adjustment = (adjustmentId: number, type: string, label: string, amount: number) => ({ id: adjustmentId, type, label, amount, neutral: false, locked: false, originCode: null });
  const id = await insert(em, 'orders', {
    number: placed ? `0000000${customerId}${shipping}`.slice(-9) : null,
    state: placed ? 'new' : 'cart',
    checkout_state: checkoutState,
    currency_code: 'USD',
    locale_code: 'en_US',
    customer_id: customerId,
    channel_id: channelId,
    shipping_address_id: shipping,
    billing_address_id: billing,
    checkout_completed_at: placed ? now : null,
    created_at: now,
    updated_at: now,
    adjustments: JSON.stringify([adjustment(valueIds.shipping, 'shipping', 'Ship', 5)]),
  });
  const product = await insert(em, 'product', { code: `P${id}`, created_at: now, updated_at: now });
  const variant = await insert(em, 'product_variant', { code: `V${id}`, product_id: product, created_at: now, updated_at: now });
  const units = [{ id: valueIds.unit, adjustmentsTotal: 0, adjustments: [adjustment(valueIds.tax, 'tax', 'Tax', 1)] }];
  const itemId = await insert(em, 'order_item', { order_id: id, variant_id: variant, quantity: 1, unit_price: 20, units: JSON.stringify(units) });
  return { id, itemId, addressIds: [shipping, billing] };
}

export async function countRows(em: EntityManager, table: string, where = 'true', params: unknown[] = []): Promise<number> {
  const rows = await em.getConnection().execute<Array<{ n: string | number }>>(`select count(*) as n from "${table}" where ${where}`, params);
  return Number(rows[0].n);
}
