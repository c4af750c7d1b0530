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
 * The name a line shows for its variant: the variant's own name by the same rule, else its product's;
 * null when neither has any translation.
 */
export function variantDisplayName(variantTranslations: readonly NamedTranslation[], productTranslations: readonly NamedTranslation[], locale: string): string | null {
  const named = variantTranslations.length > 0 ? variantTranslations : productTranslations;
  return named.length === 0 ? null : productNameIn(named, locale, '');
}
