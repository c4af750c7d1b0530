import type { EntityManager } from '@mikro-orm/postgresql';
import { productNameIn, type NamedTranslation } from '../../catalog/product-name';
import { namedRows, namedStatement } from '../../database/named-statements';
import { OrderAggregate } from '../domain/order-aggregate';
import { Order } from '../domain/order.entity';
import type { TaxCalculationStrategy } from '../pricing/engine';
import type { CouponFacts, VariantFacts } from '../pricing/pricing-facts';
import { shopConfigurationAt } from '../pricing/shop-configuration-cache';

/** A variant's facts as read: its names still as translations (the name rule picks one in TypeScript). */
type VariantRow = Omit<VariantFacts, 'name' | 'productName' | 'translatedProductName'> & {
  variantTranslations: NamedTranslation[];
  productTranslations: NamedTranslation[];
};

interface CouponRow {
  id: number;
  promotionId: number;
  code: string;
  usageLimit: number | null;
  perCustomerUsageLimit: number | null;
  expiresAt: string | null;
  used: number;
}

interface OrderFactsRow {
  rowVersion: string;
  snapshotVersion: string;
  channelId: number;
  channelCode: string;
  channelName: string;
  taxCalculationStrategy: TaxCalculationStrategy | null;
  defaultTaxZoneCode: string | null;
  configurationVersion: string | null;
  customerId: number;
  customerHasAccount: boolean;
  groupCodes: string[];
  /** Per coupon (null: none): the customer's placed orders not cancelled, and those that count toward its per-customer limit. */
  customerOrders: Array<{ couponCode: string | null; orders: number; couponUses: number }>;
  storedCouponCode: string | null;
  coupon: CouponRow | null;
  countryCode: string | null;
  provinceCode: string | null;
  shipmentMethodCode: string | null;
  paymentMethodCode: string | null;
  addedVariantId: number | null;
  appliedPromotionIds: number[];
  promotionUsage: Array<[number, number]>;
  variants: VariantRow[];
}

/**
 * Everything pricing reads about one order besides its entities, in one statement, each list aggregated
 * on its own (no joined row product): its applied promotions, the facts of its variants (and of the one
 * about to be added), its channel, its customer's groups and placed orders, the channel's promotion
 * usage, its coupon (or the one it is about to get) and the shop configuration version. Every value is
 * bound: whether to read the coupon `code` instead of the stored one, that code, the variant code to add
 * (or null), the order id, whether only a cart will do.
 */
