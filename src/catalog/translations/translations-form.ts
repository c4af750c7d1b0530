import { charLength, columnLimit, declareColumn, type EntityClass } from '../../common/forms/column-limits';
import { EXTRA_FIELDS, NOT_VALID } from '../../common/forms/messages';
import { isPlainObject } from '../../common/forms/validate-form';
import type { UpdateMode } from '../../common/forms/submitted-changes';
import type { KeyedFormErrors } from '../forms/keyed-form-errors';

/** One translated text field: where it is stored and its messages. */
export interface TranslatedText {
  field: string;
  entity: EntityClass;
  property: string;
  blank: string;
  /** A minimum length and its message, when the field has one. */
  min?: { chars: number; message: string };
  tooLong: (limit: number) => string;
}

/** The texts of one locale: a field sent as null (or blanked) is null. */
export type TranslationTexts = Record<string, string | null>;

/** What a translations map says after the form is read: the texts of each locale sent, a field left out undefined. */
export type SentTranslations = Map<string, Record<string, string | null | undefined>>;

/** The rules of a translations map and the shop's locales, read once per request. */
export class TranslationsForm {
  private readonly columns: Map<string, ReturnType<typeof declareColumn>>;

  constructor(readonly texts: readonly TranslatedText[]) {
    this.columns = new Map(texts.map((text) => [text.field, declareColumn(text.entity, text.property)]));
  }

  get fields(): string[] {
    return this.texts.map((text) => text.field);
  }

  /**
   * Reads a translations map keyed by locale code. A key that is no locale of the shop, or a field the
   * translation does not have, is an extra field; a value of the wrong type is not valid; a locale sent
   * as null is a locale left out. Texts are trimmed.
   */
  read(value: unknown, locales: readonly string[], errors: KeyedFormErrors): SentTranslations {
    const sent: SentTranslations = new Map();
    if (value === undefined || value === null) return sent;
    if (!isPlainObject(value)) {
      errors.addRoot(NOT_VALID);
      return sent;
    }
    const known = new Set(locales);
    for (const [locale, entry] of Object.entries(value)) {
      if (!known.has(locale)) {
        errors.addRoot(EXTRA_FIELDS);
        continue;
      }
      if (entry === null) continue;
      if (!isPlainObject(entry)) {
        errors.entry(locale).addRoot(NOT_VALID);
        continue;
      }
      const texts: Record<string, string | null | undefined> = {};
      for (const key of Object.keys(entry)) if (!this.columns.has(key)) errors.entry(locale).addRoot(EXTRA_FIELDS);
      for (const field of this.fields) {
        const text = Object.prototype.hasOwnProperty.call(entry, field) ? entry[field] : undefined;
        if (text === null || text === undefined) texts[field] = text;
        else if (typeof text === 'string') texts[field] = text.trim();
        else {
          errors.entry(locale).add(field, NOT_VALID);
          texts[field] = null;
        }
      }
      sent.set(locale, texts);
    }
    return sent;
  }

  /**
   * The translations a write leaves, from those stored and those sent: POST takes the ones sent; PUT
   * replaces each stored one (one left out is blanked, so it fails its blank rule); PATCH changes only
   * the fields sent of the locales sent. Each resulting translation is checked against the rules.
   */
  merge(stored: ReadonlyMap<string, TranslationTexts>, sent: SentTranslations, mode: UpdateMode | 'create', errors: KeyedFormErrors): Map<string, TranslationTexts> {
    const result = new Map<string, TranslationTexts>();
    const blank = (): TranslationTexts => Object.fromEntries(this.fields.map((field) => [field, null]));
    if (mode === 'replace') for (const locale of stored.keys()) result.set(locale, blank());
    if (mode === 'merge') for (const [locale, texts] of stored) result.set(locale, { ...texts });
    for (const [locale, texts] of sent) {
      const before = mode === 'merge' ? (result.get(locale) ?? blank()) : blank();
      result.set(locale, Object.fromEntries(this.fields.map((field) => [field, texts[field] === undefined ? before[field] : texts[field]])));
    }
    for (const [locale, texts] of result) this.check(locale, texts, errors);
    return result;
  }

  private check(locale: string, texts: TranslationTexts, errors: KeyedFormErrors): void {
    for (const rule of this.texts) {
      const text = texts[rule.field];
      if (errors.entry(locale).has(rule.field)) continue;
      if (text === null || text === '') {
        errors.entry(locale).add(rule.field, rule.blank);
        continue;
      }
      if (rule.min !== undefined && charLength(text) < rule.min.chars) {
        errors.entry(locale).add(rule.field, rule.min.message);
        continue;
      }
      const limit = columnLimit(this.columns.get(rule.field)!);
      if (limit !== null && charLength(text) > limit) errors.entry(locale).add(rule.field, rule.tooLong(limit));
    }
  }
}
