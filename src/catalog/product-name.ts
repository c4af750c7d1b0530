/** A product translation as the name rule needs it. */
export interface NamedTranslation {
  id: number;
  locale: string;
  name: string;
}

/**
 * The name a product shows in a locale: its translation in that locale, else its oldest
 * translation (lowest id), else its code.
 */
export function productNameIn(translations: readonly NamedTranslation[], locale: string, productCode: string): string {
  let oldest: NamedTranslation | undefined;
  for (const translation of translations) {
    if (translation.locale === locale) return translation.name;
    if (!oldest || translation.id < oldest.id) oldest = translation;
  }
  return oldest?.name ?? productCode;
}

/**
 * The same rule for a SQL read model: `productAlias` is the query's alias of the `product` table and
 * `locale` a SQL expression for the locale, by default the one bound `?` (both fixed text from code, never values).
 */
export function productNameSql(productAlias: string, locale = '?'): string {
  return `coalesce((select pt.name from product_translation pt where pt.product_id = ${productAlias}.id
                    order by (pt.locale = ${locale}) desc, pt.id limit 1), ${productAlias}.code)`;
}