const ORDER_FACTS = `
  select o.xmin::text as "rowVersion", (select xmin::text from orders so where so.id = o.id) as "snapshotVersion",
         ch.id as "channelId", ch.code as "channelCode", ch.name as "channelName", ch.tax_calculation_strategy as "taxCalculationStrategy",
         tz.code as "defaultTaxZoneCode", o.customer_id as "customerId", pc.code as "storedCouponCode",
         a.country_code as "countryCode", a.province_code as "provinceCode",
         (select version::text from shop_configuration_version where id = 1) as "configurationVersion",
         (select sm.code from shipment s join shipping_method sm on sm.id = s.method_id where s.order_id = o.id order by s.id limit 1)
           as "shipmentMethodCode",
         (select pm.code from payment p left join payment_method pm on pm.id = p.method_id where p.order_id = o.id and p.state = 'cart'
           order by p.id desc limit 1) as "paymentMethodCode",
         added.id as "addedVariantId",
         coalesce((select json_agg(op.promotion_id order by op.promotion_id) from order_promotion op where op.order_id = o.id), '[]'::json)
           as "appliedPromotionIds",
         coalesce((
           select json_agg(json_build_object(
                    'id', v.id, 'code', v.code, 'productCode', p.code, 'productEnabled', p.enabled, 'shippingRequired', v.shipping_required,
                    'tracked', v.tracked, 'onHand', v.on_hand, 'onHold', v.on_hold,
                    'price', cp.price, 'taxCategoryCode', tc.code, 'shippingCategoryCode', sc.code,
                    'variantTranslations', coalesce((select json_agg(json_build_object('id', vt.id, 'locale', vt.locale, 'name', vt.name) order by vt.id)
                                                       from product_variant_translation vt where vt.variant_id = v.id), '[]'::json),
                    'productTranslations', coalesce((select json_agg(json_build_object('id', pt.id, 'locale', pt.locale, 'name', pt.name) order by pt.id)
                                                       from product_translation pt where pt.product_id = p.id), '[]'::json),
                    'taxonCodes', coalesce((select json_agg(t.code order by t.id) from product_taxon ptx join taxon t on t.id = ptx.taxon_id
                                             where ptx.product_id = p.id), '[]'::json)
                  ) order by v.id)
             from product_variant v
             join product p on p.id = v.product_id
             left join channel_pricing cp on cp.variant_id = v.id and cp.channel_code = ch.code
             left join tax_category tc on tc.id = v.tax_category_id
             left join shipping_category sc on sc.id = v.shipping_category_id
            where v.id in (select i.variant_id from order_item i where i.order_id = o.id) or v.id = added.id), '[]'::json) as variants,
         coalesce((
           select json_agg(json_build_object('couponCode', used.code, 'orders', used.orders, 'couponUses', used.coupon_uses))
             from (select upc.code, count(*) filter (where placed.state <> 'cancelled') as orders,
                          count(*) filter (where placed.state <> 'cancelled' or not upc.reusable_from_cancelled_orders) as coupon_uses
                     from orders placed left join promotion_coupon upc on upc.id = placed.promotion_coupon_id
                    where placed.customer_id = o.customer_id and placed.state <> 'cart'
                    group by upc.code) used), '[]'::json) as "customerOrders",
         exists (select 1 from shop_user su where su.customer_id = o.customer_id) as "customerHasAccount",
         coalesce((select json_agg(g.code order by g.id) from customer_customer_group cg join customer_group g on g.id = cg.customer_group_id
                    where cg.customer_id = o.customer_id), '[]'::json) as "groupCodes",
         coalesce((select json_agg(json_build_array(pr.id, pr.used))
                     from promotion pr
                    where exists (select 1 from promotion_channel prc where prc.promotion_id = pr.id and prc.channel_id = o.channel_id)), '[]'::json)
           as "promotionUsage",
         (select json_build_object('id', c.id, 'promotionId', c.promotion_id, 'code', c.code, 'usageLimit', c.usage_limit,
                                   'perCustomerUsageLimit', c.per_customer_usage_limit, 'expiresAt', c.expires_at, 'used', c.used)
            from promotion_coupon c where c.code = (case when $1::boolean then $2::text else pc.code end)) as coupon
    from orders o
    join channel ch on ch.id = o.channel_id
    left join zone tz on tz.id = ch.default_tax_zone_id
    left join promotion_coupon pc on pc.id = o.promotion_coupon_id
    left join address a on a.id = o.shipping_address_id
    left join product_variant added on added.code = $3::text
   where o.id = $4::int and (not $5::boolean or o.checkout_state = 'cart')`;

/**
 * The same, locking the order row until the transaction ends: the lock and the facts in one round trip.
 * Under READ COMMITTED a statement that had to wait for the lock gets the locked row as the winner
 * committed it, but its sub-selects still see the snapshot taken before the wait; the row's `xmin` read
 * both ways tells (every change of an order writes its row), and the read is then repeated.
 */
const ORDER_FACTS_LOCKED = `${ORDER_FACTS}
     for update of o`;

/**
 * Both as named statements (named-statements.ts): as text PostgreSQL planned the facts in 3.8 ms and ran
 * them in 1.3 ms (add item to a 10-line cart, shop_bench, 2026-11-29); prepared they run in 0.6 ms.
 */
const FACTS = namedStatement('order_facts', ORDER_FACTS);
const FACTS_LOCKED = namedStatement('order_facts_locked', ORDER_FACTS_LOCKED);

export interface LoadOrderOptions {
  /** Read this coupon (null: none) instead of the order's own: the order is about to get it. */
  couponCode?: string | null;
  /**
   * The code of a variant about to be added: its facts are read with the order, without a lock. Locking it
   * here would take it before the order row (FOR UPDATE OF o locks after the joins are read) and break the
   * lock order; the new line's insert key-share-locks it at the flush instead, after the order.
   */
  addedVariantCode?: string;
}

/**
 * The entities one command changes: the order with its lines, shipments and payments, through MikroORM in
 * one statement (joined: a cart has one shipment and one or two payments, so the rows multiply little).
 * Read after the lock is held, so it sees the order as the last change committed it; `refresh` replaces
 * whatever the EntityManager held of it.
 */
async function orderEntities(em: EntityManager, orderId: number): Promise<Order> {
  const order = await em.findOne(Order, orderId, {
    populate: ['items', 'shipments', 'payments'],
    strategy: 'joined',
  });
  if (order === null) throw new Error(`Order ${orderId} went away under its lock`);
  return order;
}

export interface LockOrderOptions extends LoadOrderOptions {
  /** Only a cart (checkout state `cart`): any other order counts as missing. */
  cartsOnly?: boolean;
}

