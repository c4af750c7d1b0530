/**
 * SQL fragments that build the wire JSON inside PostgreSQL, keys in contract order. Null-valued keys are
 * dropped once for the whole document by `json_strip_nulls` (the contract omits every null), and empty
 * keyed maps come out as `[]`. The server still re-serialises the parsed JSON with JSON.stringify, because
 * PostgreSQL's json text has spaces that the product's bodies do not.
 */

/** `encodeURIComponent` of a text expression; the common all-safe case skips the byte loop. */
export function uriEncoded(expr: string): string {
  return `(case when ${expr} ~ '^[A-Za-z0-9_.!~*''()-]*$' then ${expr} else (
    select string_agg(case when get_byte(b.bytes, i) < 128 and chr(get_byte(b.bytes, i)) ~ '[A-Za-z0-9_.!~*''()-]'
                           then chr(get_byte(b.bytes, i)) else '%' || upper(lpad(to_hex(get_byte(b.bytes, i)), 2, '0')) end, '' order by i)
      from (select convert_to(${expr}, 'UTF8') as bytes) b, generate_series(0, length(b.bytes) - 1) as i) end)`;
}

/** `YYYY-MM-DDThh:mm:ss+0000` in UTC, null stays null. */
export const dateTime = (expr: string) => `(to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '+0000')`;

export const href = (expr: string) => `json_build_object('href', ${expr})`;
export const selfLink = (expr: string) => `json_build_object('self', ${href(expr)})`;

/** A JSON array of `element` over `from`, `[]` when there is no row. */
export const jsonArray = (element: string, from: string, orderBy: string) =>
  `coalesce((select json_agg(${element} order by ${orderBy}) ${from}), '[]'::json)`;

/** A JSON object keyed by `key` over `from` (later duplicates win, like a JS object), `[]` when empty. */
export const keyedMap = (key: string, element: string, from: string, orderBy: string) =>
  `coalesce((select json_object_agg(${key}, ${element} order by ${orderBy}) ${from}), '[]'::json)`;

/** An order's, line's or unit's adjustments (`list`, its stored JSON value) in the order they are stored. */
export const adjustments = (list: string) =>
  jsonArray(
    `json_build_object('id', adj.value->'id', 'type', adj.value->'type', 'label', adj.value->'label', 'amount', adj.value->'amount')`,
    `from jsonb_array_elements(${list}) with ordinality as adj(value, position)`,
    'adj.position',
  );

const variantHref = (product: string, variant: string) => `'/api/v1/products/' || ${uriEncoded(product)} || '/variants/' || ${uriEncoded(variant)}`;
const productHref = (product: string) => `'/api/v1/products/' || ${uriEncoded(product)}`;

/** How much of a variant, tax and shipping category is shown: cart contexts, or everything (customer orders). */
export type Detail = 'cart' | 'full';

function category(alias: string, path: string, detail: Detail): string {
  const full = detail === 'full' ? `, 'description', ${alias}.description, 'createdAt', ${dateTime(`${alias}.created_at`)}, 'updatedAt', ${dateTime(`${alias}.updated_at`)}` : '';
  return `case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'name', ${alias}.name${full},
            '_links', ${selfLink(`'/api/v1/${path}/' || ${uriEncoded(`${alias}.code`)}`)}) end`;
}

/** The characters JavaScript's `String.prototype.trim` removes, for `ltrim` (the descriptor always ends with `)`). */
const JS_WHITESPACE = `E'\\t\\n\\u000B\\f\\r \\u00A0\\u1680\\u2000\\u2001\\u2002\\u2003\\u2004\\u2005\\u2006\\u2007\\u2008\\u2009\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF'`;

/**
 * `<name> (<code>)` as placed orders show a variant: the name is the variant's translation in the order's
 * locale (else its first one), else its product's the same way; without any name just `(<code>)`.
 */
const descriptor = (order: string) => `ltrim(coalesce(
    (select dvt.name from product_variant_translation dvt where dvt.variant_id = v.id order by (dvt.locale = ${order}.locale_code) desc, dvt.id limit 1),
    (select dpt.name from product_translation dpt where dpt.product_id = p.id order by (dpt.locale = ${order}.locale_code) desc, dpt.id limit 1),
    '') || ' (' || v.code || ')', ${JS_WHITESPACE})`;

