import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
import type { ShippingCategory } from '../entities/shipping-category.entity';
import type { ShippingCategoryDetail } from './queries/shipping-category.read-model';

/** Every field of a shipping category: the resource itself (a loaded entity) and the full variant form (the read model). */
export function serializeShippingCategory(row: ShippingCategoryDetail) {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ...(row.description !== null && { description: row.description }),
    createdAt: formatDateTime(row.createdAt),
    updatedAt: formatDateTime(row.updatedAt),
    _links: selfLink(links.shippingCategory(row.code)),
  };
}

/** A shipping category as its list shows it. */
export function serializeShippingCategoryListItem(category: Pick<ShippingCategory, 'id' | 'code' | 'name'>) {
  return { id: category.id, code: category.code, name: category.name, _links: selfLink(links.shippingCategory(category.code)) };
}
