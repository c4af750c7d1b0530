import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A product's `average_rating`: the mean rating of its accepted reviews rounded to two decimals, 0 when
 * it has none. It is recomputed in the transaction of every write that changes what it counts, with the
 * product locked FOR NO KEY UPDATE first (level 4a of src/database/lock-order.ts), so two such writes of one
 * product run one after the other and the later one counts what the earlier committed.
 */

const LOCK_PRODUCT = `select id from product where code = ? for no key update`;

/** Locks the product with this code; its id, or null when there is no such product. */
export async function lockProductForRating(tx: EntityManager, productCode: string): Promise<number | null> {
  const [row] = await tx.execute<Array<{ id: number }>>(LOCK_PRODUCT, [productCode]);
  return row?.id ?? null;
}

const RECOMPUTE = `update product set average_rating = coalesce(
    (select round(avg(r.rating), 2) from product_review r where r.product_id = product.id and r.status = 'accepted'), 0)
  where id = ?`;

/** Recomputes the average of a product this transaction holds locked. */
export async function recomputeAverageRating(tx: EntityManager, productId: number): Promise<void> {
  await tx.execute(RECOMPUTE, [productId]);
}

const PRODUCTS_RATED_BY = `select id from product where id in (select product_id from product_review where author_id = ? and status = 'accepted')
  order by id for no key update`;

/**
 * Removes the reviews a customer wrote, inside the transaction that deletes the customer (which holds the
 * customer locked): the products whose average one of them counts in are locked in id order, the reviews
 * deleted, and those averages recomputed.
 */
export async function deleteReviewsOfAuthor(tx: EntityManager, customerId: number): Promise<void> {
  const products = await tx.execute<Array<{ id: number }>>(PRODUCTS_RATED_BY, [customerId]);
  await tx.execute(`delete from product_review where author_id = ?`, [customerId]);
  for (const { id } of products) await recomputeAverageRating(tx, id);
}
