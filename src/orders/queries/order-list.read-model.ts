import type { EntityManager } from '@mikro-orm/postgresql';
import { LIST_READ } from '../../database/replicas/list-read';
import { CART_LIST_FROM, CART_SELECT, cartsOf, type Cart, type CartRow } from './cart.read-model';
import type { PageWindow } from '../../common/pagination/page';
import type { PageRequest, SortDirection } from '../../common/pagination/page-request';

/** The list of placed orders (GET /orders/): each order in the list shape of carts, read by the cart read model's SQL. */
import type { OrderListFilters } from '../services/order-list-filters';

export const ORDER_LIST_SORTS = ['id', 'channel', 'number', 'date', 'customer', 'state', 'paymentState', 'shippingState', 'total', 'currencyCode'] as const;
export const ORDER_LIST_CRITERIA = ['number', 'customer', 'channel', 'date', 'total'] as const;
export type OrderListSort = (typeof ORDER_LIST_SORTS)[number];
export type OrderListCriterion = (typeof ORDER_LIST_CRITERIA)[number];
export type OrderListPageRequest = PageRequest<OrderListSort, OrderListCriterion>;

const SORT_COLUMNS: Record<OrderListSort, string> = {
  id: 'o.id',
  channel: 'ch.code',
  number: 'o.number',
  date: 'o.checkout_completed_at',
  customer: 'c.last_name',
  state: 'o.state',
  paymentState: 'o.payment_state',
  shippingState: 'o.shipping_state',
  total: 'o.total',
  currencyCode: 'o.currency_code',
};

/** Columns that can be null; a missing value sorts lowest, as in the customer-orders list. */
const NULLABLE_SORTS: ReadonlySet<OrderListSort> = new Set(['number', 'date', 'customer']);

/** `%` and `_` in a filter value match themselves. */
const likeEscaped = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const TEXT_PATTERNS = {
  contains: (value: string) => `%${likeEscaped(value)}%`,
  equal: (value: string) => likeEscaped(value),
  starts_with: (value: string) => `${likeEscaped(value)}%`,
  ends_with: (value: string) => `%${likeEscaped(value)}`,
} as const;
export type TextFilterType = keyof typeof TEXT_PATTERNS;
export const TEXT_FILTER_TYPES = Object.keys(TEXT_PATTERNS) as TextFilterType[];

/** Placed orders only (never carts), with the filters; every value is a bound parameter. */
function listWhere(filters: OrderListFilters): { sql: string; params: unknown[] } {
  const conditions = [`o.state <> 'cart'`];
  const params: unknown[] = [];
  if (filters.number) {
    conditions.push(`o.number ilike ?`);
    params.push(TEXT_PATTERNS[filters.number.type](filters.number.value));
  }
  if (filters.customer) {
    const pattern = TEXT_PATTERNS[filters.customer.type](filters.customer.value);
    conditions.push(`(c.email ilike ? or c.first_name ilike ? or c.last_name ilike ?)`);
    params.push(pattern, pattern, pattern);
  }
  if (filters.channel !== undefined) {
    conditions.push(filters.channel.id !== null ? 'ch.id = ?' : 'ch.code = ?');
    params.push(filters.channel.id ?? filters.channel.code);
  }
  if (filters.completedFrom) {
    conditions.push('o.checkout_completed_at >= ?');
    params.push(filters.completedFrom);
  }
  if (filters.completedBefore) {
    conditions.push('o.checkout_completed_at < ?');
    params.push(filters.completedBefore);
  }
  if (filters.completedUntil) {
    conditions.push('o.checkout_completed_at <= ?');
    params.push(filters.completedUntil);
  }
  if (filters.totalAbove !== undefined) {
    conditions.push('o.total > ?');
    params.push(filters.totalAbove);
  }
  if (filters.totalBelow !== undefined) {
    conditions.push('o.total < ?');
    params.push(filters.totalBelow);
  }
  if (filters.currency !== undefined) {
    conditions.push('o.currency_code = ?');
    params.push(filters.currency);
  }
  return { sql: `where ${conditions.join(' and ')}`, params };
}

const orderClause = (sorting: OrderListPageRequest['sorting']): string =>
  sorting
    .map(([field, direction]: [OrderListSort, SortDirection]) => {
      const nulls = NULLABLE_SORTS.has(field) ? (direction === 'asc' ? ' nulls first' : ' nulls last') : '';
      return `${SORT_COLUMNS[field]} ${direction}${nulls}`;
    })
    .join(', ');

/** How many placed orders match: one statement. */
export async function countPlacedOrders(em: EntityManager, filters: OrderListFilters): Promise<number> {
  const where = listWhere(filters);
  const [row] = await em.execute<Array<{ total: string | number }>>(`select count(*) as total ${CART_LIST_FROM} ${where.sql}`, where.params, LIST_READ);
  return Number(row.total);
}

/** One page of placed orders with their lines: the page's ids are picked first. */
export async function findPlacedOrderPage(em: EntityManager, request: OrderListPageRequest, filters: OrderListFilters, window: PageWindow): Promise<Cart[]> {
  const where = listWhere(filters);
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
