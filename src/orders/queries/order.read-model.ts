import type { ConnectionType, EntityManager } from '@mikro-orm/postgresql';
import { namedRows, namedStatement } from '../../database/named-statements';
import { LIST_READ } from '../../database/replicas/list-read';
import { variantDisplayName, type NamedTranslation } from '../../catalog/product-name';
import type { PageWindow } from '../../common/pagination/page';
import type { PageRequest, SortDirection } from '../../common/pagination/page-request';
import { findChannelDetails, type ChannelDetail } from '../../channels/queries/channel.read-model';
import { findCustomerDetails, type CustomerDetail } from '../../customers/queries/customer.read-model';
import { findPaymentsOfOrders, type PaymentDetail } from '../../payments/queries/payment.read-model';
import { findShipmentsOfOrders, type ShipmentDetail } from '../../shipping/queries/shipment.read-model';
import { withDates, type Stored } from '../../database/stored-dates';
import type { ShippingCategoryDetail } from '../../shipping/categories/queries/shipping-category.read-model';
import type { TaxCategoryDetail } from '../../taxation/queries/tax-category.read-model';
import { CART_ITEM_COLUMNS, CART_ITEM_FROM, type Adjustment, type CartItem } from './cart-item.read-model';

/**
 * The order read model: every exposed field of an order, as the order resource, the customer-orders list
 * and the checkout summary show it. What belongs to the order (lines, units, adjustments, addresses,
 * coupon) is built by PostgreSQL in one statement; its customer, channel, payments and shipments come
 * from their own modules' read models, each read once for all the orders (the channels of the orders and
 * of their payment methods together). One order or a page of them costs the same five statements.
 */

/** An order line as in carts, plus the variant's stock, dimensions, full categories and descriptor name. */
export interface OrderItem extends CartItem {
  variantOnHold: number;
  variantOnHand: number;
  variantWeight: number | null;
  variantWidth: number | null;
  variantHeight: number | null;
  variantDepth: number | null;
  taxCategory: TaxCategoryDetail | null;
  shippingCategory: ShippingCategoryDetail | null;
  /** The variant's name in the order's locale (else its first), or its product's the same way; null when none. */
  variantDescriptorName: string | null;
}

export interface OrderAddress {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  countryCode: string;
  provinceCode: string | null;
  provinceName: string | null;
  street: string;
  city: string;
  postcode: string;
}

export interface OrderCoupon {
  id: number;
  code: string;
  used: number;
  usageLimit: number | null;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  perCustomerUsageLimit: number | null;
  promotionCode: string;
}

export interface Order {
  id: number;
  checkoutCompletedAt: Date | null;
  number: string | null;
  itemsTotal: number;
  adjustmentsTotal: number;
  total: number;
  state: string;
  currencyCode: string;
  localeCode: string;
  checkoutState: string;
  items: OrderItem[];
  adjustments: Adjustment[];
  customer: CustomerDetail;
  channel: ChannelDetail;
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  payments: PaymentDetail[];
  shipments: ShipmentDetail[];
  promotionCoupon: OrderCoupon | null;
}

const categoryJson = (alias: string) =>
  `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'name', ${alias}.name,
     'description', ${alias}.description, 'createdAt', ${alias}.created_at, 'updatedAt', ${alias}.updated_at) end`;

const ORDER_ITEM_SELECT = `
  select ${CART_ITEM_COLUMNS},
         v.on_hold as "variantOnHold", v.on_hand as "variantOnHand",
         v.weight as "variantWeight", v.width as "variantWidth", v.height as "variantHeight", v.depth as "variantDepth",
         ${categoryJson('tc')} as "taxCategory", ${categoryJson('sc')} as "shippingCategory",
         coalesce((select json_agg(json_build_object('id', dpt.id, 'locale', dpt.locale, 'name', dpt.name) order by dpt.id)
                     from product_translation dpt where dpt.product_id = p.id), '[]'::json) as "productTranslations"
  ${CART_ITEM_FROM}`;

const addressJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name,
     'phoneNumber', ${alias}.phone_number, 'countryCode', ${alias}.country_code, 'provinceCode', ${alias}.province_code,
     'provinceName', ${alias}.province_name, 'street', ${alias}.street, 'city', ${alias}.city, 'postcode', ${alias}.postcode)`;

const couponJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'used', ${alias}.used, 'usageLimit', ${alias}.usage_limit,
     'expiresAt', ${alias}.expires_at, 'createdAt', ${alias}.created_at, 'updatedAt', ${alias}.updated_at,
     'perCustomerUsageLimit', ${alias}.per_customer_usage_limit,
     'promotionCode', (select cpr.code from promotion cpr where cpr.id = ${alias}.promotion_id))`;

