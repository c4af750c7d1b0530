import type { EntityManager } from '@mikro-orm/postgresql';

/** A shipping category as read by SQL: top-level columns give Dates, JSON built in SQL gives ISO strings. */
export interface ShippingCategoryRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The columns of a ShippingCategoryRow; `alias` is the shipping_category table's alias. */
const shippingCategoryColumns = (alias: string) =>
  `${alias}.id, ${alias}.code, ${alias}.name, ${alias}.description, ${alias}.created_at, ${alias}.updated_at`;

/** The shipping category with `id = column` as a JSON object, or null. */
export const shippingCategoryJson = (column: string) =>
  `(select row_to_json(sc) from (select ${shippingCategoryColumns('c')} from shipping_category c where c.id = ${column}) sc)`;

export async function findShippingCategory(em: EntityManager, code: string): Promise<ShippingCategoryRow | null> {
  const [row] = await em.execute<ShippingCategoryRow[]>(`select ${shippingCategoryColumns('c')} from shipping_category c where c.code = ?`, [code]);
  return row ?? null;
}
