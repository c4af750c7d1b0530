import type { EntityManager } from '@mikro-orm/postgresql';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import { ProductTranslation } from '../entities/product-translation.entity';
import type { Product } from '../entities/product.entity';
import { NAME_BLANK, SLUG_BLANK, SLUG_TAKEN } from '../forms/product-messages';
import type { ProductTranslationForm } from '../forms/product-translation.form';
import { applyTranslations, type SentTranslations, type SluggedTranslationRules } from '../translations/slugged-translations';

/** The locales among `(locale, slug)` pairs whose slug another product already has in that locale. */
const SLUGS_TAKEN = `select s.locale from json_to_recordset(?::json) as s(locale text, slug text)
  where exists (select 1 from product_translation pt where pt.locale = s.locale and pt.slug = s.slug and pt.product_id <> ?)`;

export const PRODUCT_TRANSLATIONS: SluggedTranslationRules = { nameBlank: NAME_BLANK, slugBlank: SLUG_BLANK, slugTaken: SLUG_TAKEN, slugsTakenSql: SLUGS_TAKEN };

const CLEARED = { name: null, slug: null, description: null, metaKeywords: null, metaDescription: null, shortDescription: null };

/** Writes the valid translations sent (see applyTranslations). */
export function applyProductTranslations(tx: EntityManager, product: Product, existing: readonly ProductTranslation[], sent: SentTranslations<ProductTranslationForm>, mode: UpdateMode): void {
  applyTranslations(sent, existing, mode, CLEARED, (locale, form) =>
    tx.create(ProductTranslation, {
      product,
      locale,
      name: form.name!,
      slug: form.slug!,
      description: form.description ?? null,
      metaKeywords: form.metaKeywords ?? null,
      metaDescription: form.metaDescription ?? null,
      shortDescription: form.shortDescription ?? null,
    }),
  );
}
