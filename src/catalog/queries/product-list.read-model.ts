import type { EntityManager } from '@mikro-orm/postgresql';
import { fromTheEnd, type PageWindow } from '../../common/pagination/page';
import type { PageRequest, SortDirection } from '../../common/pagination/page-request';
import { stringFilterSql, type SqlCondition, type StringFilter } from '../../common/pagination/string-filter';
import { LIST_READ } from '../../database/replicas/list-read';
import { productOptionsJson, type ProductOption } from './product.read-model';

/**
 * The product list: products with an en_US translation (the name the list shows and sorts by), optionally
 * those directly in one taxon, filtered by a text over the code and the en_US name and by `enabled`.
 *
 * Its cost stays flat as the catalogue grows (bench `--only product-lists`, Migration20261129050000):
 * - sorted by code or name, a page is read along the unique code index or the en_US name index, and a page
 *   in the second half of the list is read from the end in the reverse order (fromTheEnd), so the last page
 *   steps over no more rows than the first;
 * - the unfiltered total is one row kept by triggers (`product_list_count`); a search goes through the
 *   trigram indexes of the code and of the en_US name, so a filtered count and page cost what the matches
 *   do. A search term under three characters, `criteria[enabled]` alone and `taxonId` are counted over
 *   their rows (every product, or the taxon's).
 */

export const PRODUCT_SORTS = ['code', 'name'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_CRITERIA = ['search', 'enabled'] as const;
export type ProductCriterion = (typeof PRODUCT_CRITERIA)[number];

export interface ProductListFilters {
  search: StringFilter | null;
  enabled: boolean | null;
  taxonId: number | null;
}

export interface ProductListItem {
  id: number;
  code: string;
  name: string;
  averageRating: number;
  options: ProductOption[];
}

const SORT_COLUMNS: Record<ProductSort | 'id', string> = { code: 'p.code', name: 'pt.name', id: 'p.id' };
/** The same order over the page's own columns. */
const PAGE_COLUMNS: Record<ProductSort | 'id', string> = { code: 'page.code', name: 'page.name', id: 'page.id' };

const orderBy = (columns: Record<ProductSort | 'id', string>, sorting: Array<[ProductSort | 'id', SortDirection]>) =>
  sorting.map(([field, direction]) => `${columns[field]} ${direction}`).join(', ');

const reversed = (sorting: Array<[ProductSort | 'id', SortDirection]>): Array<[ProductSort | 'id', SortDirection]> =>
  sorting.map(([field, direction]) => [field, direction === 'asc' ? 'desc' : 'asc']);

/** The list's rows (`p` the product, `pt` its en_US translation) with every filter, and their bound values. */
function listedProducts(filters: ProductListFilters): SqlCondition {
  const params: unknown[] = [];
  let sql = `from product p join product_translation pt on pt.product_id = p.id and pt.locale = 'en_US'`;
  if (filters.taxonId !== null) {
    sql += ` join product_taxon ptx on ptx.product_id = p.id and ptx.taxon_id = ?`;
    params.push(filters.taxonId);
  }
  const conditions: string[] = [];
  if (filters.enabled !== null) {
    conditions.push('p.enabled = ?');
    params.push(filters.enabled);
  }
  if (filters.search !== null) {
    // Either side alone is served by its trigram index; `or` across the join would read every product.
    const byCode = stringFilterSql('c.code', filters.search);
    const byName = stringFilterSql('n.name', filters.search);
    conditions.push(
      `p.id in (select c.id from product c where ${byCode.sql} union select n.product_id from product_translation n where n.locale = 'en_US' and ${byName.sql})`,
    );
    params.push(...byCode.params, ...byName.params);
  }
  if (conditions.length > 0) sql += ` where ${conditions.join(' and ')}`;
  return { sql, params };
}

const unfiltered = (filters: ProductListFilters) => filters.search === null && filters.enabled === null && filters.taxonId === null;

/** How many products the list holds with these filters. */
export async function countProductList(em: EntityManager, filters: ProductListFilters): Promise<number> {
  if (unfiltered(filters)) {
    const [row] = await em.execute<Array<{ total: number }>>(`select coalesce((select total::int from product_list_count where id = 1), 0) as total`, [], LIST_READ);
    return row.total;
  }
  const from = listedProducts(filters);
  const [row] = await em.execute<Array<{ total: number }>>(`select count(*)::int as total ${from.sql}`, from.params, LIST_READ);
  return row.total;
}

/** One page of the list, of `total` products; the options are read for the page's products only. */
export async function findProductListPage(
  em: EntityManager,
  request: PageRequest<ProductSort, ProductCriterion>,
  filters: ProductListFilters,
  window: PageWindow,
  total: number,
): Promise<ProductListItem[]> {
  const fromEnd = fromTheEnd(window, total);
  const sorting = fromEnd === null ? request.sorting : reversed(request.sorting);
  const { limit, offset } = fromEnd ?? window;
  const from = listedProducts(filters);
  const rows = await em.execute<ProductListItem[]>(
    `select page.id, page.code, page.name, page.average_rating::float8 as "averageRating", ${productOptionsJson('page.id')} as options
       from (select p.id, p.code, pt.name, p.average_rating ${from.sql} order by ${orderBy(SORT_COLUMNS, sorting)} limit ? offset ?) page
      order by ${orderBy(PAGE_COLUMNS, sorting)}`,
    [...from.params, limit, offset],
    LIST_READ,
  );
  return fromEnd === null ? rows : rows.reverse();
}
