import type { EntityManager } from '@mikro-orm/postgresql';

export interface PromotionSettingRow {
  id: number;
  type: string;
  configuration: unknown;
}

export interface PromotionRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  priority: number;
  exclusive: boolean;
  usage_limit: number | null;
  used: number;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  coupon_based: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  rules: PromotionSettingRow[];
  actions: PromotionSettingRow[];
  channels: Array<{ id: number; code: string }>;
}

export interface PromotionCouponRow {
  id: number;
  code: string;
  used: number;
  usage_limit: number | null;
  expires_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  per_customer_usage_limit: number | null;
  promotion_code: string;
}

const settingsJson = (table: 'promotion_rule' | 'promotion_action') =>
  `coalesce((select json_agg(json_build_object('id', s.id, 'type', s.type, 'configuration', s.configuration) order by s.id)
               from ${table} s where s.promotion_id = pr.id), '[]'::json)`;

/** A promotion with its rules, actions and channels, in one statement. */
const PROMOTION_SELECT = `
  select pr.id, pr.code, pr.name, pr.description, pr.priority, pr.exclusive, pr.usage_limit, pr.used,
         pr.starts_at, pr.ends_at, pr.coupon_based, pr.created_at, pr.updated_at,
         ${settingsJson('promotion_rule')} as rules,
         ${settingsJson('promotion_action')} as actions,
         coalesce((select json_agg(json_build_object('id', ch.id, 'code', ch.code) order by ch.id)
                     from promotion_channel pch join channel ch on ch.id = pch.channel_id
                    where pch.promotion_id = pr.id), '[]'::json) as channels
    from promotion pr`;

export async function findPromotion(em: EntityManager, code: string): Promise<PromotionRow | null> {
  const [row] = await em.execute<PromotionRow[]>(`${PROMOTION_SELECT} where pr.code = ?`, [code]);
  return row ?? null;
}

/** A coupon, only when it belongs to the promotion named in the path. */
export async function findPromotionCoupon(em: EntityManager, promotionCode: string, code: string): Promise<PromotionCouponRow | null> {
  const [row] = await em.execute<PromotionCouponRow[]>(
    `select pc.id, pc.code, pc.used, pc.usage_limit, pc.expires_at, pc.created_at, pc.updated_at, pc.per_customer_usage_limit,
            pr.code as promotion_code
       from promotion_coupon pc
       join promotion pr on pr.id = pc.promotion_id
      where pr.code = ? and pc.code = ?`,
    [promotionCode, code],
  );
  return row ?? null;
}
