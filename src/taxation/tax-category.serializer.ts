import { formatDateTime } from '../common/datetime';
import { links, selfLink } from '../common/links';
import { toDate } from '../common/serialization/to-date';
import type { TaxCategory } from './entities/tax-category.entity';
import type { TaxCategoryRow } from './queries/tax-category-sql';

/** Every field of a tax category: the resource itself and the full variant form. */
export function serializeTaxCategory(row: TaxCategoryRow) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ...(row.description !== null && { description: row.description }),
    createdAt: formatDateTime(toDate(row.created_at)),
    updatedAt: formatDateTime(toDate(row.updated_at)),
    _links: selfLink(links.taxCategory(row.code)),
  };
}

/** A loaded tax category in the row form the serializer reads (the SQL read models produce the same). */
export const taxCategoryRow = (category: TaxCategory): TaxCategoryRow => ({
  id: category.id,
  code: category.code,
  name: category.name,
  description: category.description,
  created_at: category.createdAt,
  updated_at: category.updatedAt,
});
