import {
  adjustments,
  channelReference,
  couponHref,
  dateTime,
  fullChannel,
  href,
  jsonArray,
  keyedMap,
  orderItems,
  selfLink,
  uriEncoded,
} from './sql-json';

/** The bearer token's admin, when the token is known, unexpired, and its admin enabled with API access. */
export const TOKEN_SQL = `
  select 1 from access_token t join admin_user u on u.id = t.user_id
   where t.token_hash = $1 and (t.expires_at is null or t.expires_at > now()) and u.enabled and 'ROLE_API_ACCESS' = any(u.roles)`;

/** $1 = cart id. One row `{body}` when it is a cart (checkout state `cart`), none otherwise. */
export const CART_SQL = `
  select json_strip_nulls(json_build_object(
           'id', o.id,
           'items', ${orderItems('o', 'cart')},
           'itemsTotal', o.items_total,
           'adjustments', ${adjustments('o.adjustments')},
           'adjustmentsTotal', o.adjustments_total,
           'total', o.total,
           'customer', json_build_object('id', c.id, 'email', c.email, 'firstName', c.first_name, 'lastName', c.last_name,
                         'user', case when u.id is null then null
                                 else json_build_object('id', u.id, 'username', u.username, 'usernameCanonical', u.username_canonical, 'enabled', u.enabled) end,
                         '_links', ${selfLink(`'/api/v1/customers/' || c.id`)}),
           'channel', ${channelReference('ch')},
           'currencyCode', o.currency_code,
           'localeCode', o.locale_code,
           'promotionCoupon', case when pc.id is null then null
                              else json_build_object('id', pc.id, 'code', pc.code, 'used', pc.used, 'usageLimit', pc.usage_limit,
                                                     'expiresAt', ${dateTime('pc.expires_at')}, '_links', ${selfLink(couponHref('pr.code', 'pc.code'))}) end,
           'checkoutState', o.checkout_state)) as body
    from orders o
    join customer c on c.id = o.customer_id
    left join shop_user u on u.customer_id = c.id
    join channel ch on ch.id = o.channel_id
    left join promotion_coupon pc on pc.id = o.promotion_coupon_id
    left join promotion pr on pr.id = pc.promotion_id
   where o.id = $1 and o.checkout_state = 'cart'`;

/** $1 = limit, $2 = offset. The total and one page of the customer list (newest id first). */
export const CUSTOMER_PAGE_SQL = `
  select (select count(*) from customer)::int as total,
         ${jsonArray(
           `json_strip_nulls(json_build_object('id', page.id, 'email', page.email, 'firstName', page.first_name, 'lastName', page.last_name,
              'user', case when page.user_id is null then null else json_build_object('id', page.user_id, 'username', page.username, 'enabled', page.enabled) end,
              '_links', ${selfLink(`'/api/v1/customers/' || page.id`)}))`,
           `from (select c.id, c.email, c.first_name, c.last_name, u.id as user_id, u.username, u.enabled
                    from customer c left join shop_user u on u.customer_id = c.id
                   order by c.id desc limit $1 offset $2) as page`,
           'page.id desc',
         )} as items`;

const address = (alias: string) => `json_build_object(
  'id', ${alias}.id, 'firstName', ${alias}.first_name, 'lastName', ${alias}.last_name, 'phoneNumber', ${alias}.phone_number,
  'countryCode', ${alias}.country_code, 'provinceCode', ${alias}.province_code, 'provinceName', ${alias}.province_name,
  'street', ${alias}.street, 'city', ${alias}.city, 'postcode', ${alias}.postcode)`;

const ORDER_HREF = `'/api/v1/orders/' || o.id`;

const payments = jsonArray(
  `json_build_object(
     'id', pa.id,
     'method', case when pm.id is null then null else json_build_object(
        'id', pm.id, 'code', pm.code, 'position', pm.position, 'createdAt', ${dateTime('pm.created_at')}, 'updatedAt', ${dateTime('pm.updated_at')},
        'enabled', pm.enabled,
        'translations', ${keyedMap(
          'pmt.locale',
          `json_build_object('locale', pmt.locale, 'id', pmt.id, 'name', pmt.name, 'description', pmt.description, 'instructions', pmt.instructions)`,
          'from payment_method_translation pmt where pmt.method_id = pm.id',
          'pmt.id',
        )},
        'channels', ${jsonArray(fullChannel('pch'), 'from payment_method_channel pmc join channel pch on pch.id = pmc.channel_id where pmc.payment_method_id = pm.id', 'pch.id')},
        '_links', ${selfLink(`'/api/v1/payment-methods/' || ${uriEncoded('pm.code')}`)}) end,
     'amount', pa.amount,
     'state', pa.state,
     '_links', json_build_object('order', ${href(ORDER_HREF)}, 'self', ${href(`'/api/v1/payments/' || pa.id`)},
                                 'payment-method', case when pm.id is null then null else ${href(`'/api/v1/payment-methods/' || ${uriEncoded('pm.code')}`)} end))`,
  'from payment pa left join payment_method pm on pm.id = pa.method_id where pa.order_id = o.id',
  'pa.id',
);

