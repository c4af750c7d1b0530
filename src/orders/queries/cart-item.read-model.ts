/**
 * The cart-line read model: a line with its units and adjustments (JSON values of the line, in their
 * stored order) and its variant (translations, option values, channel pricings), every nested collection
 * of the variant as JSON built by PostgreSQL and ordered by id. The cart and order reads embed these
 * columns (cartItemsJson, CART_ITEM_COLUMNS).
 */

/** An adjustment as stored (StoredAdjustment); the serializers show its id, type, label and amount. */
export interface Adjustment {
  id: number;
  type: string;
  label: string;
  amount: number;
}

export interface CartItemUnit {
  id: number;
  adjustmentsTotal: number;
  adjustments: Adjustment[];
}

export interface CartItem {
  id: number;
  orderId: number;
  quantity: number;
  unitPrice: number;
  unitsTotal: number;
  adjustmentsTotal: number;
  total: number;
  units: CartItemUnit[];
  adjustments: Adjustment[];
  variantId: number;
  variantCode: string;
  variantPosition: number;
  variantVersion: number;
  variantTracked: boolean;
  productCode: string;
  taxCategoryId: number | null;
  taxCategoryCode: string | null;
  taxCategoryName: string | null;
  shippingCategoryId: number | null;
  shippingCategoryCode: string | null;
  shippingCategoryName: string | null;
  variantTranslations: Array<{ id: number; locale: string; name: string }>;
  optionValues: Array<{ code: string; translations: Array<{ id: number; locale: string; value: string }> }>;
  channelPricings: Array<{ channelCode: string; price: number }>;
}

/** The columns of CartItem over `i` (order item); needs CART_ITEM_FROM. */
export const CART_ITEM_COLUMNS = `
         i.id, i.order_id as "orderId", i.quantity, i.unit_price as "unitPrice", i.units_total as "unitsTotal",
         i.adjustments_total as "adjustmentsTotal", i.total, i.units, i.adjustments,
         v.id as "variantId", v.code as "variantCode", v.position as "variantPosition", v.version as "variantVersion",
         v.tracked as "variantTracked", p.code as "productCode",
         tc.id as "taxCategoryId", tc.code as "taxCategoryCode", tc.name as "taxCategoryName",
         sc.id as "shippingCategoryId", sc.code as "shippingCategoryCode", sc.name as "shippingCategoryName",
         coalesce((select json_agg(json_build_object('id', vt.id, 'locale', vt.locale, 'name', vt.name) order by vt.id)
                     from product_variant_translation vt where vt.variant_id = v.id), '[]'::json) as "variantTranslations",
         coalesce((select json_agg(json_build_object('code', ov.code, 'translations',
                            coalesce((select json_agg(json_build_object('id', ovt.id, 'locale', ovt.locale, 'value', ovt.value) order by ovt.id)
                                        from product_option_value_translation ovt where ovt.option_value_id = ov.id), '[]'::json)) order by ov.id)
                     from product_variant_option_value vov join product_option_value ov on ov.id = vov.product_option_value_id
                    where vov.product_variant_id = v.id), '[]'::json) as "optionValues",
         coalesce((select json_agg(json_build_object('channelCode', cp.channel_code, 'price', cp.price) order by cp.id)
                     from channel_pricing cp where cp.variant_id = v.id), '[]'::json) as "channelPricings"`;

/** The line (`i`), its variant (`v`), product (`p`) and the variant's tax (`tc`) and shipping (`sc`) categories. */
export const CART_ITEM_FROM = `
    from order_item i
    join product_variant v on v.id = i.variant_id
    join product p on p.id = v.product_id
    left join tax_category tc on tc.id = v.tax_category_id
    left join shipping_category sc on sc.id = v.shipping_category_id`;

const CART_ITEMS = `select ${CART_ITEM_COLUMNS} ${CART_ITEM_FROM}`;

/**
 * The lines of the cart `owner` (an SQL expression) as a JSON array of CartItem, by id: how the cart
 * read embeds its lines, so a cart costs one statement whatever their number.
 */
export const cartItemsJson = (owner: string) =>
  `coalesce((select json_agg(line order by line.id) from (${CART_ITEMS} where i.order_id = ${owner}) line), '[]'::json)`;
