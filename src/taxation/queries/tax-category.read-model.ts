import type { ConnectionType, EntityManager } from '@mikro-orm/postgresql';
import { intArray } from '../../database/int-array';
import { withDates, type Stored } from '../../database/stored-dates';
import type { TaxCategory } from '../entities/tax-category.entity';

/** A tax category with every exposed field: what a loaded entity has, and what findTaxCategoryDetails reads. */
export type TaxCategoryDetail = Pick<TaxCategory, 'id' | 'code' | 'name' | 'description' | 'createdAt' | 'updatedAt'>;

const TAX_CATEGORY_DETAILS = `
  select c.id, c.code, c.name, c.description, c.created_at as "createdAt", c.updated_at as "updatedAt"
    from tax_category c
   where c.id = any(?::int[])`;

/** The tax categories with these ids, as other modules show one in full: one statement, even for none. */
export async function findTaxCategoryDetails(em: EntityManager, ids: Iterable<number>, connectionType: ConnectionType = 'write'): Promise<Map<number, TaxCategoryDetail>> {
  const unique = new Set(ids);
  const rows = await em.execute<Array<Stored<TaxCategoryDetail>>>(TAX_CATEGORY_DETAILS, [intArray(unique)], { connectionType });
  return new Map(rows.map((row) => [row.id, withDates<TaxCategoryDetail>(row, ['createdAt', 'updatedAt'])]));
}
