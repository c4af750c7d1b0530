import { formatDateTime } from '../common/datetime';
import { links, selfLink } from '../common/links';
import type { TaxCategory } from './entities/tax-category.entity';
import type { TaxCategoryDetail } from './queries/tax-category.read-model';

/** Every field of a tax category: the resource itself (a loaded entity) and the full variant form (the read model). */
export function serializeTaxCategory(row: TaxCategoryDetail) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ...(row.description !== null && { description: row.description }),
    createdAt: formatDateTime(row.createdAt),
    updatedAt: formatDateTime(row.updatedAt),
    _links: selfLink(links.taxCategory(row.code)),
  };
}

/** A tax category as its list shows it. */
export function serializeTaxCategoryListItem(category: Pick<TaxCategory, 'id' | 'code' | 'name'>) {
  return { id: category.id, code: category.code, name: category.name, _links: selfLink(links.taxCategory(category.code)) };
}
