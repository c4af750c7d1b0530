import type { EntityManager } from '@mikro-orm/postgresql';
import type { FormErrors } from '../../common/forms/form-errors';
import { readKeyedForms } from '../../common/forms/keyed-forms';
import { NOT_VALID } from '../../common/forms/messages';
import { submittedChanges, type UpdateMode } from '../../common/forms/submitted-changes';
import { isPlainObject, type ValidateFormOptions } from '../../common/forms/validate-form';

/** The texts every slugged translation has (products, taxons): both are required and never cleared. */
interface SluggedTexts {
  name?: string | null;
  slug?: string | null;
}

/** The translations a body sends: locale → its form, for each locale sent as an object. */
export type SentTranslations<T extends SluggedTexts> = ReadonlyMap<string, T>;

/** What differs between the owners of slugged translations. */
export interface SluggedTranslationRules {
  nameBlank: string;
  slugBlank: string;
  slugTaken: string;
  /**
   * A fixed statement: the locales among `(locale, slug)` pairs (`?::json`, a list of `{locale, slug}`)
   * whose slug another owner than the one of id `?` (0 for a new one) already has in that locale.
   */
  slugsTakenSql: string;
}

/** How each write reads the translations sent: as the form pipe of its route reads the rest of the body. */
export const TRANSLATION_OPTIONS: Record<'create' | UpdateMode, ValidateFormOptions> = { create: {}, replace: {}, merge: { partial: true, validateNulls: true } };

const translationErrors = (errors: FormErrors, locale: string): FormErrors => errors.subForm('translations').subForm(locale);

/**
 * Reads `translations` against the shop's locales (its node lists every locale, sent or not): the valid
 * shape of each locale sent as an object. Anything else than a map is not valid, and sends none.
 */
export function readTranslations<T extends SluggedTexts>(errors: FormErrors, value: unknown, locales: readonly string[], options: ValidateFormOptions): SentTranslations<T> {
  const isMap = value == null || isPlainObject(value) || (Array.isArray(value) && value.length === 0);
  const entries = readKeyedForms<T>(errors, 'translations', isMap ? value : {}, locales, options);
  // The map's node lists the locales all the same.
  if (!isMap) errors.subForm('translations').addRoot(NOT_VALID);
  return new Map([...(entries ?? [])].map(([locale, entry]) => [locale, entry.data]));
}

/**
 * What the form's own rules cannot know: a translation the owner does not have yet needs a name and a
 * slug (a PATCH validates only what it sends), and PUT blanks an existing translation it leaves out, which
 * then fails as blank (a translation is never removed).
 */
export function checkTranslationPresence(
  errors: FormErrors,
  sent: SentTranslations<SluggedTexts>,
  existing: readonly string[],
  locales: readonly string[],
  mode: UpdateMode,
  rules: SluggedTranslationRules,
): void {
  for (const [locale, translation] of sent) {
    if (existing.includes(locale)) continue;
    if (translation.name === undefined) translationErrors(errors, locale).add('name', rules.nameBlank);
    if (translation.slug === undefined) translationErrors(errors, locale).add('slug', rules.slugBlank);
  }
  if (mode !== 'replace') return;
  for (const locale of existing) {
    if (!locales.includes(locale) || sent.has(locale)) continue;
    translationErrors(errors, locale).add('name', rules.nameBlank).add('slug', rules.slugBlank);
  }
}

/**
 * Adds the rules' `slugTaken` to each sent slug another owner has in the same locale; answers whether
 * there was one. `ownerId` is the owner's own id (null for a new one).
 */
export async function checkSlugs(
  em: EntityManager,
  errors: FormErrors,
  sent: SentTranslations<SluggedTexts>,
  ownerId: number | null,
  rules: SluggedTranslationRules,
): Promise<boolean> {
  const slugs = [...sent]
    .filter(([locale, translation]) => typeof translation.slug === 'string' && !translationErrors(errors, locale).has('slug'))
    .map(([locale, translation]) => ({ locale, slug: translation.slug }));
  if (slugs.length === 0) return false;
  const taken = await em.execute<Array<{ locale: string }>>(rules.slugsTakenSql, [JSON.stringify(slugs), ownerId ?? 0]);
  for (const { locale } of taken) translationErrors(errors, locale).add('slug', rules.slugTaken);
  return taken.length > 0;
}

/** A stored translation whose texts are the keys `K`. */
type StoredTranslation<K extends string> = { locale: string } & Record<K, string | null>;

/**
 * Writes the valid translations sent: a new locale gets a translation (`create`); an existing one is
 * replaced (PUT and POST: a text left out is cleared) or merged (PATCH: only the texts sent change).
 * `cleared` names every text of the translation. Answers the translations written, by locale.
 */
export function applyTranslations<K extends string, T extends SluggedTexts & Partial<Record<K, string | null>>, E extends StoredTranslation<K>>(
  sent: SentTranslations<T>,
  existing: readonly E[],
  mode: UpdateMode,
  cleared: Record<K, null>,
  create: (locale: string, form: T) => E,
): Map<string, E> {
  const written = new Map<string, E>();
  for (const [locale, form] of sent) {
    const current = existing.find((translation) => translation.locale === locale);
    if (current === undefined) {
      written.set(locale, create(locale, form));
      continue;
    }
    const changes = submittedChanges(form as Record<K, string | null | undefined>, cleared, mode) as Partial<Record<K, string | null>>;
    for (const text of Object.keys(cleared) as K[]) {
      const value = changes[text];
      if (value === undefined || (value === null && (text === 'name' || text === 'slug'))) continue;
      (current as Record<K, string | null>)[text] = value;
    }
    written.set(locale, current);
  }
  return written;
}
