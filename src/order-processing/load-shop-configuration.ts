import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  EnginePaymentMethod,
  EnginePromotion,
  EnginePromotionAction,
  EnginePromotionRule,
  EngineShippingMethod,
  EngineShop,
  EngineTaxRate,
  EngineZone,
} from './engine';
import { inSequence, query } from './sql';

/**
 * The shop configuration the engine needs for carts of one channel, in six queries whatever its size.
 * Promotions are limited to the channel's; their date window is left to the engine (the clock is its input).
 */
export async function loadShopConfiguration(em: EntityManager, channelId: number): Promise<EngineShop> {
  const [zones, taxRates, shippingMethods, promotions, promotionParts, paymentMethods] = await inSequence([
    () =>
      query<{ code: string; type: EngineZone['type']; scope: EngineZone['scope']; members: string[] | null }>(
      em,
      `select z.code, z.type, z.scope, array_remove(array_agg(m.code order by m.id), null) as members
         from zone z left join zone_member m on m.zone_id = z.id group by z.id order by z.id`,
    ),
    () =>
      query<{ code: string; name: string; category_code: string; zone_code: string; amount: string; included_in_price: boolean }>(
      em,
      `select r.code, r.name, c.code as category_code, z.code as zone_code, r.amount, r.included_in_price
         from tax_rate r join tax_category c on c.id = r.category_id join zone z on z.id = r.zone_id order by r.id`,
    ),
    () =>
      query<{
      code: string; name: string; zone_code: string; calculator: EngineShippingMethod['calculator'];
      configuration: EngineShippingMethod['configuration']; channel_codes: string[] | null; tax_category_code: string | null;
      category_code: string | null; category_requirement: number; position: number; enabled: boolean;
    }>(
      em,
      `select m.code, m.name, z.code as zone_code, m.calculator, m.configuration, tc.code as tax_category_code,
              sc.code as category_code, m.category_requirement, m.position, m.enabled,
              (select array_agg(ch.code order by ch.id) from shipping_method_channel mc join channel ch on ch.id = mc.channel_id
                where mc.shipping_method_id = m.id) as channel_codes
         from shipping_method m join zone z on z.id = m.zone_id
         left join tax_category tc on tc.id = m.tax_category_id left join shipping_category sc on sc.id = m.category_id
        where m.archived_at is null order by m.id`,
    ),
    () =>
      query<{
      id: number; code: string; name: string; priority: number; exclusive: boolean; starts_at: Date | null; ends_at: Date | null;
      usage_limit: number | null; used: number; coupon_based: boolean; channel_codes: string[];
    }>(
      em,
      `select p.id, p.code, p.name, p.priority, p.exclusive, p.starts_at, p.ends_at, p.usage_limit, p.used, p.coupon_based,
              (select array_agg(ch.code order by ch.id) from promotion_channel pc join channel ch on ch.id = pc.channel_id
                where pc.promotion_id = p.id) as channel_codes
         from promotion p
        where exists (select 1 from promotion_channel pc where pc.promotion_id = p.id and pc.channel_id = ?)
        order by p.id`,
      [channelId],
    ),
    () =>
      query<{ promotion_id: number; kind: 'rule' | 'action' | 'coupon'; payload: Record<string, unknown> }>(
      em,
      `select promotion_id, kind, payload from (
         select r.promotion_id, 'rule' as kind, r.id, json_build_object('type', r.type, 'configuration', r.configuration) as payload from promotion_rule r
         union all
         select a.promotion_id, 'action', a.id, json_build_object('type', a.type, 'configuration', a.configuration) from promotion_action a
         union all
         select c.promotion_id, 'coupon', c.id, json_build_object('code', c.code, 'usageLimit', c.usage_limit,
                'perCustomerUsageLimit', c.per_customer_usage_limit, 'expiresAt', c.expires_at, 'used', c.used) from promotion_coupon c
       ) parts
       where promotion_id in (select promotion_id from promotion_channel where channel_id = ?)
       order by promotion_id, kind, id`,
      [channelId],
    ),
    () =>
      query<{ code: string; position: number; enabled: boolean; channel_codes: string[] | null }>(
      em,
      `select m.code, m.position, m.enabled,
              (select array_agg(ch.code order by ch.id) from payment_method_channel mc join channel ch on ch.id = mc.channel_id
                where mc.payment_method_id = m.id) as channel_codes
         from payment_method m order by m.id`,
    ),
  ]);

  return {
    zones: zones.map((z) => ({ code: z.code, type: z.type, scope: z.scope, members: z.members ?? [] })),
    taxRates: taxRates.map(
      (r): EngineTaxRate => ({
        code: r.code, name: r.name, categoryCode: r.category_code, zoneCode: r.zone_code,
        amount: Number(r.amount), includedInPrice: r.included_in_price, calculator: 'default',
      }),
    ),
    shippingMethods: shippingMethods.map(
      (m): EngineShippingMethod => ({
        code: m.code, name: m.name, zoneCode: m.zone_code, calculator: m.calculator, configuration: m.configuration,
        channelCodes: m.channel_codes ?? [], taxCategoryCode: m.tax_category_code, categoryCode: m.category_code,
        categoryRequirement: m.category_requirement as EngineShippingMethod['categoryRequirement'], position: m.position, enabled: m.enabled,
      }),
    ),
    promotions: promotions.map((p): EnginePromotion => {
      const parts = promotionParts.filter((part) => part.promotion_id === p.id);
      return {
        code: p.code, name: p.name, priority: p.priority, exclusive: p.exclusive, channelCodes: p.channel_codes ?? [],
        startsAt: p.starts_at && new Date(p.starts_at), endsAt: p.ends_at && new Date(p.ends_at),
        usageLimit: p.usage_limit, used: p.used, couponBased: p.coupon_based,
        rules: parts.filter((x) => x.kind === 'rule').map((x) => x.payload as unknown as EnginePromotionRule),
        actions: parts.filter((x) => x.kind === 'action').map((x) => x.payload as unknown as EnginePromotionAction),
        coupons: parts
          .filter((x) => x.kind === 'coupon')
          .map((x) => {
            const c = x.payload as { code: string; usageLimit: number | null; perCustomerUsageLimit: number | null; expiresAt: string | null; used: number };
            return { ...c, expiresAt: c.expiresAt ? new Date(c.expiresAt) : null };
          }),
      };
    }),
    paymentMethods: paymentMethods.map(
      (m): EnginePaymentMethod => ({ code: m.code, position: m.position, enabled: m.enabled, channelCodes: m.channel_codes ?? [] }),
    ),
  };
}
