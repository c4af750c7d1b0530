import type { EntityManager } from '@mikro-orm/postgresql';
import type { EngineOrder, TaxCalculationStrategy } from './engine';
import { idList, inSequence, query } from './sql';

export interface LoadedOrder {
  input: EngineOrder;
  orderId: number;
  channelId: number;
  currencyCode: string;
  /** Unit ids per item id, oldest first: the engine's unit results map onto them by position. */
  unitIds: Map<number, number[]>;
  shipmentId: number | null;
  cartPaymentId: number | null;
}

/** Everything the engine needs about one order, in five queries whatever the number of lines. */
export async function loadOrderInput(em: EntityManager, orderId: number): Promise<LoadedOrder> {
  const [order] = await query<{
    id: number; channel_id: number; channel_code: string; channel_name: string; strategy: TaxCalculationStrategy | null;
    default_tax_zone_code: string | null; currency_code: string; locale_code: string; customer_id: number | null;
    coupon_code: string | null; country_code: string | null; province_code: string | null;
    shipment_id: number | null; shipment_method_code: string | null; payment_id: number | null; payment_method_code: string | null;
  }>(
    em,
    `select o.id, ch.id as channel_id, ch.code as channel_code, ch.name as channel_name, ch.tax_calculation_strategy as strategy,
            tz.code as default_tax_zone_code, o.currency_code, o.locale_code, o.customer_id, pc.code as coupon_code,
            a.country_code, a.province_code,
            s.id as shipment_id, sm.code as shipment_method_code, p.id as payment_id, pm.code as payment_method_code
       from orders o
       join channel ch on ch.id = o.channel_id
       left join zone tz on tz.id = ch.default_tax_zone_id
       left join promotion_coupon pc on pc.id = o.promotion_coupon_id
       left join address a on a.id = o.shipping_address_id
       left join lateral (select id, method_id from shipment where order_id = o.id order by id limit 1) s on true
       left join shipping_method sm on sm.id = s.method_id
       left join lateral (select id, method_id from payment where order_id = o.id and state = 'cart' order by id desc limit 1) p on true
       left join payment_method pm on pm.id = p.method_id
      where o.id = ?`,
    [orderId],
  );
  if (!order) throw new Error(`Order ${orderId} does not exist`);

  const items = await query<{
    id: number; quantity: number; variant_code: string; variant_name: string | null; product_id: number; product_code: string;
    product_name: string | null; price: number | null; tax_category_code: string | null; shipping_category_code: string | null;
    shipping_required: boolean; unit_ids: number[] | null;
  }>(
    em,
    `select i.id, i.quantity, v.code as variant_code, v.product_id, p.code as product_code, v.shipping_required,
            cp.price, tc.code as tax_category_code, sc.code as shipping_category_code,
            coalesce(vt.name, (select name from product_variant_translation where variant_id = v.id order by id limit 1)) as variant_name,
            coalesce(pt.name, (select name from product_translation where product_id = p.id order by id limit 1)) as product_name,
            (select array_agg(u.id order by u.id) from order_item_unit u where u.order_item_id = i.id) as unit_ids
       from order_item i
       join product_variant v on v.id = i.variant_id
       join product p on p.id = v.product_id
       left join channel_pricing cp on cp.variant_id = v.id and cp.channel_code = ?
       left join tax_category tc on tc.id = v.tax_category_id
       left join shipping_category sc on sc.id = v.shipping_category_id
       left join product_variant_translation vt on vt.variant_id = v.id and vt.locale = ?
       left join product_translation pt on pt.product_id = p.id and pt.locale = ?
      where i.order_id = ?
      order by i.id`,
    [order.channel_code, order.locale_code, order.locale_code, orderId],
  );

  const productIds = [...new Set(items.map((i) => i.product_id))];
  const [taxons, customerFacts, groups] = await inSequence([
    () =>
      query<{ product_id: number; code: string }>(
      em,
      `select pt.product_id, t.code from product_taxon pt join taxon t on t.id = pt.taxon_id where pt.product_id in (?) order by t.id`,
      [idList(productIds)],
    ),
    () =>
      query<{ coupon_code: string | null; orders: string }>(
      em,
      `select pc.code as coupon_code, count(*) as orders from orders o left join promotion_coupon pc on pc.id = o.promotion_coupon_id
        where o.customer_id = ? and o.state not in ('cart', 'cancelled') group by pc.code`,
      [order.customer_id ?? -1],
    ),
    () =>
      query<{ code: string }>(
      em,
      `select g.code from customer_customer_group cg join customer_group g on g.id = cg.customer_group_id where cg.customer_id = ? order by g.id`,
      [order.customer_id ?? -1],
    ),
  ]);

  const couponUsage: Record<string, number> = {};
  let placedOrdersCount = 0;
  for (const row of customerFacts) {
    placedOrdersCount += Number(row.orders);
    if (row.coupon_code) couponUsage[row.coupon_code] = Number(row.orders);
  }

  return {
    orderId,
    channelId: order.channel_id,
    currencyCode: order.currency_code,
    unitIds: new Map(items.map((i) => [i.id, i.unit_ids ?? []])),
    shipmentId: order.shipment_id,
    cartPaymentId: order.payment_id,
    input: {
      channel: { code: order.channel_code, name: order.channel_name, taxCalculationStrategy: order.strategy, defaultTaxZoneCode: order.default_tax_zone_code },
      currencyCode: order.currency_code,
      items: items.map((i) => ({
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
          productTaxonCodes: taxons.filter((t) => t.product_id === i.product_id).map((t) => t.code),
        },
      })),
      couponCode: order.coupon_code,
      shippingAddress: order.country_code ? { countryCode: order.country_code, provinceCode: order.province_code } : null,
      customer: order.customer_id === null ? null : { id: order.customer_id, groupCodes: groups.map((g) => g.code), placedOrdersCount, couponUsage },
      currentShipmentMethodCode: order.shipment_method_code,
      currentPaymentMethodCode: order.payment_method_code,
    },
  };
}