const shipments = jsonArray(
  `json_build_object(
     'id', s.id,
     'state', s.state,
     'method', json_build_object('id', sm.id, 'code', sm.code, 'enabled', sm.enabled,
                 '_links', json_build_object('zone', ${href(`'/api/v1/zones/' || ${uriEncoded('z.code')}`)},
                                             'self', ${href(`'/api/v1/shipping-methods/' || ${uriEncoded('sm.code')}`)})),
     'tracking', s.tracking,
     '_links', json_build_object('order', ${href(ORDER_HREF)}, 'self', ${href(`'/api/v1/shipments/' || s.id`)},
                                 'shipping-method', ${href(`'/api/v1/shipping-methods/' || ${uriEncoded('sm.code')}`)},
                                 'method', ${href(`'/api/v1/shipping-methods/' || ${uriEncoded('sm.code')}`)}))`,
  'from shipment s join shipping_method sm on sm.id = s.method_id join zone z on z.id = sm.zone_id where s.order_id = o.id',
  's.id',
);

/** The customer of the listed orders ($1), built once per request: every order on the page has the same one. */
const ORDER_CUSTOMER = `(select json_build_object(
     'id', c.id, 'email', c.email, 'emailCanonical', c.email_canonical, 'firstName', c.first_name, 'lastName', c.last_name,
     'birthday', ${dateTime('c.birthday')}, 'gender', c.gender,
     'group', (select json_agg(json_build_object('id', g.id, 'code', g.code, 'name', g.name) order by g.id)
                 from customer_customer_group cg join customer_group g on g.id = cg.customer_group_id where cg.customer_id = c.id),
     'user', (select json_build_object('id', u.id, 'username', u.username, 'usernameCanonical', u.username_canonical,
                                       'roles', to_json(u.roles), 'enabled', u.enabled) from shop_user u where u.customer_id = c.id),
     '_links', ${selfLink(`'/api/v1/customers/' || c.id`)})
   from customer c where c.id = $1)`;

/**
 * One order `o` of the customer-orders list: no serialization groups, so everything exposed. Each related row
 * is a scalar subquery of its own, which keeps planning cheap (no many-way join to order).
 */
const FULL_ORDER = `json_strip_nulls(json_build_object(
  'id', o.id,
  'checkoutCompletedAt', ${dateTime('o.checkout_completed_at')},
  'number', o.number,
  'items', ${orderItems('o', 'full')},
  'itemsTotal', o.items_total,
  'adjustments', ${adjustments('o.adjustments')},
  'adjustmentsTotal', o.adjustments_total,
  'total', o.total,
  'state', o.state,
  'customer', ${ORDER_CUSTOMER},
  'channel', (select ${fullChannel('ch')} from channel ch where ch.id = o.channel_id),
  'shippingAddress', (select ${address('sa')} from address sa where sa.id = o.shipping_address_id),
  'billingAddress', (select ${address('ba')} from address ba where ba.id = o.billing_address_id),
  'payments', ${payments},
  'shipments', ${shipments},
  'currencyCode', o.currency_code,
  'localeCode', o.locale_code,
  'promotionCoupon', (select json_build_object(
     'id', pc.id, 'code', pc.code, 'used', pc.used, 'usageLimit', pc.usage_limit, 'expiresAt', ${dateTime('pc.expires_at')},
     'createdAt', ${dateTime('pc.created_at')}, 'updatedAt', ${dateTime('pc.updated_at')}, 'perCustomerUsageLimit', pc.per_customer_usage_limit,
     '_links', json_build_object('self', ${href(couponHref('pr.code', 'pc.code'))}, 'promotion', ${href(`'/api/v1/promotions/' || ${uriEncoded('pr.code')}`)}))
   from promotion_coupon pc join promotion pr on pr.id = pc.promotion_id where pc.id = o.promotion_coupon_id),
  'checkoutState', o.checkout_state))`;

/**
 * $1 = customer id, $2 = limit, $3 = offset. Whether the customer exists, how many orders (every state) it
 * has, and one page of them, most recently updated first: the page's rows are picked on the customer index,
 * then only they are built.
 */
export const CUSTOMER_ORDERS_SQL = `
  select exists (select 1 from customer where id = $1) as customer_exists,
         (select count(*) from orders where customer_id = $1)::int as total,
         ${jsonArray(
           FULL_ORDER,
           `from (select * from orders where customer_id = $1 order by updated_at desc, id desc limit $2 offset $3) as o`,
           'o.updated_at desc, o.id desc',
         )} as items`;
