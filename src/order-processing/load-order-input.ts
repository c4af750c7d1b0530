import type { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared, preparedStatement } from '../database/prepared-statements';
import type { EngineCoupon, EngineOrder, TaxCalculationStrategy } from './engine';

export interface LoadedOrder {
  input: EngineOrder;
  orderId: number;
  channelId: number;
  currencyCode: string;
  /** Unit ids per item id, oldest first: the engine's unit results map onto them by position. */
  unitIds: Map<number, number[]>;
  /** What is stored now per unit id and per item id, so that only what changes is written. */
  storedUnits: Map<number, StoredUnit>;
  storedItems: Map<number, StoredItem>;
  shipmentId: number | null;
  cartPaymentId: number | null;
  /** The shop configuration version read with the order (null: unknown, do not cache). */
  configurationVersion: string | null;
  /** `used` of each promotion of the order's channel, by promotion id, as of this read. */
  promotionUsage: Map<number, number>;
  /** The coupon named by `input.couponCode`, when it exists (whichever promotion it belongs to). */
  coupon: LoadedCoupon | null;
  /** Set when the order's coupon is to be replaced by `input.couponCode` (see loadOrderInput's option). */
  couponChange: { couponId: number | null } | null;
}

interface StoredUnit {
  adjustmentsTotal: number;
  shipmentId: number | null;
}

interface StoredItem {
  unitPrice: number;
  unitsTotal: number;
  adjustmentsTotal: number;
  total: number;
}

interface LoadedCoupon extends EngineCoupon {
  id: number;
  promotionId: number;
}

export interface LoadOrderInputOptions {
  /**
   * Load the order as if its coupon were this code (null: no coupon) instead of the stored one; the
   * result then carries `couponChange` for persistEngineResult to store.
   */
  couponCode?: string | null;
}

interface ItemJson {
  id: number;
  quantity: number;
  variant_code: string;
  variant_name: string | null;
  product_code: string;
  product_name: string | null;
  price: number | null;
  tax_category_code: string | null;
  shipping_category_code: string | null;
  shipping_required: boolean;
  /** [id, adjustments_total, shipment_id] per unit, in id order. */
  units: Array<[number, number, number | null]>;
  /** [unit_price, units_total, adjustments_total, total] as stored. */
  stored: [number, number, number, number];
  taxon_codes: string[];
}

interface CouponJson {
  id: number;
  promotion_id: number;
  code: string;
  usage_limit: number | null;
  per_customer_usage_limit: number | null;
  expires_at: string | null;
  used: number;
}

interface OrderInputRow {
  id: number;
  channel_id: number;
  channel_code: string;
  channel_name: string;
  strategy: TaxCalculationStrategy | null;
  default_tax_zone_code: string | null;
  currency_code: string;
  customer_id: number | null;
  coupon_code: string | null;
  country_code: string | null;
  province_code: string | null;
  shipment_id: number | null;
  shipment_method_code: string | null;
  payment_id: number | null;
  payment_method_code: string | null;
  configuration_version: string | null;
  items: ItemJson[];
  customer_orders: Array<{ coupon_code: string | null; orders: number }>;
  group_codes: string[];
  promotion_usage: Array<[number, number]>;
  coupon: CouponJson | null;
}

/**
 * Everything the engine needs about one order, with its lines, units, taxons, customer history, the
 * channel's promotion usage and the coupon, in one statement whatever the number of lines.
 * Parameters: whether to use the given coupon code instead of the stored one, that code, the order id.
 */
const ORDER_INPUT = preparedStatement(
  'order_input',
  ['boolean', 'text', 'int'],
  `select o.id, ch.id as channel_id, ch.code as channel_code, ch.name as channel_name, ch.tax_calculation_strategy as strategy,
          tz.code as default_tax_zone_code, o.currency_code, o.customer_id, pc.code as coupon_code,
          a.country_code, a.province_code,
          s.id as shipment_id, sm.code as shipment_method_code, pay.id as payment_id, pm.code as payment_method_code,
          (select version::text from shop_configuration_version where id = 1) as configuration_version,
          coalesce((
            select json_agg(json_build_object(
                     'id', i.id, 'quantity', i.quantity, 'variant_code', v.code, 'product_code', p.code,
                     'shipping_required', v.shipping_required, 'price', cp.price,
                     'tax_category_code', tc.code, 'shipping_category_code', sc.code,
                     'variant_name', coalesce(vt.name, (select name from product_variant_translation where variant_id = v.id order by id limit 1)),
                     'product_name', coalesce(pt.name, (select name from product_translation where product_id = p.id order by id limit 1)),
                     'units', coalesce((select json_agg(json_build_array(u.id, u.adjustments_total, u.shipment_id) order by u.id)
                                          from order_item_unit u where u.order_item_id = i.id), '[]'::json),
                     'stored', json_build_array(i.unit_price, i.units_total, i.adjustments_total, i.total),
                     'taxon_codes', coalesce((select json_agg(t.code order by t.id) from product_taxon ptx join taxon t on t.id = ptx.taxon_id
                                               where ptx.product_id = p.id), '[]'::json)
                   ) order by i.id)
              from order_item i
              join product_variant v on v.id = i.variant_id
              join product p on p.id = v.product_id
              left join channel_pricing cp on cp.variant_id = v.id and cp.channel_code = ch.code
              left join tax_category tc on tc.id = v.tax_category_id
              left join shipping_category sc on sc.id = v.shipping_category_id
              left join product_variant_translation vt on vt.variant_id = v.id and vt.locale = o.locale_code
              left join product_translation pt on pt.product_id = p.id and pt.locale = o.locale_code
             where i.order_id = o.id), '[]'::json) as items,
          coalesce((
            select json_agg(json_build_object('coupon_code', used.code, 'orders', used.orders))
              from (select upc.code, count(*) as orders
                      from orders placed left join promotion_coupon upc on upc.id = placed.promotion_coupon_id
                     where placed.customer_id = o.customer_id and placed.state not in ('cart', 'cancelled')
                     group by upc.code) used), '[]'::json) as customer_orders,
          coalesce((select json_agg(g.code order by g.id) from customer_customer_group cg join customer_group g on g.id = cg.customer_group_id
                     where cg.customer_id = o.customer_id), '[]'::json) as group_codes,
          coalesce((select json_agg(json_build_array(pr.id, pr.used))
                      from promotion pr
                     where exists (select 1 from promotion_channel prc where prc.promotion_id = pr.id and prc.channel_id = o.channel_id)), '[]'::json)
            as promotion_usage,
          (select json_build_object('id', c.id, 'promotion_id', c.promotion_id, 'code', c.code, 'usage_limit', c.usage_limit,
                                    'per_customer_usage_limit', c.per_customer_usage_limit, 'expires_at', c.expires_at, 'used', c.used)
             from promotion_coupon c where c.code = (case when ? then ? else pc.code end)) as coupon
     from orders o
     join channel ch on ch.id = o.channel_id
     left join zone tz on tz.id = ch.default_tax_zone_id
     left join promotion_coupon pc on pc.id = o.promotion_coupon_id
     left join address a on a.id = o.shipping_address_id
     left join lateral (select id, method_id from shipment where order_id = o.id order by id limit 1) s on true
     left join shipping_method sm on sm.id = s.method_id
     left join lateral (select id, method_id from payment where order_id = o.id and state = 'cart' order by id desc limit 1) pay on true
     left join payment_method pm on pm.id = pay.method_id
    where o.id = ?`,
);