/** The columns of an order (`o`) with what it owns, as OrderRow. */
const ORDER_COLUMNS = `
         o.id, o.checkout_completed_at as "checkoutCompletedAt", o.number, o.items_total as "itemsTotal",
         o.adjustments_total as "adjustmentsTotal", o.total, o.state, o.currency_code as "currencyCode",
         o.locale_code as "localeCode", o.checkout_state as "checkoutState", o.customer_id as "customerId", o.channel_id as "channelId",
         coalesce((select json_agg(line order by line.id) from (${ORDER_ITEM_SELECT} where i.order_id = o.id) line), '[]'::json) as items,
         o.adjustments,
         (select ${addressJson('osa')} from address osa where osa.id = o.shipping_address_id) as "shippingAddress",
         (select ${addressJson('oba')} from address oba where oba.id = o.billing_address_id) as "billingAddress",
         (select ${couponJson('opc')} from promotion_coupon opc where opc.id = o.promotion_coupon_id) as "promotionCoupon"`;

const ORDER_BY_ID = namedStatement('order_by_id', `select ${ORDER_COLUMNS} from orders o where o.id = $1`);

type OrderItemRow = Omit<OrderItem, 'taxCategory' | 'shippingCategory' | 'variantDescriptorName'> & {
  productTranslations: NamedTranslation[];
  taxCategory: Stored<TaxCategoryDetail> | null;
  shippingCategory: Stored<ShippingCategoryDetail> | null;
};

/** A row of ORDER_COLUMNS: the order's own parts, and the ids of those other modules show. */
type OrderRow = Stored<Omit<Order, 'items' | 'customer' | 'channel' | 'payments' | 'shipments' | 'promotionCoupon'>> & {
  customerId: number;
  channelId: number;
  items: OrderItemRow[];
  promotionCoupon: Stored<OrderCoupon> | null;
};

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** A category read as JSON (as the line's variant shows it), its timestamps as Dates. */
const category = <T extends TaxCategoryDetail | ShippingCategoryDetail>(row: Stored<T> | null): T | null =>
  row === null ? null : withDates<T>(row, ['createdAt', 'updatedAt']);

/** The orders read by ORDER_COLUMNS, completed with their customers, channels, payments and shipments. */
async function withOrderParts(em: EntityManager, rows: OrderRow[], connectionType: ConnectionType = 'write'): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Independent reads; outside a transaction each runs on its own pooled connection. The channels of the
  // orders and of their payment methods are read together, once the payments are known.
  const readPayments = async () => {
    const found = await findPaymentsOfOrders(em, ids, connectionType);
    const channels = await findChannelDetails(em, [...rows.map((row) => row.channelId), ...found.channelIds], connectionType);
    return { channels, payments: groupBy(found.complete(channels), (payment) => payment.orderId) };
  };
  const readCustomers = () => findCustomerDetails(em, rows.map((row) => row.customerId), connectionType);
  const readShipments = () => findShipmentsOfOrders(em, ids, connectionType);
  // Inside a transaction (a write's events) every read goes over its one connection: one after another.
  const [customers, { channels, payments }, shipments] = em.isInTransaction()
    ? [await readCustomers(), await readPayments(), await readShipments()]
    : await Promise.all([readCustomers(), readPayments(), readShipments()]);
  return rows.map(({ customerId, channelId, items, promotionCoupon, ...order }) => ({
    ...withDates<Omit<Order, 'items' | 'customer' | 'channel' | 'payments' | 'shipments' | 'promotionCoupon'>>(order, ['checkoutCompletedAt']),
    items: items.map(({ productTranslations, ...item }) => ({
      ...item,
      taxCategory: category<TaxCategoryDetail>(item.taxCategory),
      shippingCategory: category<ShippingCategoryDetail>(item.shippingCategory),
      variantDescriptorName: variantDisplayName(item.variantTranslations, productTranslations, order.localeCode),
    })),
    customer: customers.get(customerId)!,
    channel: channels.get(channelId)!,
    payments: payments.get(order.id) ?? [],
    shipments: shipments.get(order.id) ?? [],
    promotionCoupon: promotionCoupon === null ? null : withDates<OrderCoupon>(promotionCoupon, ['expiresAt', 'createdAt', 'updatedAt']),
  }));
}

