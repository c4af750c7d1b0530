/** A shipping category as read by SQL: top-level columns give Dates, JSON built in SQL gives ISO strings. */
export interface ShippingCategoryRow {
  id: number;
  code: string;
  name: string;
  description: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The shipping category with `id = column` as a JSON object (a ShippingCategoryRow), or null. */
export const shippingCategoryJson = (column: string) =>
  `(select row_to_json(sc) from (select c.id, c.code, c.name, c.description, c.created_at, c.updated_at
                                   from shipping_category c where c.id = ${column}) sc)`;
