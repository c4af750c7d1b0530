import type { EntityManager } from '@mikro-orm/postgresql';
import { ProductAttribute } from './product-attribute.entity';

/**
 * Attribute writes queue on this table lock: every create, move and delete renumbers its siblings, so
 * they take turns. Reads are not held up (they take a weaker lock).
 */
export async function lockAttributeList(tx: EntityManager): Promise<void> {
  await tx.execute('lock table "product_attribute" in share row exclusive mode');
}

/** Every attribute in list order (position, then creation). */
export const attributesInOrder = (tx: EntityManager): Promise<ProductAttribute[]> => tx.find(ProductAttribute, {}, { orderBy: { position: 'asc', id: 'asc' } });

/**
 * Puts `attribute` at `position` among `others` (the list without it): a position past the end is the
 * last one. The others keep their order around it and every attribute's position becomes its index.
 */
export function placeAt(others: readonly ProductAttribute[], attribute: ProductAttribute, position: number | null): void {
  const index = position === null ? others.length : Math.min(position, others.length);
  const list = [...others.slice(0, index), attribute, ...others.slice(index)];
  list.forEach((item, at) => {
    if (item.position !== at) item.position = at;
  });
}

/** Renumbers the list once an attribute has left it. */
export function closeGap(remaining: readonly ProductAttribute[]): void {
  remaining.forEach((item, at) => {
    if (item.position !== at) item.position = at;
  });
}