/** Everything the engine needs about one order (see ORDER_INPUT), in one statement whatever the number of lines. */
export async function loadOrderInput(em: EntityManager, orderId: number, options: LoadOrderInputOptions = {}): Promise<LoadedOrder> {
  const replaceCoupon = options.couponCode !== undefined;
  const [order] = await executePrepared<OrderInputRow>(em, ORDER_INPUT, [replaceCoupon, options.couponCode ?? null, orderId]);
  if (!order) throw new Error(`Order ${orderId} does not exist`);

  const couponUsage: Record<string, number> = {};
  let placedOrdersCount = 0;
  for (const row of order.customer_orders) {
    placedOrdersCount += Number(row.orders);
    if (row.coupon_code) couponUsage[row.coupon_code] = Number(row.orders);
  }
  const coupon: LoadedCoupon | null =
    order.coupon === null
      ? null
      : {
          id: order.coupon.id,
          promotionId: order.coupon.promotion_id,
          code: order.coupon.code,
          usageLimit: order.coupon.usage_limit,
          perCustomerUsageLimit: order.coupon.per_customer_usage_limit,
          expiresAt: order.coupon.expires_at ? new Date(order.coupon.expires_at) : null,
          used: order.coupon.used,
        };
  // A code that names no coupon stays as given (it then matches nothing); the stored coupon is null.
  const couponCode = replaceCoupon ? (coupon?.code ?? options.couponCode ?? null) : order.coupon_code;

  return {
    orderId,
    channelId: order.channel_id,
    currencyCode: order.currency_code,
    unitIds: new Map(order.items.map((i) => [i.id, i.units.map(([id]) => id)])),
    storedUnits: new Map(order.items.flatMap((i) => i.units.map(([id, adjustmentsTotal, shipmentId]): [number, StoredUnit] => [id, { adjustmentsTotal, shipmentId }]))),
    storedItems: new Map(
      order.items.map(({ id, stored: [unitPrice, unitsTotal, adjustmentsTotal, total] }): [number, StoredItem] => [id, { unitPrice, unitsTotal, adjustmentsTotal, total }]),
    ),
    shipmentId: order.shipment_id,
    cartPaymentId: order.payment_id,
    configurationVersion: order.configuration_version,
    promotionUsage: new Map(order.promotion_usage),
    coupon,
    couponChange: replaceCoupon ? { couponId: coupon?.id ?? null } : null,
    input: {
      channel: { code: order.channel_code, name: order.channel_name, taxCalculationStrategy: order.strategy, defaultTaxZoneCode: order.default_tax_zone_code },
      currencyCode: order.currency_code,
      items: order.items.map((i) => ({
        key: i.id,
        quantity: i.quantity,
        variant: {
          code: i.variant_code,
          name: i.variant_name ?? i.variant_code,
          productCode: i.product_code,
          productName: i.product_name ?? i.product_code,
          channelPrices: i.price === null ? {} : { [order.channel_code]: i.price },
          taxCategoryCode: i.tax_category_code,
          shippingCategoryCode: i.shipping_category_code,
          shippingRequired: i.shipping_required,
          productTaxonCodes: i.taxon_codes,
        },
      })),
      couponCode,
      shippingAddress: order.country_code ? { countryCode: order.country_code, provinceCode: order.province_code } : null,
      customer: order.customer_id === null ? null : { id: order.customer_id, groupCodes: order.group_codes, placedOrdersCount, couponUsage },
      currentShipmentMethodCode: order.shipment_method_code,
      currentPaymentMethodCode: order.payment_method_code,
    },
  };
}