// The ORM populate of this graph measured ~500x slower than the JSON-building statement (customer-orders page, 2026-11-24).
/** Any order (carts included) with its whole graph. */
export async function findOrder(em: EntityManager, id: number): Promise<Order | null> {
  const rows = await namedRows<OrderRow>(em, ORDER_BY_ID, [id]);
  const [order] = await withOrderParts(em, rows);
  return order ?? null;
}

export const CUSTOMER_ORDER_SORTS = ['id', 'number', 'checkoutCompletedAt', 'updatedAt', 'total'] as const;
export const CUSTOMER_ORDER_CRITERIA = ['state', 'checkoutState', 'channel'] as const;
export type CustomerOrderSort = (typeof CUSTOMER_ORDER_SORTS)[number];
export type CustomerOrderCriterion = (typeof CUSTOMER_ORDER_CRITERIA)[number];
export type CustomerOrderPageRequest = PageRequest<CustomerOrderSort, CustomerOrderCriterion>;

const SORT_COLUMNS: Record<CustomerOrderSort, string> = {
  id: 'o.id',
  number: 'o.number',
  checkoutCompletedAt: 'o.checkout_completed_at',
  updatedAt: 'o.updated_at',
  total: 'o.total',
};

/** Carts have no number and no completion time; like the reference's database, a missing value sorts lowest. */
const NULLABLE_SORTS: ReadonlySet<CustomerOrderSort> = new Set(['number', 'checkoutCompletedAt']);

/** The page's conditions, numbered from `$1`, the customer's id; its values in that order. */
function customerOrdersWhere(customerId: number, criteria: CustomerOrderPageRequest['criteria']): { sql: string; params: unknown[] } {
  const conditions = ['o.customer_id = $1'];
  const params: unknown[] = [customerId];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (criteria.state !== undefined) add((p) => `o.state = ${p}`, criteria.state);
  if (criteria.checkoutState !== undefined) add((p) => `o.checkout_state = ${p}`, criteria.checkoutState);
  if (criteria.channel !== undefined) add((p) => `o.channel_id = (select id from channel where code = ${p})`, criteria.channel);
  return { sql: `where ${conditions.join(' and ')}`, params };
}

const customerOrdersOrder = (sorting: CustomerOrderPageRequest['sorting']): string =>
  sorting
    .map(([field, direction]: [CustomerOrderSort, SortDirection]) => {
      const nulls = NULLABLE_SORTS.has(field) ? (direction === 'asc' ? ' nulls first' : ' nulls last') : '';
      return `${SORT_COLUMNS[field]} ${direction}${nulls}`;
    })
    .join(', ');

// ORM populate of the page's graph: ~2.3-3.3 s per page; the JSON-building statement: ~5 ms (shop_bench, customer 8, 2026-11-24).
/**
 * Whether the customer exists, how many of its orders match, and the window's page of them with what
 * they own, in one statement (the page's ids are picked first, on the customer index); then their
 * customer, channels, payments and shipments (see withOrderParts). A page past the end comes back empty.
 */
export async function findCustomerOrderPage(
  em: EntityManager,
  customerId: number,
  request: CustomerOrderPageRequest,
  window: PageWindow,
): Promise<{ customerExists: boolean; total: number; orders: Order[] }> {
  const where = customerOrdersWhere(customerId, request.criteria);
  const order = customerOrdersOrder(request.sorting);
  // The page's own `total` is the order's; the count is `matching`.
  const limit = `$${where.params.length + 1}`;
  const offset = `$${where.params.length + 2}`;
  // One name per combination of criteria and sort (the statement's text), each from fixed fragments.
  const page = namedStatement(
    'customer_orders_page',
    `select matching."customerExists", matching.matching, page.*
       from (select exists (select 1 from customer where id = $1) as "customerExists",
                    (select count(*) from orders o ${where.sql}) as matching) matching
       left join lateral (
         select row_number() over (order by ${order}) as position, ${ORDER_COLUMNS}
           from orders o
          where o.id in (select o.id from orders o ${where.sql} order by ${order} limit ${limit} offset ${offset})) page on true
      order by page.position`,
  );
  const rows = await namedRows<OrderRow & { customerExists: boolean; matching: string | number; position: number | null }>(
    em,
    page,
    [...where.params, window.limit, window.offset],
    LIST_READ.connectionType,
  );
  const [{ customerExists, matching }] = rows;
  const found = rows.filter((row) => row.id !== null).map(({ customerExists: _exists, matching: _matching, position: _position, ...row }) => row);
  return { customerExists, total: Number(matching), orders: await withOrderParts(em, found, LIST_READ.connectionType) };
}