const factsParams = (orderId: number, options: LockOrderOptions) => [
  options.couponCode !== undefined,
  options.couponCode ?? null,
  options.addedVariantCode ?? null,
  orderId,
  options.cartsOnly === true,
];

/** The facts of an order with the order row locked; null when there is no such order. */
async function lockedFacts(em: EntityManager, orderId: number, options: LockOrderOptions): Promise<OrderFactsRow | null> {
  const [row] = await namedRows<OrderFactsRow>(em, FACTS_LOCKED, factsParams(orderId, options));
  if (row === undefined || row.rowVersion === row.snapshotVersion) return row ?? null;
  // Waited for a change of the order to commit: read again under the lock, now held.
  const [fresh] = await namedRows<OrderFactsRow>(em, FACTS, factsParams(orderId, options));
  return fresh ?? null;
}

/**
 * Locks the order row until the transaction ends and loads the order aggregate (see loadOrder): changes
 * of one order then run one after another. Null when there is no such order (or no such cart, with
 * `cartsOnly`). Two statements: the lock with the facts, then the entities (three when it had to wait
 * for the lock).
 */
export async function lockAndLoadOrder(em: EntityManager, orderId: number, options: LockOrderOptions): Promise<OrderAggregate | null> {
  const row = await lockedFacts(em, orderId, options);
  if (row === null) return null;
  return aggregateOf(em, await orderEntities(em, orderId), row, options);
}

function variantFacts(row: VariantRow, localeCode: string): VariantFacts {
  const { variantTranslations, productTranslations, ...facts } = row;
  return {
    ...facts,
    name: variantTranslations.length === 0 ? null : productNameIn(variantTranslations, localeCode, ''),
    productName: productNameIn(productTranslations, localeCode, row.productCode),
    translatedProductName: productTranslations.length === 0 ? null : productNameIn(productTranslations, localeCode, ''),
  };
}

function couponFacts(row: CouponRow | null): CouponFacts | null {
  return row === null ? null : { ...row, expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt) };
}

/**
 * The order aggregate of an order read without locking it (a read that prices, such as the shipping
 * methods a cart may choose): its lines, shipments and payments as managed entities, the facts pricing
 * reads and its channel's shop configuration (cached; one more statement when it changed). Commands use
 * lockAndLoadOrder.
 */
export async function loadOrder(em: EntityManager, order: Order, options: LoadOrderOptions = {}): Promise<OrderAggregate> {
  const [row] = await namedRows<OrderFactsRow>(em, FACTS, factsParams(order.id, options));
  if (row === undefined) throw new Error(`Order ${order.id} does not exist`);
  return aggregateOf(em, await orderEntities(em, order.id), row, options);
}

async function aggregateOf(em: EntityManager, order: Order, row: OrderFactsRow, options: LoadOrderOptions): Promise<OrderAggregate> {
  const replaceCoupon = options.couponCode !== undefined;
  const coupon = couponFacts(row.coupon);
  const couponUsage: Record<string, number> = {};
  let placedOrders = 0;
  for (const placed of row.customerOrders) {
    placedOrders += Number(placed.orders);
    if (placed.couponCode !== null) couponUsage[placed.couponCode] = Number(placed.couponUses);
  }
  const configuration = await shopConfigurationAt(em, row.channelId, row.configurationVersion);

  return new OrderAggregate(em, {
    order,
    appliedPromotionIds: row.appliedPromotionIds,
    facts: {
      channel: { id: row.channelId, code: row.channelCode, name: row.channelName, taxCalculationStrategy: row.taxCalculationStrategy, defaultTaxZoneCode: row.defaultTaxZoneCode },
      configurationVersion: row.configurationVersion,
      customer: { id: row.customerId, hasAccount: row.customerHasAccount, groupCodes: row.groupCodes, placedOrders, couponUsage },
      variants: new Map(row.variants.map((variant) => [variant.id, variantFacts(variant, order.localeCode)])),
      promotionUsage: new Map(row.promotionUsage),
    },
    configuration,
    coupon,
    // A code that names no coupon is priced as given (it then matches nothing).
    couponCode: replaceCoupon ? (coupon?.code ?? options.couponCode ?? null) : row.storedCouponCode,
    shippingZone: row.countryCode === null ? null : { countryCode: row.countryCode, provinceCode: row.provinceCode },
    shipmentMethodCode: row.shipmentMethodCode,
    paymentMethodCode: row.paymentMethodCode,
    addedVariantId: row.addedVariantId,
  });
}
