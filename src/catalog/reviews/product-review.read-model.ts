import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageWindow } from '../../common/pagination/page';
import type { PageRequest, SortDirection } from '../../common/pagination/page-request';
import { stringFilterSql, type StringFilter } from '../../common/pagination/string-filter';
import { LIST_READ } from '../../database/replicas/list-read';
import { withDates, type Stored } from '../../database/stored-dates';
import type { ReviewStatus } from './review-transitions';

/**
 * Reviews of one product, with their authors. Every review of the product is listed whatever locales
 * the product is translated into.
 */

export const REVIEW_SORTS = ['date', 'title', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_CRITERIA = ['title'] as const;
export type ReviewCriterion = (typeof REVIEW_CRITERIA)[number];

export interface ReviewAuthor {
  id: number;
  email: string;
  emailCanonical: string;
  firstName: string | null;
  lastName: string | null;
  gender: string;
}

export interface Review {
  id: number;
  title: string;
  rating: number;
  comment: string;
  status: ReviewStatus;
  author: ReviewAuthor;
  createdAt: Date;
  updatedAt: Date;
}

const SORT_COLUMNS: Record<ReviewSort | 'id', string> = { date: 'r.created_at', title: 'r.title', rating: 'r.rating', id: 'r.id' };

const REVIEW_SELECT = `
  select r.id, r.title, r.rating, r.comment, r.status, r.created_at as "createdAt", r.updated_at as "updatedAt",
         json_build_object('id', c.id, 'email', c.email, 'emailCanonical', c.email_canonical, 'firstName', c.first_name,
                           'lastName', c.last_name, 'gender', c.gender) as author
    from product_review r join customer c on c.id = r.author_id`;

const toReview = (row: Stored<Review>): Review => withDates<Review>(row, ['createdAt', 'updatedAt']);

/** The product's id, or null when no product has this code. */
export async function findProductId(em: EntityManager, productCode: string): Promise<number | null> {
  const [row] = await em.execute<Array<{ id: number }>>(`select id from product where code = ?`, [productCode]);
  return row?.id ?? null;
}

/** The review with this id if it is one of the product's. */
export async function findReview(em: EntityManager, productId: number, id: number): Promise<Review | null> {
  const [row] = await em.execute<Array<Stored<Review>>>(`${REVIEW_SELECT} where r.id = ? and r.product_id = ?`, [id, productId]);
  return row === undefined ? null : toReview(row);
}

export interface ReviewListFilters {
  title: StringFilter | null;
}

function listCondition(productId: number, filters: ReviewListFilters) {
  const title = filters.title === null ? null : stringFilterSql('r.title', filters.title);
  return {
    sql: `r.product_id = ?${title === null ? '' : ` and ${title.sql}`}`,
    params: [productId, ...(title?.params ?? [])],
  };
}

export async function countReviews(em: EntityManager, productId: number, filters: ReviewListFilters): Promise<number> {
  const where = listCondition(productId, filters);
  const [row] = await em.execute<Array<{ total: number }>>(`select count(*)::int as total from product_review r where ${where.sql}`, where.params, LIST_READ);
  return row.total;
}

export async function findReviewPage(
  em: EntityManager,
  productId: number,
  request: PageRequest<ReviewSort, ReviewCriterion>,
  filters: ReviewListFilters,
  window: PageWindow,
): Promise<Review[]> {
  const where = listCondition(productId, filters);
  const orderBy = request.sorting.map(([field, direction]: [ReviewSort | 'id', SortDirection]) => `${SORT_COLUMNS[field]} ${direction}`).join(', ');
  const rows = await em.execute<Array<Stored<Review>>>(`${REVIEW_SELECT} where ${where.sql} order by ${orderBy} limit ? offset ?`, [...where.params, window.limit, window.offset], LIST_READ);
  return rows.map(toReview);
}
