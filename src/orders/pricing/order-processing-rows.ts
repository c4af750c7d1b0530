import type { EntityManager } from '@mikro-orm/postgresql';
import { productNameSql } from '../../catalog/product-name';
import type { TaxCalculationStrategy } from './engine';

/** A table row as PostgreSQL's `to_json` writes it (column names), mapped onto an entity as `em.map` would. */
export type RawRow = Record<string, unknown>;

/** Read-only pricing facts of one line's variant. */
export interface VariantFacts {
  variant_id: number;
  variant_code: string;
  variant_name: string | null;
  product_code: string;
  product_name: string;
  price: number | null;
  tax_category_code: string | null;
  shipping_category_code: string | null;
  shipping_required: boolean;
  tracked: boolean;
  on_hand: number;
  on_hold: number;
  taxon_codes: string[];
}

interface CouponRow {
  id: number;
  promotion_id: number;
  code: string;
  usage_limit: number | null;
  per_customer_usage_limit: number | null;
  expires_at: string | null;
  used: number;
}

export interface OrderProcessingRows {
  channel_id: number;
  channel_code: string;
  channel_name: string;
  strategy: TaxCalculationStrategy | null;
  default_tax_zone_code: string | null;
  customer_id: number | null;
  coupon_code: string | null;
  country_code: string | null;
  province_code: string | null;
  configuration_version: string | null;
  /** The method of the first shipment and of the newest cart payment. */
  shipment_method_code: string | null;
  payment_method_code: string | null;
  /** The stored rows of the order's graph, each list in id order. */
  items: RawRow[];
  units: RawRow[];
  adjustments: RawRow[];
  shipments: RawRow[];
  cart_payments: RawRow[];
  applied_promotion_ids: number[];
  variants: VariantFacts[];
  /**
   * The id of the variant named to be added (share-locked until the transaction ends; its pricing and
   * stock facts are in `variants`); null when none or no such variant.
   */
  added_variant: { variant_id: number } | null;
  customer_orders: Array<{ coupon_code: string | null; orders: number }>;
  group_codes: string[];
  promotion_usage: Array<[number, number]>;
  coupon: CouponRow | null;
}

/**
 * The stored rows of one order's graph (lines, units, adjustments, shipments, cart payments, applied
 * promotions) to map onto entities, and the read-only facts the engine prices them with (variant prices,
 * categories, names and taxons, the customer's placed orders and groups, the channel's promotion usage,
 * the coupon, the configuration version), each list aggregated on its own (no joined row product).
 * Names in the order's locale. With a variant code, that variant as adding it needs it (share-locked: a
 * concurrent delete of it waits for this transaction) and its facts. Parameters: (only when adding) the
 * variant code twice, then whether to use `couponCode` instead of the stored coupon, that code, the order id.
 * ORM loads (em.find per table, SELECT_IN): 7 statements for this read, add item 15 in all; this query: 1, add item 12 (2026-11-24).
 */
