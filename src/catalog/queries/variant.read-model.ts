import type { ConnectionType, EntityManager } from '@mikro-orm/postgresql';
import { LIST_READ } from '../../database/replicas/list-read';
import type { PageWindow } from '../../common/pagination/page';
import type { PageRequest, SortDirection } from '../../common/pagination/page-request';
import { stringFilterSql, type SqlCondition, type StringFilter } from '../../common/pagination/string-filter';
import { findShippingCategoryDetails, type ShippingCategoryDetail } from '../../shipping/categories/queries/shipping-category.read-model';
import { findTaxCategoryDetails, type TaxCategoryDetail } from '../../taxation/queries/tax-category.read-model';

/**
 * The variant read model: a variant with its translations, option values and channel pricings (JSON
 * built by PostgreSQL, each in a fixed order, by id unless said otherwise) and its full tax and shipping
 * categories, which the taxation and shipping modules read, once for any number of variants.
 */

export interface OptionValue {
  code: string;
  translations: Array<{ id: number; locale: string; value: string }>;
}

export interface Variant {
  id: number;
  code: string;
  productCode: string;
  /** The variant's name for the descriptor, or else the product's; null when neither has one. */
  descriptorName: string | null;
  position: number;
  version: number;
  onHold: number;
  onHand: number;
  tracked: boolean;
  weight: number | null;
  width: number | null;
  height: number | null;
  depth: number | null;
  optionValues: OptionValue[];
  translations: Array<{ id: number; locale: string; name: string }>;
  channelPricings: Array<{ channelCode: string; price: number }>;
  taxCategory: TaxCategoryDetail | null;
  shippingCategory: ShippingCategoryDetail | null;
}

/** A variant as VARIANT_SELECT reads it: its categories by id. */
export type VariantRow = Omit<Variant, 'taxCategory' | 'shippingCategory'> & { taxCategoryId: number | null; shippingCategoryId: number | null };

/** Descriptors are written in the first channel's default locale (en_US in a shop without channels). */
const DESCRIPTOR_LOCALE = `coalesce((select l.code from channel ch join locale l on l.id = ch.default_locale_id order by ch.id limit 1), 'en_US')`;

/** The name in the descriptor locale, else in en_US; null when there is none or it is empty. */
const preferredName = (table: string, owner: string, ownerId: string) =>
  `nullif((select t.name from ${table} t where t.${owner} = ${ownerId} and t.locale in (dl.code, 'en_US')
            order by t.locale = dl.code desc limit 1), '')`;

/** `{code, translations: [{id, locale, value}]}` of the option value aliased `ov`. */
export const OPTION_VALUE_JSON = `json_build_object('code', ov.code, 'translations',
  coalesce((select json_agg(json_build_object('id', ovt.id, 'locale', ovt.locale, 'value', ovt.value) order by ovt.id)
              from product_option_value_translation ovt where ovt.option_value_id = ov.id), '[]'::json))`;

/** Variants (`v`) with their product (`p`) as VariantRow; callers append their own `where`. */
export const VARIANT_SELECT = `
  select v.id, v.code, p.code as "productCode",
         coalesce(${preferredName('product_variant_translation', 'variant_id', 'v.id')},
                  ${preferredName('product_translation', 'product_id', 'p.id')}) as "descriptorName",
         v.position, v.version, v.on_hold as "onHold", v.on_hand as "onHand", v.tracked, v.weight, v.width, v.height, v.depth,
         coalesce((select json_agg(${OPTION_VALUE_JSON} order by ov.id)
                     from product_variant_option_value vov join product_option_value ov on ov.id = vov.product_option_value_id
                    where vov.product_variant_id = v.id), '[]'::json) as "optionValues",
         coalesce((select json_agg(json_build_object('id', vt.id, 'locale', vt.locale, 'name', vt.name) order by vt.id)
                     from product_variant_translation vt where vt.variant_id = v.id), '[]'::json) as translations,
         coalesce((select json_agg(json_build_object('channelCode', cp.channel_code, 'price', cp.price) order by cp.id)
                     from channel_pricing cp where cp.variant_id = v.id), '[]'::json) as "channelPricings",
         v.tax_category_id as "taxCategoryId", v.shipping_category_id as "shippingCategoryId"
    from product_variant v
    join product p on p.id = v.product_id
    cross join (select ${DESCRIPTOR_LOCALE} as code) dl`;

