import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  EngineCoupon,
  EnginePaymentMethod,
  EnginePromotion,
  EnginePromotionAction,
  EnginePromotionRule,
  EngineShippingMethod,
  EngineShop,
  EngineTaxRate,
  EngineZone,
} from './engine';

/** The shop configuration of one channel, each promotion with its id, as read at `version`. */
export interface ShopConfigurationSnapshot {
  /** Null when the database has no version row: such a snapshot must not be cached. */
  version: string | null;
  shop: EngineShop;
  /** Promotion ids, in the order of `shop.promotions`. */
  promotionIds: number[];
  /** Shipping and payment method ids by code. */
  shippingMethodIds: Record<string, number>;
  paymentMethodIds: Record<string, number>;
}

interface SnapshotRow {
  version: string | null;
  zones: Array<{ code: string; type: EngineZone['type']; scope: EngineZone['scope']; members: string[] }>;
  tax_rates: Array<{ code: string; name: string; category_code: string; zone_code: string; amount: number; included_in_price: boolean }>;
  shipping_methods: Array<{
    id: number; code: string; name: string; zone_code: string; calculator: EngineShippingMethod['calculator'];
    configuration: EngineShippingMethod['configuration']; channel_codes: string[]; tax_category_code: string | null;
    category_code: string | null; category_requirement: number; position: number; enabled: boolean;
  }>;
  promotions: Array<{
    id: number; code: string; name: string; priority: number; exclusive: boolean; starts_at: string | null; ends_at: string | null;
    usage_limit: number | null; used: number; coupon_based: boolean; channel_codes: string[];
    rules: EnginePromotionRule[]; actions: EnginePromotionAction[];
    coupons: Array<{ code: string; usage_limit: number | null; per_customer_usage_limit: number | null; expires_at: string | null; used: number }>;
  }>;
  payment_methods: Array<{ id: number; code: string; position: number; enabled: boolean; channel_codes: string[] }>;
}

const channelCodes = (joinTable: string, ownerColumn: string, owner: string) =>
  `coalesce((select json_agg(ch.code order by ch.id) from ${joinTable} jc join channel ch on ch.id = jc.channel_id
              where jc.${ownerColumn} = ${owner}), '[]'::json)`;

/**
 * Zones, tax rates, shipping methods, the channel's promotions (rules, actions and, when asked, coupons)
 * and payment methods, with the configuration version, in one statement (one snapshot).
 * Parameters: whether to include the coupons, the channel id.
 */
const SHOP_CONFIGURATION = `select (select version::text from shop_configuration_version where id = 1) as version,
          coalesce((select json_agg(json_build_object('code', z.code, 'type', z.type, 'scope', z.scope,
                              'members', coalesce((select json_agg(m.code order by m.id) from zone_member m where m.zone_id = z.id), '[]'::json))
                            order by z.id)
                      from zone z), '[]'::json) as zones,
          coalesce((select json_agg(json_build_object('code', r.code, 'name', r.name, 'category_code', c.code, 'zone_code', z.code,
                                                      'amount', r.amount, 'included_in_price', r.included_in_price) order by r.id)
                      from tax_rate r join tax_category c on c.id = r.category_id join zone z on z.id = r.zone_id), '[]'::json) as tax_rates,
          coalesce((select json_agg(json_build_object('id', m.id, 'code', m.code, 'name', m.name, 'zone_code', z.code, 'calculator', m.calculator,
                                                      'configuration', m.configuration, 'tax_category_code', tc.code, 'category_code', sc.code,
                                                      'category_requirement', m.category_requirement, 'position', m.position, 'enabled', m.enabled,
                                                      'channel_codes', ${channelCodes('shipping_method_channel', 'shipping_method_id', 'm.id')})
                                    order by m.id)
                      from shipping_method m join zone z on z.id = m.zone_id
                      left join tax_category tc on tc.id = m.tax_category_id left join shipping_category sc on sc.id = m.category_id
                     where m.archived_at is null), '[]'::json) as shipping_methods,
          coalesce((select json_agg(json_build_object('id', p.id, 'code', p.code, 'name', p.name, 'priority', p.priority, 'exclusive', p.exclusive,
                                                      'starts_at', p.starts_at, 'ends_at', p.ends_at, 'usage_limit', p.usage_limit, 'used', p.used,
                                                      'coupon_based', p.coupon_based,
                                                      'channel_codes', ${channelCodes('promotion_channel', 'promotion_id', 'p.id')},
                                                      'rules', coalesce((select json_agg(json_build_object('type', r.type, 'configuration', r.configuration) order by r.id)
                                                                           from promotion_rule r where r.promotion_id = p.id), '[]'::json),
                                                      'actions', coalesce((select json_agg(json_build_object('type', a.type, 'configuration', a.configuration) order by a.id)
                                                                             from promotion_action a where a.promotion_id = p.id), '[]'::json),
                                                      'coupons', coalesce((select json_agg(json_build_object('code', c.code, 'usage_limit', c.usage_limit,
                                                                                   'per_customer_usage_limit', c.per_customer_usage_limit,
                                                                                   'expires_at', c.expires_at, 'used', c.used) order by c.id)
                                                                             from promotion_coupon c where c.promotion_id = p.id and ?::boolean), '[]'::json))
                                    order by p.id)
                      from promotion p
                     where exists (select 1 from promotion_channel pc where pc.promotion_id = p.id and pc.channel_id = ?::int)), '[]'::json) as promotions,
          coalesce((select json_agg(json_build_object('id', m.id, 'code', m.code, 'position', m.position, 'enabled', m.enabled,
                                                      'channel_codes', ${channelCodes('payment_method_channel', 'payment_method_id', 'm.id')})
                                    order by m.id)
                      from payment_method m), '[]'::json) as payment_methods`;

