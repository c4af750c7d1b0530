/** A tax category as read by SQL: top-level columns give Dates, JSON built in SQL gives ISO strings. */
export interface TaxCategoryRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The tax category with `id = column` as a JSON object (a TaxCategoryRow), or null. */
export const taxCategoryJson = (column: string) =>
  `(select row_to_json(tc) from (select c.id, c.code, c.name, c.description, c.created_at, c.updated_at
                                   from tax_category c where c.id = ${column}) tc)`;