/** The variants with their categories, read for all of them at once. */
export async function withCategories(em: EntityManager, rows: VariantRow[], connectionType: ConnectionType = 'write'): Promise<Variant[]> {
  const [taxCategories, shippingCategories] = await Promise.all([
    findTaxCategoryDetails(em, rows.flatMap((row) => (row.taxCategoryId === null ? [] : [row.taxCategoryId])), connectionType),
    findShippingCategoryDetails(em, rows.flatMap((row) => (row.shippingCategoryId === null ? [] : [row.shippingCategoryId])), connectionType),
  ]);
  return rows.map(({ taxCategoryId, shippingCategoryId, ...variant }) => ({
    ...variant,
    taxCategory: taxCategoryId === null ? null : (taxCategories.get(taxCategoryId) ?? null),
    shippingCategory: shippingCategoryId === null ? null : (shippingCategories.get(shippingCategoryId) ?? null),
  }));
}

export const VARIANT_SORTS = ['position', 'code'] as const;
export type VariantSort = (typeof VARIANT_SORTS)[number];
export const VARIANT_CRITERIA = ['code', 'name'] as const;
export type VariantCriterion = (typeof VARIANT_CRITERIA)[number];
export type VariantPageRequest = PageRequest<VariantSort, VariantCriterion>;

/** The variant list's filters: a text over the code, and one over the en_US name (a variant without one has no name to match). */
export interface VariantListFilters {
  code: StringFilter | null;
  name: StringFilter | null;
}

const SORT_COLUMNS: Record<VariantSort | 'id', string> = { position: 'v.position', code: 'v.code', id: 'v.id' };

/** The joins and conditions the filters add to a product's variants (`v`), after `where p.code = ?`. */
function variantFilters(filters: VariantListFilters): { joins: string; conditions: SqlCondition } {
  const parts = [filters.code === null ? null : stringFilterSql('v.code', filters.code), filters.name === null ? null : stringFilterSql('vn.name', filters.name)].filter(
    (part): part is SqlCondition => part !== null,
  );
  return {
    joins: filters.name === null ? '' : ` left join product_variant_translation vn on vn.variant_id = v.id and vn.locale = 'en_US'`,
    conditions: { sql: parts.map((part) => ` and ${part.sql}`).join(''), params: parts.flatMap((part) => part.params) },
  };
}

/** The product's id with its number of variants the filters keep; null when no product has this code. */
export async function countVariants(em: EntityManager, productCode: string, filters: VariantListFilters): Promise<number | null> {
  const { joins, conditions } = variantFilters(filters);
  const [row] = await em.execute<Array<{ total: number }>>(
    `select (select count(*)::int from product_variant v${joins} where v.product_id = p.id${conditions.sql}) as total from product p where p.code = ?`,
    [...conditions.params, productCode],
    LIST_READ,
  );
  return row === undefined ? null : row.total;
}

// ORM populate (shop_bench): joined 169 reads/s, select-in 152 reads/s in 10 statements; one JSON-building statement: 991 reads/s (bench 2026-11-24)
/** A variant, only under the product named in the path. */
export async function findVariant(em: EntityManager, productCode: string, code: string): Promise<Variant | null> {
  const rows = await em.execute<VariantRow[]>(`${VARIANT_SELECT} where p.code = ? and v.code = ?`, [productCode, code]);
  const [variant] = await withCategories(em, rows);
  return variant ?? null;
}

// ORM populate (page of 10, shop_bench): select-in 98 reads/s in 10 statements, joined 30 reads/s; one JSON-building statement: 518 reads/s (bench 2026-11-24)
/** One page of a product's variants. */
export async function findVariantPage(em: EntityManager, productCode: string, request: VariantPageRequest, filters: VariantListFilters, window: PageWindow): Promise<Variant[]> {
  const order = request.sorting.map(([field, direction]: [VariantSort | 'id', SortDirection]) => `${SORT_COLUMNS[field]} ${direction}`).join(', ');
  const { joins, conditions } = variantFilters(filters);
  const rows = await em.execute<VariantRow[]>(
    `${VARIANT_SELECT}${joins} where p.code = ?${conditions.sql} order by ${order} limit ? offset ?`,
    [productCode, ...conditions.params, window.limit, window.offset],
    LIST_READ,
  );
  return withCategories(em, rows, LIST_READ.connectionType);
}
