import type { EntityManager } from '@mikro-orm/postgresql';
import type { FormErrors } from '../../common/forms/form-errors';
import { readKeyedForms } from '../../common/forms/keyed-forms';
import { NOT_VALID } from '../../common/forms/messages';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import { isPlainObject, type ValidateFormOptions } from '../../common/forms/validate-form';
import { ProductTranslation } from '../entities/product-translation.entity';
import type { Product } from '../entities/product.entity';
import { NAME_BLANK, SLUG_BLANK, SLUG_TAKEN } from '../forms/product-messages';
import type { ProductTranslationForm } from '../forms/product-translation.form';

/** The translations a body sends: locale → its form, for each locale sent as an object. */
export type SentTranslations = ReadonlyMap<string, ProductTranslationForm>;

/**
 * Reads `translations` against the shop's locales (its node lists every locale, sent or not): the valid
 * shape of each locale sent as an object. Anything else than a map is not valid, and sends none.
 */
export function readTranslations(errors: FormErrors, value: unknown, locales: readonly string[], options: ValidateFormOptions): SentTranslations {
  const isMap = value == null || isPlainObject(value) || (Array.isArray(value) && value.length === 0);
  const entries = readKeyedForms<ProductTranslationForm>(errors, 'translations', isMap ? value : {}, locales, options);
  // The map's node lists the locales all the same.
  if (!isMap) errors.subForm('translations').addRoot(NOT_VALID);
  return new Map([...(entries ?? [])].map(([locale, entry]) => [locale, entry.data]));
}

const translationErrors = (errors: FormErrors, locale: string): FormErrors => errors.subForm('translations').subForm(locale);

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
