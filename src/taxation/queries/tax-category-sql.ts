import type { EntityManager } from '@mikro-orm/postgresql';

/** A tax category as read by SQL: top-level columns give Dates, JSON built in SQL gives ISO strings. */
export interface TaxCategoryRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The columns of a TaxCategoryRow; `alias` is the tax_category table's alias. */
const taxCategoryColumns = (alias: string) =>
  `${alias}.id, ${alias}.code, ${alias}.name, ${alias}.description, ${alias}.created_at, ${alias}.updated_at`;

/** The tax category with `id = column` as a JSON object, or null. */
export const taxCategoryJson = (column: string) =>
  `(select row_to_json(tc) from (select ${taxCategoryColumns('c')} from tax_category c where c.id = ${column}) tc)`;

export async function findTaxCategory(em: EntityManager, code: string): Promise<TaxCategoryRow | null> {
  const [row] = await em.execute<TaxCategoryRow[]>(`select ${taxCategoryColumns('c')} from tax_category c where c.code = ?`, [code]);
  return row ?? null;
}
