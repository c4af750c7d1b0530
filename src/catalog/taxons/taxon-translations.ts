import type { EntityManager } from '@mikro-orm/postgresql';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import type { Taxon } from '../entities/taxon.entity';
import { applyTranslations, type SentTranslations, type SluggedTranslationRules } from '../translations/slugged-translations';
import { NAME_BLANK, SLUG_BLANK, SLUG_TAKEN } from './forms/taxon-messages';
import type { TaxonTranslationForm } from './forms/taxon-translation.form';
import { TaxonTranslation } from './taxon-translation.entity';

/** The locale whose name is the taxon's own `name`. */
const NAME_LOCALE = 'en_US';

/** The locales among `(locale, slug)` pairs whose slug another taxon already has in that locale. */
const SLUGS_TAKEN = `select s.locale from json_to_recordset(?::json) as s(locale text, slug text)
  where exists (select 1 from taxon_translation tt where tt.locale = s.locale and tt.slug = s.slug and tt.taxon_id <> ?)`;

export const TAXON_TRANSLATIONS: SluggedTranslationRules = { nameBlank: NAME_BLANK, slugBlank: SLUG_BLANK, slugTaken: SLUG_TAKEN, slugsTakenSql: SLUGS_TAKEN };

const CLEARED = { name: null, slug: null, description: null };

/** Writes the valid translations sent (see applyTranslations); the en_US name becomes the taxon's `name`. */
export function applyTaxonTranslations(tx: EntityManager, taxon: Taxon, existing: readonly TaxonTranslation[], sent: SentTranslations<TaxonTranslationForm>, mode: UpdateMode): void {
  const written = applyTranslations(sent, existing, mode, CLEARED, (locale, form) =>
    tx.create(TaxonTranslation, { taxon, locale, name: form.name!, slug: form.slug!, description: form.description ?? null }),
  );
  const named = written.get(NAME_LOCALE);
  if (named !== undefined) taxon.name = named.name;
}
