import type { EntityManager } from '@mikro-orm/postgresql';
import type { FormErrors } from '../../common/forms/form-errors';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import { ProductTranslation } from '../entities/product-translation.entity';
import type { Product } from '../entities/product.entity';
import { NAME_BLANK, SLUG_BLANK, SLUG_TAKEN } from '../forms/product-messages';
import type { ProductTranslationForm } from '../forms/product-translation.form';

/** The translations a body sends: locale → its form, for each locale sent as an object. */
export type SentTranslations = ReadonlyMap<string, ProductTranslationForm>;

/** An invalid `translations` (not an object) sends none. */
export function sentTranslations(translations: Record<string, ProductTranslationForm | null | undefined> | undefined, locales: readonly string[]): SentTranslations {
  const sent = new Map<string, ProductTranslationForm>();
  for (const locale of locales) {
    const translation = typeof translations === 'object' && translations !== null ? translations[locale] : undefined;
    // Anything else than an object was refused at the locale.
    if (typeof translation === 'object' && translation !== null && !Array.isArray(translation)) sent.set(locale, translation);
  }
  return sent;
}

const translationErrors = (errors: FormErrors, locale: string): FormErrors => errors.subForm('translations').subForm(locale);

/** The 400 tree lists one child of `translations` per locale, sent or not. */
export function listLocales(errors: FormErrors, locales: readonly string[]): void {
  for (const locale of locales) translationErrors(errors, locale);
}

/**
 * What the form's own rules cannot know: a translation the product does not have yet needs a name and a
 * slug (a PATCH validates only what it sends), and PUT blanks an existing translation it leaves out, which
 * then fails as blank (a translation is never removed).
 */
export function checkTranslationPresence(errors: FormErrors, sent: SentTranslations, existing: readonly string[], locales: readonly string[], mode: UpdateMode): void {
  for (const [locale, translation] of sent) {
    if (existing.includes(locale)) continue;
    if (translation.name === undefined) translationErrors(errors, locale).add('name', NAME_BLANK);
    if (translation.slug === undefined) translationErrors(errors, locale).add('slug', SLUG_BLANK);
  }
  if (mode !== 'replace') return;
  for (const locale of existing) {
    if (!locales.includes(locale) || sent.has(locale)) continue;
    translationErrors(errors, locale).add('name', NAME_BLANK).add('slug', SLUG_BLANK);
  }
}

/** The locales among `(locale, slug)` pairs whose slug another product already has in that locale. */
const SLUGS_TAKEN = `select s.locale from json_to_recordset(?::json) as s(locale text, slug text)
  where exists (select 1 from product_translation pt where pt.locale = s.locale and pt.slug = s.slug and pt.product_id <> ?)`;

/**
 * Adds "Product slug must be unique." to each sent slug another product has in the same locale; answers
 * whether there was one. `productId` is the product's own (null for a new one).
 */
export async function checkSlugs(em: EntityManager, errors: FormErrors, sent: SentTranslations, productId: number | null): Promise<boolean> {
  const slugs = [...sent]
    .filter(([locale, translation]) => typeof translation.slug === 'string' && !translationErrors(errors, locale).has('slug'))
    .map(([locale, translation]) => ({ locale, slug: translation.slug }));
  if (slugs.length === 0) return false;
  const taken = await em.execute<Array<{ locale: string }>>(SLUGS_TAKEN, [JSON.stringify(slugs), productId ?? 0]);
  for (const { locale } of taken) translationErrors(errors, locale).add('slug', SLUG_TAKEN);
  return taken.length > 0;
}

const CLEARED = { name: null, slug: null, description: null, metaKeywords: null, metaDescription: null, shortDescription: null };

/**
 * Writes the valid translations sent: a new locale gets a translation; an existing one is replaced (PUT
 * and POST: a text left out is cleared) or merged (PATCH: only the texts sent change).
 */
export function applyTranslations(tx: EntityManager, product: Product, existing: readonly ProductTranslation[], sent: SentTranslations, mode: UpdateMode): void {
  for (const [locale, form] of sent) {
    const changes = submittedChanges(form, CLEARED, mode);
    const current = existing.find((translation) => translation.locale === locale);
    if (current === undefined) {
      tx.create(ProductTranslation, {
        product,
        locale,
        name: form.name!,
        slug: form.slug!,
        description: form.description ?? null,
        metaKeywords: form.metaKeywords ?? null,
        metaDescription: form.metaDescription ?? null,
        shortDescription: form.shortDescription ?? null,
      });
      continue;
    }
    if (changes.name != null) current.name = changes.name;
    if (changes.slug != null) current.slug = changes.slug;
    if (changes.description !== undefined) current.description = changes.description;
    if (changes.metaKeywords !== undefined) current.metaKeywords = changes.metaKeywords;
    if (changes.metaDescription !== undefined) current.metaDescription = changes.metaDescription;
    if (changes.shortDescription !== undefined) current.shortDescription = changes.shortDescription;
  }
}