const orderProcessingRowsSql = (addedVariantColumn: string, addedVariantId: string) => `
  select ch.id as channel_id, ch.code as channel_code, ch.name as channel_name, ch.tax_calculation_strategy as strategy,
         tz.code as default_tax_zone_code, o.customer_id, pc.code as coupon_code, a.country_code, a.province_code,
         (select version::text from shop_configuration_version where id = 1) as configuration_version,
         (select sm.code from shipment s join shipping_method sm on sm.id = s.method_id where s.order_id = o.id order by s.id limit 1)
           as shipment_method_code,
         (select pm.code from payment p left join payment_method pm on pm.id = p.method_id where p.order_id = o.id and p.state = 'cart'
           order by p.id desc limit 1) as payment_method_code,
         coalesce((select json_agg(to_json(i) order by i.id) from order_item i where i.order_id = o.id), '[]'::json) as items,
         coalesce((select json_agg(to_json(u) order by u.id) from order_item_unit u join order_item i on i.id = u.order_item_id
                    where i.order_id = o.id), '[]'::json) as units,
         coalesce((select json_agg(to_json(adj) order by adj.id)
                     from (select * from adjustment where order_id = o.id
                           union all
                           select adjustment.* from adjustment join order_item i on i.id = adjustment.order_item_id where i.order_id = o.id
                           union all
                           select adjustment.* from adjustment join order_item_unit u on u.id = adjustment.order_item_unit_id
                             join order_item i on i.id = u.order_item_id where i.order_id = o.id) adj), '[]'::json) as adjustments,
         coalesce((select json_agg(to_json(s) order by s.id) from shipment s where s.order_id = o.id), '[]'::json) as shipments,
         coalesce((select json_agg(to_json(p) order by p.id) from payment p where p.order_id = o.id and p.state = 'cart'), '[]'::json) as cart_payments,
         coalesce((select json_agg(op.promotion_id order by op.promotion_id) from order_promotion op where op.order_id = o.id), '[]'::json)
           as applied_promotion_ids,
${addedVariantColumn}         coalesce((
           select json_agg(json_build_object(
                    'variant_id', v.id, 'variant_code', v.code, 'product_code', p.code, 'shipping_required', v.shipping_required,
                    'tracked', v.tracked, 'on_hand', v.on_hand, 'on_hold', v.on_hold,
                    'price', cp.price, 'tax_category_code', tc.code, 'shipping_category_code', sc.code,
                    'variant_name', (select vt.name from product_variant_translation vt where vt.variant_id = v.id
                                      order by (vt.locale = o.locale_code) desc, vt.id limit 1),
                    'product_name', ${productNameSql('p', 'o.locale_code')},
                    'taxon_codes', coalesce((select json_agg(t.code order by t.id) from product_taxon ptx join taxon t on t.id = ptx.taxon_id
                                              where ptx.product_id = p.id), '[]'::json)
                  ) order by v.id)
             from product_variant v
             join product p on p.id = v.product_id
             left join channel_pricing cp on cp.variant_id = v.id and cp.channel_code = ch.code
             left join tax_category tc on tc.id = v.tax_category_id
             left join shipping_category sc on sc.id = v.shipping_category_id
            where v.id in (select i.variant_id from order_item i where i.order_id = o.id
${addedVariantId})), '[]'::json) as variants,
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
            from promotion_coupon c where c.code = (case when ?::boolean then ?::text else pc.code end)) as coupon
    from orders o
    join channel ch on ch.id = o.channel_id
    left join zone tz on tz.id = ch.default_tax_zone_id
    left join promotion_coupon pc on pc.id = o.promotion_coupon_id
    left join address a on a.id = o.shipping_address_id
   where o.id = ?::int`;

/** With a variant about to be added: its id, share-locked; the id joins the facts' variants. */
const ADDED_VARIANT_COLUMN = `
         (select to_json(added)
            from (select v.id as variant_id
                    from product_variant v
                   where v.code = ?::text
                     for share of v) added) as added_variant,`;
const ADDED_VARIANT_ID = `
                           union all
                           select added.id from product_variant added where added.code = ?::text`;

/** Two fixed texts: the one without the added variant is planned with none of its sub-selects. */
const ORDER_PROCESSING_ROWS = orderProcessingRowsSql(`
         null::json as added_variant,`, '');
const ORDER_PROCESSING_ROWS_ADDING = orderProcessingRowsSql(ADDED_VARIANT_COLUMN, ADDED_VARIANT_ID);

/** The rows and facts of one order (see ORDER_PROCESSING_ROWS); null when there is no such order. */
export async function findOrderProcessingRows(
  em: EntityManager,
  args: { orderId: number; couponCode?: string | null; addedVariantCode?: string },
): Promise<OrderProcessingRows | null> {
  const replaceCoupon = args.couponCode !== undefined;
  const couponParams = [replaceCoupon, args.couponCode ?? null, args.orderId];
  const code = args.addedVariantCode;
  const [row] =
    code === undefined
      ? await em.execute<OrderProcessingRows[]>(ORDER_PROCESSING_ROWS, couponParams)
      : await em.execute<OrderProcessingRows[]>(ORDER_PROCESSING_ROWS_ADDING, [code, code, ...couponParams]);
  return row ?? null;
}
