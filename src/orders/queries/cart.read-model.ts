import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageWindow } from '../../common/pagination/page';
import type { PageRequest, SortDirection } from '../../common/pagination/page-request';
import { canonicalEmail } from '../../customers/canonical-email';
import { namedRows, namedStatement } from '../../database/named-statements';
import { LIST_READ } from '../../database/replicas/list-read';
import { withDates, type Stored } from '../../database/stored-dates';
import { cartItemsJson, type Adjustment, type CartItem } from './cart-item.read-model';

/**
 * The cart read model (also the list shape of placed orders): the cart's own columns, its customer
 * (and account), channel and coupon, its adjustments, and its lines as the cart-item read model reads
 * them. One cart or a page of carts is one statement whatever the number of lines.
 */

export interface Cart {
  id: number;
  itemsTotal: number;
  adjustmentsTotal: number;
  total: number;
  currencyCode: string;
  localeCode: string;
  checkoutState: string;
  customerId: number;
  customerEmail: string;
  customerFirstName: string | null;
  customerLastName: string | null;
  userId: number | null;
  userUsername: string | null;
  userUsernameCanonical: string | null;
  userEnabled: boolean | null;
  channelId: number;
  channelCode: string;
  couponId: number | null;
  couponCode: string | null;
  couponUsed: number | null;
  couponUsageLimit: number | null;
  couponExpiresAt: Date | null;
  couponPromotionCode: string | null;
  adjustments: Adjustment[];
  items: CartItem[];
}

/** A row of CART_SELECT: timestamps as text. */
export type CartRow = Stored<Omit<Cart, 'items'>> & { items: CartItem[] };

/** Carts (`o`) with everything they show; callers append their own `where` and `order by`. */
export const CART_SELECT = `
  select o.id, o.items_total as "itemsTotal", o.adjustments_total as "adjustmentsTotal", o.total,
         o.currency_code as "currencyCode", o.locale_code as "localeCode", o.checkout_state as "checkoutState",
         c.id as "customerId", c.email as "customerEmail", c.first_name as "customerFirstName", c.last_name as "customerLastName",
         u.id as "userId", u.username as "userUsername", u.username_canonical as "userUsernameCanonical", u.enabled as "userEnabled",
         ch.id as "channelId", ch.code as "channelCode",
         pc.id as "couponId", pc.code as "couponCode", pc.used as "couponUsed", pc.usage_limit as "couponUsageLimit",
         pc.expires_at as "couponExpiresAt", pr.code as "couponPromotionCode",
         o.adjustments,
         ${cartItemsJson('o.id')} as items
    from orders o
    join customer c on c.id = o.customer_id
    left join shop_user u on u.customer_id = c.id
    join channel ch on ch.id = o.channel_id
    left join promotion_coupon pc on pc.id = o.promotion_coupon_id
    left join promotion pr on pr.id = pc.promotion_id`;

/** Joins the cart list filters need (customer and channel), without the JSON columns. */
export const CART_LIST_FROM = `
    from orders o
    join customer c on c.id = o.customer_id
    join channel ch on ch.id = o.channel_id`;

/** The carts read by CART_SELECT, their timestamps as Dates. */
export const cartsOf = (rows: CartRow[]): Cart[] => rows.map((row) => withDates<Cart>(row, ['couponExpiresAt']));

/**
 * A named statement (named-statements.ts): as text PostgreSQL spent 3.6 ms planning it and 0.4 ms running
 * it (10-line cart, shop_bench, 2026-11-26).
 */
const CART_BY_ID = namedStatement('cart_by_id', `${CART_SELECT} where o.id = $1 and o.checkout_state = 'cart'`);

// One JSON-building statement rather than the ORM: populating the cart graph through MikroORM cost ~29 ms
// of CPU per 10-line cart against ~3 ms for this query (in-process timing, 2026-11-24).
/** A cart by id (only orders still in checkout state `cart`) with its lines. */
export async function findCart(em: EntityManager, id: number): Promise<Cart | null> {
  const [cart] = cartsOf(await namedRows<CartRow>(em, CART_BY_ID, [id]));
  return cart ?? null;
}

const CART_OF_ORDER = namedStatement('cart_of_order', `${CART_SELECT} where o.id = $1`);

/**
 * The cart shape of an order whatever its checkout state, inside a write's transaction: what GET cart
 * answers while the checkout is still at `cart` (the cart events' data; past that step GET cart is a 404,
 * and the events still carry the cart's shape).
 */
export async function findCartShapeOf(tx: EntityManager, id: number): Promise<Cart | null> {
  const [cart] = cartsOf(await namedRows<CartRow>(tx, CART_OF_ORDER, [id]));
  return cart ?? null;
}

export const CART_SORTS = ['id', 'createdAt', 'updatedAt', 'total', 'itemsTotal'] as const;
export const CART_CRITERIA = ['customer', 'channel'] as const;
export type CartSort = (typeof CART_SORTS)[number];
export type CartCriterion = (typeof CART_CRITERIA)[number];
export type CartPageRequest = PageRequest<CartSort, CartCriterion>;

const SORT_COLUMNS: Record<CartSort, string> = {
  id: 'o.id',
  createdAt: 'o.created_at',
  updatedAt: 'o.updated_at',
  total: 'o.total',
  itemsTotal: 'o.items_total',
};

function listWhere(criteria: CartPageRequest['criteria']): { sql: string; params: unknown[] } {
  const conditions = [`o.checkout_state = 'cart'`];
  const params: unknown[] = [];
  if (criteria.customer !== undefined) {
    conditions.push('c.email_canonical = ?');
    params.push(canonicalEmail(criteria.customer));
  }
  if (criteria.channel !== undefined) {
    conditions.push('ch.code = ?');
    params.push(criteria.channel);
  }
  return { sql: `where ${conditions.join(' and ')}`, params };
}

const orderClause = (sorting: CartPageRequest['sorting']): string =>
  sorting.map(([field, direction]: [CartSort, SortDirection]) => `${SORT_COLUMNS[field]} ${direction}`).join(', ');

export async function countCarts(em: EntityManager, request: CartPageRequest): Promise<number> {
  const where = listWhere(request.criteria);
  const [row] = await em.execute<Array<{ total: string | number }>>(`select count(*) as total ${CART_LIST_FROM} ${where.sql}`, where.params, LIST_READ);
  return Number(row.total);
}

/** One page of carts with their lines: the page's ids are picked first, so only the carts shown are built. */
export async function findCartPage(em: EntityManager, request: CartPageRequest, window: PageWindow): Promise<Cart[]> {
  const where = listWhere(request.criteria);
  const order = orderClause(request.sorting);
  const rows = await em.execute<CartRow[]>(
    `${CART_SELECT}
      where o.id in (select o.id ${CART_LIST_FROM} ${where.sql} order by ${order} limit ? offset ?)
      order by ${order}`,
    [...where.params, window.limit, window.offset],
    LIST_READ,
  );
  return cartsOf(rows);
}
