import { formatDateTime } from '../../common/datetime';
import { links, selfLink } from '../../common/links';
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
