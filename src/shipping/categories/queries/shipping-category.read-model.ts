import type { ConnectionType, EntityManager } from '@mikro-orm/postgresql';
import { intArray } from '../../../database/int-array';
import { withDates, type Stored } from '../../../database/stored-dates';
import type { ShippingCategory } from '../../entities/shipping-category.entity';

/** A shipping category with every exposed field: what a loaded entity has, and what findShippingCategoryDetails reads. */
export type ShippingCategoryDetail = Pick<ShippingCategory, 'id' | 'code' | 'name' | 'description' | 'createdAt' | 'updatedAt'>;

const SHIPPING_CATEGORY_DETAILS = `
  select c.id, c.code, c.name, c.description, c.created_at as "createdAt", c.updated_at as "updatedAt"
    from shipping_category c
   where c.id = any(?::int[])`;

/** The shipping categories with these ids, as other modules show one in full: one statement, even for none. */
export async function findShippingCategoryDetails(em: EntityManager, ids: Iterable<number>, connectionType: ConnectionType = 'write'): Promise<Map<number, ShippingCategoryDetail>> {
  const unique = new Set(ids);
  const rows = await em.execute<Array<Stored<ShippingCategoryDetail>>>(SHIPPING_CATEGORY_DETAILS, [intArray(unique)], { connectionType });
  return new Map(rows.map((row) => [row.id, withDates<ShippingCategoryDetail>(row, ['createdAt', 'updatedAt'])]));
}
