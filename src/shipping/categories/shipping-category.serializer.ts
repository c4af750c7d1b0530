import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import { toDate } from '../../common/serialization/to-date';
import type { ShippingCategory } from '../entities/shipping-category.entity';
import type { ShippingCategoryRow } from './queries/shipping-category-sql';

/** Every field of a shipping category: the resource itself and the full variant form. */
export function serializeShippingCategory(row: ShippingCategoryRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ...(row.description !== null && { description: row.description }),
    createdAt: formatDateTime(toDate(row.created_at)),
    updatedAt: formatDateTime(toDate(row.updated_at)),
    _links: selfLink(links.shippingCategory(row.code)),
  };
}

/** A loaded shipping category in the row form the serializer reads (the SQL read models produce the same). */
export const shippingCategoryRow = (category: ShippingCategory): ShippingCategoryRow => ({
  id: category.id,
  code: category.code,
  name: category.name,
  description: category.description,
  created_at: category.createdAt,
  updated_at: category.updatedAt,
});
