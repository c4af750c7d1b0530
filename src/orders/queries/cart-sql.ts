/** SQL fragments shared by the cart and cart-item reads. Every nested collection is ordered by id. */

const adjustmentJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'type', ${alias}.type, 'label', ${alias}.label, 'amount', ${alias}.amount)`;

/** Adjustments owned by `column = owner`, as a JSON array (never null). */
export const adjustmentsJson = (column: 'order_id' | 'order_item_id' | 'order_item_unit_id', owner: string) =>
  `coalesce((select json_agg(${adjustmentJson('adj')} order by adj.id) from adjustment adj where adj.${column} = ${owner}), '[]'::json)`;

/**
 * The variant columns of a cart line (CartItemRow's `variant_*`, `product_code`, categories, translations,
 * option values, channel pricings) over `v` (product variant); FROM-clause parts in VARIANT_JOINS.
 */
const VARIANT_COLUMNS = `
         v.id as variant_id, v.code as variant_code, v.position as variant_position, v.version as variant_version,
         v.tracked as variant_tracked, p.code as product_code,
         tc.id as tax_category_id, tc.code as tax_category_code, tc.name as tax_category_name,
         sc.id as shipping_category_id, sc.code as shipping_category_code, sc.name as shipping_category_name,
         coalesce((select json_agg(json_build_object('id', vt.id, 'locale', vt.locale, 'name', vt.name) order by vt.id)
                     from product_variant_translation vt where vt.variant_id = v.id), '[]'::json) as variant_translations,
         coalesce((select json_agg(json_build_object('code', ov.code, 'translations',
                            coalesce((select json_agg(json_build_object('id', ovt.id, 'locale', ovt.locale, 'value', ovt.value) order by ovt.id)
                                        from product_option_value_translation ovt where ovt.option_value_id = ov.id), '[]'::json)) order by ov.id)
                     from product_variant_option_value vov join product_option_value ov on ov.id = vov.product_option_value_id
                    where vov.product_variant_id = v.id), '[]'::json) as option_values,
         coalesce((select json_agg(json_build_object('channel_code', cp.channel_code, 'price', cp.price) order by cp.id)
                     from channel_pricing cp where cp.variant_id = v.id), '[]'::json) as channel_pricings`;

/** Joins VARIANT_COLUMNS needs after `v` (product variant): its product `p` and categories. */
const VARIANT_JOINS = `
    join product p on p.id = v.product_id
    left join tax_category tc on tc.id = v.tax_category_id
    left join shipping_category sc on sc.id = v.shipping_category_id`;

/**
 * One cart line with its units, adjustments and variant (translations, option values, channel
 * pricings). Callers append their own `where` on `i` (order item).
 */
/** The columns of one cart line; nested collections come as JSON. Needs CART_ITEM_FROM. */
export const CART_ITEM_COLUMNS = `
         i.id, i.order_id, i.quantity, i.unit_price, i.units_total, i.adjustments_total, i.total,
         coalesce((select json_agg(json_build_object('id', un.id, 'adjustments_total', un.adjustments_total,
                                                     'adjustments', ${adjustmentsJson('order_item_unit_id', 'un.id')}) order by un.id)
                     from order_item_unit un where un.order_item_id = i.id), '[]'::json) as units,
         ${adjustmentsJson('order_item_id', 'i.id')} as adjustments,${VARIANT_COLUMNS}`;

/** The line (`i`), its variant (`v`), product (`p`) and the variant's tax (`tc`) and shipping (`sc`) categories. */
export const CART_ITEM_FROM = `
    from order_item i
    join product_variant v on v.id = i.variant_id${VARIANT_JOINS}`;

const CART_ITEM_SELECT = `select ${CART_ITEM_COLUMNS} ${CART_ITEM_FROM}`;

/** The cart's own columns, its customer (and account), channel and coupon, then its adjustments and lines as JSON. */
export const CART_SELECT = `
  select o.id, o.items_total, o.adjustments_total, o.total, o.currency_code, o.locale_code, o.checkout_state,
         c.id as customer_id, c.email as customer_email, c.first_name as customer_first_name, c.last_name as customer_last_name,
         u.id as user_id, u.username as user_username, u.username_canonical as user_username_canonical, u.enabled as user_enabled,
         ch.id as channel_id, ch.code as channel_code,
         pc.id as coupon_id, pc.code as coupon_code, pc.used as coupon_used, pc.usage_limit as coupon_usage_limit,
         pc.expires_at as coupon_expires_at, pr.code as coupon_promotion_code,
         ${adjustmentsJson('order_id', 'o.id')} as adjustments,
         coalesce((select json_agg(line order by line.id) from (${CART_ITEM_SELECT} where i.order_id = o.id) line), '[]'::json) as items
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