/** The variant `v` of product `p` (on a line of order `order`) with tax category `tc` and shipping category `sc` joined. */
function variant(order: string, detail: Detail): string {
  const stock = detail === 'full' ? `'onHold', v.on_hold, 'onHand', v.on_hand,` : '';
  const tracked = detail === 'full' ? `'tracked', v.tracked, 'weight', v.weight, 'width', v.width, 'height', v.height, 'depth', v.depth,` : `'tracked', v.tracked,`;
  const links =
    detail === 'full'
      ? `json_build_object('self', ${href(variantHref('p.code', 'v.code'))}, 'product', ${href(productHref('p.code'))})`
      : selfLink(variantHref('p.code', 'v.code'));
  return `json_build_object(${detail === 'full' ? `
    'descriptor', ${descriptor(order)},` : ''}
    'id', v.id, 'code', v.code,
    'optionValues', ${jsonArray(
      `json_build_object('code', ov.code, 'translations', ${keyedMap(
        'ovt.locale',
        `json_build_object('locale', ovt.locale, 'id', ovt.id, 'value', ovt.value)`,
        'from product_option_value_translation ovt where ovt.option_value_id = ov.id',
        'ovt.id',
      )})`,
      'from product_variant_option_value vov join product_option_value ov on ov.id = vov.product_option_value_id where vov.product_variant_id = v.id',
      'ov.id',
    )},
    'position', v.position,
    'translations', ${keyedMap('vt.locale', `json_build_object('locale', vt.locale, 'id', vt.id, 'name', vt.name)`, 'from product_variant_translation vt where vt.variant_id = v.id', 'vt.id')},
    'version', v.version, ${stock} ${tracked}
    'taxCategory', ${category('tc', 'tax-categories', detail)},
    'shippingCategory', ${category('sc', 'shipping-categories', detail)},
    'channelPricings', ${keyedMap('cp.channel_code', `json_build_object('channelCode', cp.channel_code, 'price', cp.price)`, 'from channel_pricing cp where cp.variant_id = v.id', 'cp.id')},
    '_links', ${links})`;
}

/** The lines of order `order` (an alias of `orders`) as a JSON array, each with units, adjustments, variant and links. */
export function orderItems(order: string, detail: Detail): string {
  const item = `json_build_object(
    'id', i.id, 'quantity', i.quantity, 'unitPrice', i.unit_price, 'total', i.total,
    'units', ${jsonArray(
      `json_build_object('id', un.value->'id', 'adjustments', ${adjustments("un.value->'adjustments'")}, 'adjustmentsTotal', un.value->'adjustmentsTotal')`,
      'from jsonb_array_elements(i.units) with ordinality as un(value, position)',
      'un.position',
    )},
    'unitsTotal', i.units_total,
    'adjustments', ${adjustments('i.adjustments')},
    'adjustmentsTotal', i.adjustments_total,
    'variant', ${variant(order, detail)},
    '_links', json_build_object('order', ${href(`'/api/v1/orders/' || i.order_id`)}, 'product', ${href(productHref('p.code'))},
                                'variant', ${href(variantHref('p.code', 'v.code'))}))`;
  return jsonArray(
    item,
    `from order_item i
       join product_variant v on v.id = i.variant_id
       join product p on p.id = v.product_id
       left join tax_category tc on tc.id = v.tax_category_id
       left join shipping_category sc on sc.id = v.shipping_category_id
      where i.order_id = ${order}.id`,
    'i.id',
  );
}

/** Every exposed field of channel `alias`. */
export const fullChannel = (alias: string) => `json_build_object(
  'id', ${alias}.id, 'code', ${alias}.code, 'name', ${alias}.name, 'description', ${alias}.description, 'hostname', ${alias}.hostname,
  'color', ${alias}.color, 'createdAt', ${dateTime(`${alias}.created_at`)}, 'updatedAt', ${dateTime(`${alias}.updated_at`)},
  'enabled', ${alias}.enabled, 'taxCalculationStrategy', ${alias}.tax_calculation_strategy,
  '_links', ${selfLink(`'/api/v1/channels/' || ${uriEncoded(`${alias}.code`)}`)})`;

export const channelReference = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'code', ${alias}.code, '_links', ${selfLink(`'/api/v1/channels/' || ${uriEncoded(`${alias}.code`)}`)})`;

export const couponHref = (promotion: string, coupon: string) =>
  `'/api/v1/promotions/' || ${uriEncoded(promotion)} || '/coupons/' || ${uriEncoded(coupon)}`;
