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

/**
 * Writes only an average that moved, and then moves `updated_at` with it, as product writes do when the
 * product's GET changes; the row comes back only then.
 */
const RECOMPUTE = `with computed as (
    select coalesce((select round(avg(r.rating), 2) from product_review r where r.product_id = ? and r.status = 'accepted'), 0) as rating)
  update product set average_rating = computed.rating, updated_at = ?
  from computed where product.id = ? and product.average_rating <> computed.rating
  returning product.code`;

/**
 * Recomputes the average of a product this transaction holds locked. The product's code when its
 * average moved (so its GET changed and the caller records `product.updated`), otherwise null.
 */
export async function recomputeAverageRating(tx: EntityManager, productId: number): Promise<string | null> {
  const [changed] = await tx.execute<Array<{ code: string }>>(RECOMPUTE, [productId, new Date(), productId]);
  return changed?.code ?? null;
}

const PRODUCTS_RATED_BY = `select id from product where id in (select product_id from product_review where author_id = ? and status = 'accepted')
  order by id for no key update`;

/**
 * Removes the reviews a customer wrote, inside the transaction that deletes the customer (which holds the
 * customer locked): the products whose average one of them counts in are locked in id order, the reviews
 * deleted, and those averages recomputed. The codes of the products whose average moved, in id order.
 */
export async function deleteReviewsOfAuthor(tx: EntityManager, customerId: number): Promise<string[]> {
  const products = await tx.execute<Array<{ id: number }>>(PRODUCTS_RATED_BY, [customerId]);
  await tx.execute(`delete from product_review where author_id = ?`, [customerId]);
  const changed: string[] = [];
  for (const { id } of products) {
    const code = await recomputeAverageRating(tx, id);
    if (code !== null) changed.push(code);
  }
  return changed;
}