const toDate = (value: string | null): Date | null => (value ? new Date(value) : null);

/** Reads the configuration snapshot of one channel in one statement; coupons only when asked. */
export async function loadShopConfigurationSnapshot(em: EntityManager, channelId: number, withCoupons: boolean): Promise<ShopConfigurationSnapshot> {
  const [row] = await em.execute<SnapshotRow[]>(SHOP_CONFIGURATION, [withCoupons, channelId]);
  return {
    version: row.version,
    promotionIds: row.promotions.map((p) => p.id),
    shippingMethodIds: Object.fromEntries(row.shipping_methods.map((m) => [m.code, m.id])),
    paymentMethodIds: Object.fromEntries(row.payment_methods.map((m) => [m.code, m.id])),
    shop: {
      zones: row.zones.map((z) => ({ code: z.code, type: z.type, scope: z.scope, members: z.members })),
      taxRates: row.tax_rates.map(
        (r): EngineTaxRate => ({
          code: r.code, name: r.name, categoryCode: r.category_code, zoneCode: r.zone_code,
          amount: Number(r.amount), includedInPrice: r.included_in_price, calculator: 'default',
        }),
      ),
      shippingMethods: row.shipping_methods.map(
        (m): EngineShippingMethod => ({
          code: m.code, name: m.name, zoneCode: m.zone_code, calculator: m.calculator, configuration: m.configuration,
          channelCodes: m.channel_codes, taxCategoryCode: m.tax_category_code, categoryCode: m.category_code,
          categoryRequirement: m.category_requirement as EngineShippingMethod['categoryRequirement'], position: m.position, enabled: m.enabled,
        }),
      ),
      promotions: row.promotions.map(
        (p): EnginePromotion => ({
          code: p.code, name: p.name, priority: p.priority, exclusive: p.exclusive, channelCodes: p.channel_codes,
          startsAt: toDate(p.starts_at), endsAt: toDate(p.ends_at),
          usageLimit: p.usage_limit, used: p.used, couponBased: p.coupon_based,
          rules: p.rules,
          actions: p.actions,
          coupons: p.coupons.map(
            (c): EngineCoupon => ({
              code: c.code, usageLimit: c.usage_limit, perCustomerUsageLimit: c.per_customer_usage_limit, expiresAt: toDate(c.expires_at), used: c.used,
            }),
          ),
        }),
      ),
      paymentMethods: row.payment_methods.map(
        (m): EnginePaymentMethod => ({ code: m.code, position: m.position, enabled: m.enabled, channelCodes: m.channel_codes }),
      ),
    },
  };
}

/**
 * The full shop configuration the engine needs for carts of one channel, coupons included, read fresh in
 * one statement. Promotions are limited to the channel's; their date window is left to the engine.
 * Order processing itself goes through the cache (see shop-configuration-cache.ts).
 */
export async function loadShopConfiguration(em: EntityManager, channelId: number): Promise<EngineShop> {
  return (await loadShopConfigurationSnapshot(em, channelId, true)).shop;
}
