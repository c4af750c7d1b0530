import { shippingCategoryJson } from '../../shipping/categories/queries/shipping-category-sql';
import { taxCategoryJson } from '../../taxation/queries/tax-category-sql';

/** SQL of the catalog reads. Every nested collection has a fixed order, by id unless said otherwise. */

/** Descriptors are written in the first channel's default locale (en_US in a shop without channels). */
const DESCRIPTOR_LOCALE = `coalesce((select l.code from channel ch join locale l on l.id = ch.default_locale_id order by ch.id limit 1), 'en_US')`;

/** The name in the descriptor locale, else in en_US; null when there is none or it is empty. */
const preferredName = (table: string, owner: string, ownerId: string) =>
  `nullif((select t.name from ${table} t where t.${owner} = ${ownerId} and t.locale in (dl.code, 'en_US')
            order by t.locale = dl.code desc limit 1), '')`;

/** `{code, translations: [{id, locale, value}]}` of the option value aliased `ov`. */
const OPTION_VALUE_JSON = `json_build_object('code', ov.code, 'translations',
  coalesce((select json_agg(json_build_object('id', ovt.id, 'locale', ovt.locale, 'value', ovt.value) order by ovt.id)
              from product_option_value_translation ovt where ovt.option_value_id = ov.id), '[]'::json))`;

/**
 * Variants (`v`) with their product (`p`), translations, option values, channel pricings and full tax
 * and shipping categories. Callers append their own `where`.
 */
export const VARIANT_SELECT = `
  select v.id, v.code, p.code as product_code,
         coalesce(${preferredName('product_variant_translation', 'variant_id', 'v.id')},
                  ${preferredName('product_translation', 'product_id', 'p.id')}) as descriptor_name,
         v.position, v.version, v.on_hold, v.on_hand, v.tracked, v.weight, v.width, v.height, v.depth,
         coalesce((select json_agg(${OPTION_VALUE_JSON} order by ov.id)
                     from product_variant_option_value vov join product_option_value ov on ov.id = vov.product_option_value_id
                    where vov.product_variant_id = v.id), '[]'::json) as option_values,
         coalesce((select json_agg(json_build_object('id', vt.id, 'locale', vt.locale, 'name', vt.name) order by vt.id)
                     from product_variant_translation vt where vt.variant_id = v.id), '[]'::json) as translations,
         coalesce((select json_agg(json_build_object('channel_code', cp.channel_code, 'price', cp.price) order by cp.id)
                     from channel_pricing cp where cp.variant_id = v.id), '[]'::json) as channel_pricings,
         ${taxCategoryJson('v.tax_category_id')} as tax_category,
         ${shippingCategoryJson('v.shipping_category_id')} as shipping_category
    from product_variant v
    join product p on p.id = v.product_id
    cross join (select ${DESCRIPTOR_LOCALE} as code) dl`;

/** A product (`prod`) with every variant (by position), its options and their values, translations and taxons. */
export const PRODUCT_SELECT = `
  select prod.id, prod.code, prod.enabled, prod.created_at, prod.updated_at,
         coalesce((select json_agg(variant order by variant.position, variant.id)
                     from (${VARIANT_SELECT} where v.product_id = prod.id) variant), '[]'::json) as variants,
         coalesce((select json_agg(json_build_object('id', o.id, 'code', o.code, 'name', o.name, 'position', o.position, 'values',
                                     coalesce((select json_agg(${OPTION_VALUE_JSON} order by ov.id)
                                                 from product_option_value ov where ov.option_id = o.id), '[]'::json))
                                   order by o.position, o.id)
                     from product_product_option ppo join product_option o on o.id = ppo.product_option_id
                    where ppo.product_id = prod.id), '[]'::json) as options,
         coalesce((select json_agg(json_build_object('id', pt.id, 'locale', pt.locale, 'name', pt.name, 'description', pt.description) order by pt.id)
                     from product_translation pt where pt.product_id = prod.id), '[]'::json) as translations,
         coalesce((select json_agg(json_build_object('id', tx.id, 'code', tx.code, 'name', tx.name) order by tx.id)
                     from product_taxon ptx join taxon tx on tx.id = ptx.taxon_id where ptx.product_id = prod.id), '[]'::json) as taxons
    from product prod`;
