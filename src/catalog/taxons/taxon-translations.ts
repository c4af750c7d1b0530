import type { EntityManager } from '@mikro-orm/postgresql';
import type { FormErrors } from '../../common/forms/form-errors';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import type { Taxon } from '../entities/taxon.entity';
import { NAME_BLANK, SLUG_BLANK, SLUG_TAKEN } from './forms/taxon-messages';
import type { TaxonTranslationForm } from './forms/taxon-translation.form';
import { TaxonTranslation } from './taxon-translation.entity';

/** The locale whose name is the taxon's own `name`. */
const NAME_LOCALE = 'en_US';

/** The translations a body sends: locale → its form, for each locale sent as an object. */
export type SentTranslations = ReadonlyMap<string, TaxonTranslationForm>;

/** An invalid `translations` (not an object) sends none. */
export function sentTranslations(translations: Record<string, TaxonTranslationForm | null | undefined> | undefined, locales: readonly string[]): SentTranslations {
  const sent = new Map<string, TaxonTranslationForm>();
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
 * What the form's own rules cannot know: a translation the taxon does not have yet needs a name and a slug
 * (a PATCH validates only what it sends), and PUT blanks an existing translation it leaves out, which then
 * fails as blank (a translation is never removed).
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

/** The locales among `(locale, slug)` pairs whose slug another taxon already has in that locale. */
const SLUGS_TAKEN = `select s.locale from json_to_recordset(?::json) as s(locale text, slug text)
  where exists (select 1 from taxon_translation tt where tt.locale = s.locale and tt.slug = s.slug and tt.taxon_id <> ?)`;

/**
 * Adds "Taxon slug must be unique." to each sent slug another taxon has in the same locale; answers whether
 * there was one. `taxonId` is the taxon's own (null for a new one).
 */
export async function checkSlugs(em: EntityManager, errors: FormErrors, sent: SentTranslations, taxonId: number | null): Promise<boolean> {
  const slugs = [...sent]
    .filter(([locale, translation]) => typeof translation.slug === 'string' && !translationErrors(errors, locale).has('slug'))
    .map(([locale, translation]) => ({ locale, slug: translation.slug }));
  if (slugs.length === 0) return false;
  const taken = await em.execute<Array<{ locale: string }>>(SLUGS_TAKEN, [JSON.stringify(slugs), taxonId ?? 0]);
  for (const { locale } of taken) translationErrors(errors, locale).add('slug', SLUG_TAKEN);
  return taken.length > 0;
}

const CLEARED = { name: null, slug: null, description: null };

/**
 * Writes the valid translations sent: a new locale gets a translation; an existing one is replaced (PUT and
 * POST: a text left out is cleared) or merged (PATCH: only the texts sent change). The en_US name becomes
 * the taxon's `name`.
 */
export function applyTranslations(tx: EntityManager, taxon: Taxon, existing: readonly TaxonTranslation[], sent: SentTranslations, mode: UpdateMode): void {
  for (const [locale, form] of sent) {
    const changes = submittedChanges(form, CLEARED, mode);
    let current = existing.find((translation) => translation.locale === locale);
    if (current === undefined) {
      current = tx.create(TaxonTranslation, { taxon, locale, name: form.name!, slug: form.slug!, description: form.description ?? null });
    } else {
      if (changes.name != null) current.name = changes.name;
      if (changes.slug != null) current.slug = changes.slug;
      if (changes.description !== undefined) current.description = changes.description;
    }
    if (locale === NAME_LOCALE) taxon.name = current.name;
  }
}
