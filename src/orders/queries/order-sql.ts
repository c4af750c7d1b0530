import { adjustmentsJson, CART_ITEM_COLUMNS, CART_ITEM_FROM } from './cart-sql';
import { channelJson } from '../../channels/queries/channel-sql';
import { customerDetailJson } from '../../customers/queries/customer-detail-sql';
import { paymentJson } from '../../payments/queries/payment-sql';
import { shipmentJson } from '../../shipping/queries/shipment-sql';

/**
 * SQL of the full order (every exposed field, as the customer-orders list and the order resource show
 * it). The whole graph of one order, or of a page of orders, is built by PostgreSQL in one statement.
 */

/**
 * An order line as in carts, plus the variant's stock, dimensions, full categories and the name its
 * descriptor shows: the variant's name (in the order's locale, else its first translation), or the
 * product's name the same way when the variant has no name at all.
 */
const ORDER_ITEM_SELECT = `
  select ${CART_ITEM_COLUMNS},
         v.on_hold as variant_on_hold, v.on_hand as variant_on_hand,
         v.weight as variant_weight, v.width as variant_width, v.height as variant_height, v.depth as variant_depth,
         tc.description as tax_category_description, tc.created_at as tax_category_created_at, tc.updated_at as tax_category_updated_at,
         sc.description as shipping_category_description, sc.created_at as shipping_category_created_at,
         sc.updated_at as shipping_category_updated_at,
         coalesce((select dvt.name from product_variant_translation dvt where dvt.variant_id = v.id
                    order by (dvt.locale = io.locale_code) desc, dvt.id limit 1),
                  (select dpt.name from product_translation dpt where dpt.product_id = p.id
                    order by (dpt.locale = io.locale_code) desc, dpt.id limit 1)) as variant_descriptor_name
  ${CART_ITEM_FROM}
    join orders io on io.id = i.order_id`;

const addressJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name,
     'phone_number', ${alias}.phone_number, 'country_code', ${alias}.country_code, 'province_code', ${alias}.province_code,
     'province_name', ${alias}.province_name, 'street', ${alias}.street, 'city', ${alias}.city, 'postcode', ${alias}.postcode)`;

const couponJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'used', ${alias}.used, 'usage_limit', ${alias}.usage_limit,
     'expires_at', ${alias}.expires_at, 'created_at', ${alias}.created_at, 'updated_at', ${alias}.updated_at,
     'per_customer_usage_limit', ${alias}.per_customer_usage_limit,
     'promotion_code', (select cpr.code from promotion cpr where cpr.id = ${alias}.promotion_id))`;

/** Orders (`o`) with everything they show; callers append their own `where` and `order by`. */
export const ORDER_SELECT = `
  select o.id, o.checkout_completed_at, o.number, o.items_total, o.adjustments_total, o.total, o.state,
         o.currency_code, o.locale_code, o.checkout_state,
         coalesce((select json_agg(line order by line.id) from (${ORDER_ITEM_SELECT} where i.order_id = o.id) line), '[]'::json) as items,
         ${adjustmentsJson('order_id', 'o.id')} as adjustments,
         (select ${customerDetailJson('oc')} from customer oc where oc.id = o.customer_id) as customer,
         (select ${channelJson('och')} from channel och where och.id = o.channel_id) as channel,
         (select ${addressJson('osa')} from address osa where osa.id = o.shipping_address_id) as shipping_address,
         (select ${addressJson('oba')} from address oba where oba.id = o.billing_address_id) as billing_address,
         coalesce((select json_agg(${paymentJson('opa')} order by opa.id) from payment opa where opa.order_id = o.id), '[]'::json) as payments,
         coalesce((select json_agg(${shipmentJson('osh')} order by osh.id) from shipment osh where osh.order_id = o.id), '[]'::json) as shipments,
         (select ${couponJson('opc')} from promotion_coupon opc where opc.id = o.promotion_coupon_id) as promotion_coupon
    from orders o`;
