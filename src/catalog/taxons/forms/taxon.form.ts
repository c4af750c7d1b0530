import { Transform, Type } from 'class-transformer';
import { IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { Form, type FormOptions } from '../../../common/forms/form-shape';
import { IsPlainObject } from '../../../common/forms/is-plain-object';
import { NOT_VALID } from '../../../common/forms/messages';
import { RESOURCE_CODE } from '../../../common/forms/resource-code';
import { RefersTo, StoredIn } from '../../../common/forms/stored-in';
import { NotBlank } from '../../../common/forms/text-rules';
import { trimmed, trimmedOrNull } from '../../../common/forms/trim';
import { Taxon } from '../../entities/taxon.entity';
import * as m from './taxon-messages';
import { TaxonTranslationForm } from './taxon-translation.form';

/** The translations of a shop without locales; the form of the shop's locales is made by taxonFormFor. */
@Form({ fields: [] })
class NoTaxonTranslations {}

/** An empty list sent for `translations` (how an empty map is written) is an empty map. */
function emptyTranslationsAsMap(body: Record<string, unknown>): Record<string, unknown> {
  const translations = body.translations;
  return Array.isArray(translations) && translations.length === 0 ? { ...body, translations: {} } : body;
}

const TAXON_FORM: FormOptions = {
  fields: ['translations', 'code', 'parent'],
  subForms: { translations: NoTaxonTranslations },
  requiredSubForms: ['translations'],
  prepare: emptyTranslationsAsMap,
};

// Rules run from the one nearest the property upwards, and stop at the first failure.

/**
 * Body of POST, PUT and PATCH `/taxons`: texts per locale, the code (read on POST only: a code never
 * changes) and the parent's code (none: a root).
 */
@Form(TAXON_FORM)
export class TaxonForm {
  /** By locale code: the locales sent (the others are undefined or null). */
  translations!: Record<string, TaxonTranslationForm | null | undefined>;

  @StoredIn(Taxon, 'code', { message: m.codeTooLong })
  @Matches(RESOURCE_CODE, { message: m.CODE_INVALID })
  @IsString({ message: NOT_VALID })
  @NotBlank({ message: m.CODE_BLANK })
  @Transform(trimmed)
  code?: string | null;

  @RefersTo(Taxon, 'code')
  @IsString({ message: NOT_VALID })
  @IsOptional()
  @Transform(trimmedOrNull)
  parent?: string | null;
}

/** A nested form under `key` of `form`: an object (validated as `nested`), or null or absent when `optional`. */
function declareNested(form: object, key: string, nested: () => new () => object, optional: boolean): void {
  Type(nested)(form, key);
  if (optional) IsOptional()(form, key);
  IsPlainObject({ message: NOT_VALID })(form, key);
  ValidateNested()(form, key);
}

function buildForm(locales: readonly string[]): new () => TaxonForm {
  class TaxonTranslations {}
  for (const locale of locales) declareNested(TaxonTranslations.prototype, locale, () => TaxonTranslationForm, true);
  Form({ fields: locales, subForms: Object.fromEntries(locales.map((locale) => [locale, TaxonTranslationForm])) })(TaxonTranslations);

  class LocalizedTaxonForm extends TaxonForm {}
  declareNested(LocalizedTaxonForm.prototype, 'translations', () => TaxonTranslations, false);
  Form({ ...TAXON_FORM, subForms: { translations: TaxonTranslations } })(LocalizedTaxonForm);
  return LocalizedTaxonForm;
}

const formsByLocales = new Map<string, new () => TaxonForm>();

/** The taxon form of a shop with these locales: `translations` has one child per locale, and any other key is an extra field. */
export function taxonFormFor(locales: readonly string[]): new () => TaxonForm {
  const key = JSON.stringify(locales);
  let form = formsByLocales.get(key);
  if (form === undefined) {
    form = buildForm(locales);
    formsByLocales.set(key, form);
  }
  return form;
}
