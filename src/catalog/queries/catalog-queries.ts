import type { EntityManager } from '@mikro-orm/postgresql';
import type { PageRequest, SortDirection } from '../../common/pagination/page-request';
import type { ProductRow, VariantRow } from './catalog-rows';
import { PRODUCT_SELECT, VARIANT_SELECT } from './catalog-sql';

export const VARIANT_SORTS = ['position', 'code'] as const;
export type VariantSort = (typeof VARIANT_SORTS)[number];
export type VariantPageRequest = PageRequest<VariantSort, never>;

const SORT_COLUMNS: Record<VariantSort | 'id', string> = { position: 'v.position', code: 'v.code', id: 'v.id' };

/** A product with all its variants, in one statement whatever their number. */
export async function findProduct(em: EntityManager, code: string): Promise<ProductRow | null> {
  const [row] = await em.execute<ProductRow[]>(`${PRODUCT_SELECT} where prod.code = ?`, [code]);
  return row ?? null;
}

/** A variant, only under the product named in the path. */
export async function findVariant(em: EntityManager, productCode: string, code: string): Promise<VariantRow | null> {
  const [row] = await em.execute<VariantRow[]>(`${VARIANT_SELECT} where p.code = ? and v.code = ?`, [productCode, code]);
  return row ?? null;
}

/** Whether the product exists and how many variants it has, in one statement. */
export async function countVariants(em: EntityManager, productCode: string): Promise<{ productExists: boolean; total: number }> {
  const [row] = await em.execute<Array<{ product_exists: boolean; total: number }>>(
    `select exists (select 1 from product where code = ?) as product_exists,
            (select count(*)::int from product_variant v join product p on p.id = v.product_id where p.code = ?) as total`,
    [productCode, productCode],
  );
  return { productExists: row.product_exists, total: row.total };
}

export async function findVariantPage(em: EntityManager, productCode: string, request: VariantPageRequest): Promise<VariantRow[]> {
  const order = request.sorting.map(([field, direction]: [VariantSort | 'id', SortDirection]) => `${SORT_COLUMNS[field]} ${direction}`).join(', ');
  return em.execute<VariantRow[]>(`${VARIANT_SELECT} where p.code = ? order by ${order} limit ? offset ?`, [
    productCode,
    request.limit,
    (request.page - 1) * request.limit,
  ]);
}
