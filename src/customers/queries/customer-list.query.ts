import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListSpec, PageRequest, SortDirection } from '../../common/pagination/page-request';

export const CUSTOMER_SORTS = ['id', 'email', 'firstName', 'lastName', 'createdAt'] as const;
export const CUSTOMER_CRITERIA = ['search', 'group'] as const;
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
    const pattern = likePattern(criteria.search);
    params.push(pattern, pattern, pattern);
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

/** The customer list in two statements whatever the page size: the count, then the page with its accounts. */
export class CustomerListQuery {
  constructor(
    private readonly em: EntityManager,
    private readonly request: CustomerPageRequest,
  ) {}

  async count(): Promise<number> {
    const where = whereClause(this.request.criteria);
    const [row] = await this.em.execute<Array<{ total: string | number }>>(`select count(*) as total from customer c ${where.sql}`, where.params);
    return Number(row.total);
  }

  async page(): Promise<CustomerListRow[]> {
    const { page, limit, sorting, criteria } = this.request;
    const where = whereClause(criteria);
    return this.em.execute<CustomerListRow[]>(
      `select c.id, c.email, c.first_name, c.last_name, u.id as user_id, u.username, u.enabled
       from customer c left join shop_user u on u.customer_id = c.id
       ${where.sql}
       order by ${orderClause(sorting)}
       limit ? offset ?`,
      [...where.params, limit, (page - 1) * limit],
    );
  }
}
