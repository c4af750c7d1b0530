import type { EntityManager } from '@mikro-orm/postgresql';
import { canonicalEmail } from '../canonical-email';
import type { ListSpec, PageRequest, SortDirection } from '../../common/pagination/page-request';

const CUSTOMER_SORTS = ['id', 'email', 'firstName', 'lastName', 'createdAt'] as const;
const CUSTOMER_CRITERIA = ['search', 'group'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export type CustomerCriterion = (typeof CUSTOMER_CRITERIA)[number];
export type CustomerPageRequest = PageRequest<CustomerSort, CustomerCriterion>;
export const CUSTOMER_LIST_SPEC: ListSpec<CustomerSort, CustomerCriterion> = { sortable: CUSTOMER_SORTS, defaultSort: ['id', 'desc'], criteria: CUSTOMER_CRITERIA };

/** One row of the customer list, with the account fields the list shows. */
export interface CustomerListRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  user_id: number | null;
  username: string | null;
  enabled: boolean | null;
}

const SORT_COLUMNS: Record<CustomerSort, string> = {
  id: 'c.id',
  email: 'c.email_canonical',
  firstName: 'lower(c.first_name)',
  lastName: 'lower(c.last_name)',
  createdAt: 'c.created_at',
};

const likePattern = (term: string): string => `%${term.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

function whereClause(criteria: CustomerPageRequest['criteria']): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (criteria.search) {
    conditions.push(`(c.email_canonical like ? escape '!' or lower(c.first_name) like ? escape '!' or lower(c.last_name) like ? escape '!')`);
    // The email is matched in its canonical form, as it is stored (see canonicalEmail).
    const pattern = likePattern(criteria.search);
    params.push(likePattern(canonicalEmail(criteria.search)), pattern, pattern);
  }
  if (criteria.group) {
    conditions.push(
      'exists (select 1 from customer_customer_group cg join customer_group g on g.id = cg.customer_group_id where cg.customer_id = c.id and g.code = ?)',
    );
    params.push(criteria.group);
  }
  return { sql: conditions.length > 0 ? `where ${conditions.join(' and ')}` : '', params };
}

const orderClause = (sorting: CustomerPageRequest['sorting']): string =>
  sorting.map(([field, direction]: [CustomerSort, SortDirection]) => `${SORT_COLUMNS[field]} ${direction}`).join(', ');

// Read model: ORM findAndCount (fields + populate user): 255 req/s, 2.5 ms CPU/req; a count then a page
// statement: 622 req/s, 0.86 ms CPU/req (app.inject on shop_bench, 2026-11-24). Count and page in one
// statement save a round trip: bench ratio to the baseline 0.66–0.76 with two statements (2026-11-24).

/**
 * How many customers match the request's criteria, and the requested page of them with their accounts,
 * in one statement whatever the page size (a page past the end comes back empty).
 */
export async function customerPageWithTotal(em: EntityManager, request: CustomerPageRequest): Promise<{ total: number; rows: CustomerListRow[] }> {
  const { page, limit, sorting, criteria } = request;
  const where = whereClause(criteria);
  const rows = await em.execute<Array<CustomerListRow & { total: string | number }>>(
    `select matching.total, page.*
       from (select count(*) as total from customer c ${where.sql}) matching
       left join lateral (
         select c.id, c.email, c.first_name, c.last_name, u.id as user_id, u.username, u.enabled,
                row_number() over (order by ${orderClause(sorting)}) as position
           from customer c left join shop_user u on u.customer_id = c.id
           ${where.sql}
          order by ${orderClause(sorting)}
          limit ? offset ?) page on true
      order by page.position`,
    [...where.params, ...where.params, limit, (page - 1) * limit],
  );
  const total = rows.length === 0 ? 0 : Number(rows[0].total);
  const found = rows.filter((row) => row.id !== null).map(({ id, email, first_name, last_name, user_id, username, enabled }) => ({ id, email, first_name, last_name, user_id, username, enabled }));
  return { total, rows: found };
}
