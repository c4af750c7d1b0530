import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageWindow } from '../../common/pagination/page';
import type { PageRequest, SortDirection } from '../../common/pagination/page-request';
import { stringFilterSql, type SqlCondition, type StringFilter } from '../../common/pagination/string-filter';
import { LIST_READ } from '../../database/replicas/list-read';

/**
 * The promotion list: every promotion, highest priority first unless sorted otherwise, filtered by a text
 * over the code and the name and by whether it is coupon based. A shop has few promotions, so the count
 * reads the filtered rows.
 */

export const PROMOTION_SORTS = ['priority', 'code', 'name'] as const;
export type PromotionSort = (typeof PROMOTION_SORTS)[number];
export const PROMOTION_CRITERIA = ['search', 'couponBased'] as const;
export type PromotionCriterion = (typeof PROMOTION_CRITERIA)[number];

export interface PromotionListFilters {
  search: StringFilter | null;
  couponBased: boolean | null;
}

export interface PromotionListItem {
  id: number;
  code: string;
  name: string;
  priority: number;
  couponBased: boolean;
}

const SORT_COLUMNS: Record<PromotionSort | 'id', string> = { priority: 'p.priority', code: 'p.code', name: 'p.name', id: 'p.id' };

function promotionFilters(filters: PromotionListFilters): SqlCondition {
  const parts: SqlCondition[] = [];
  if (filters.search !== null) {
    const byCode = stringFilterSql('p.code', filters.search);
    const byName = stringFilterSql('p.name', filters.search);
    parts.push({ sql: `(${byCode.sql} or ${byName.sql})`, params: [...byCode.params, ...byName.params] });
  }
  if (filters.couponBased !== null) parts.push({ sql: 'p.coupon_based = ?', params: [filters.couponBased] });
  return { sql: parts.length === 0 ? '' : ` where ${parts.map((part) => part.sql).join(' and ')}`, params: parts.flatMap((part) => part.params) };
}

export async function countPromotions(em: EntityManager, filters: PromotionListFilters): Promise<number> {
  const where = promotionFilters(filters);
  const [row] = await em.execute<Array<{ total: number }>>(`select count(*)::int as total from promotion p${where.sql}`, where.params, LIST_READ);
  return row.total;
}

export async function findPromotionPage(
  em: EntityManager,
  request: PageRequest<PromotionSort, PromotionCriterion>,
  filters: PromotionListFilters,
  window: PageWindow,
): Promise<PromotionListItem[]> {
  const where = promotionFilters(filters);
  const order = request.sorting.map(([field, direction]: [PromotionSort | 'id', SortDirection]) => `${SORT_COLUMNS[field]} ${direction}`).join(', ');
  return em.execute<PromotionListItem[]>(
    `select p.id, p.code, p.name, p.priority, p.coupon_based as "couponBased" from promotion p${where.sql} order by ${order} limit ? offset ?`,
    [...where.params, window.limit, window.offset],
    LIST_READ,
  );
}
