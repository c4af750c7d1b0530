import type { Promotion } from './entities/promotion.entity';
import type { CheckedSetting } from './promotion-form-check';

/** JSON with object keys sorted at every depth: equal settings give equal texts, whatever order their keys came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Rules or actions as one comparable text, in their order. */
export const settingsState = (settings: readonly CheckedSetting[]): string => canonicalJson(settings.map(({ type, configuration }) => ({ type, configuration })));

/**
 * What a write can change of a promotion (its own fields, rules, actions, channels), as one comparable
 * text: equal before and after a form was applied means the request changed nothing (no event).
 */
export function promotionState(promotion: Promotion): string {
  return canonicalJson([
    promotion.name,
    promotion.description,
    promotion.exclusive,
    promotion.usageLimit,
    promotion.startsAt?.getTime() ?? null,
    promotion.endsAt?.getTime() ?? null,
    promotion.priority,
    promotion.couponBased,
    settingsState(promotion.rules.getItems()),
    settingsState(promotion.actions.getItems()),
    promotion.channels.getItems().map((channel) => channel.id).sort((a, b) => a - b),
  ]);
}
