import { charLength, columnLimit, declareColumn } from '../../../common/forms/column-limits';
import { EXTRA_FIELDS, NOT_VALID, tooLong } from '../../../common/forms/messages';
import { isPlainObject } from '../../../common/forms/validate-form';
import { ProductVariantTranslation } from '../../entities/product-variant-translation.entity';
import type { KeyedEntryErrors, KeyedFormErrors } from '../../forms/keyed-form-errors';
import { MAX_MAJOR_UNITS_TEXT, minorUnitsOf } from './major-units';
import { atMost, PRICE_BLANK, PRICE_TOO_LOW } from './variant-messages';

/**
 * The three children of the variant form that are maps keyed by rows of the database: translations by
 * locale, channel pricings by channel, option values by option. Each reader answers, per key, the state
 * the write leaves: on POST and PUT for every key (one not sent is left without a value), on PATCH only
 * for the keys sent (an entry sent in part keeps the fields it leaves out). Undefined: the map was not
 * sent, or was invalid.
 */

/** POST, PUT (a full submit) or PATCH. */
export type VariantFormMode = 'create' | 'replace' | 'merge';

const TRANSLATION_NAME = declareColumn(ProductVariantTranslation, 'name');

export const TRANSLATION_FIELDS = ['name'] as const;
export const PRICING_FIELDS = ['price', 'originalPrice'] as const;

/**
 * The entries sent for the map's known keys; a key that names no row is an extra field. `null` and an
 * empty list are an empty map (a JSON encoder may write an empty map so); anything else is not valid.
 */
function sentEntries(value: unknown, errors: KeyedFormErrors): Map<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (value === null || (Array.isArray(value) && value.length === 0)) return new Map();
  if (!isPlainObject(value)) {
    errors.addRoot(NOT_VALID);
    return undefined;
  }
  const entries = new Map<string, unknown>();
  for (const [key, entry] of Object.entries(value)) {
    if (errors.keys.includes(key)) entries.set(key, entry);
    else errors.addExtraFields();
  }
  return entries;
}

/** An entry that is a small form: its object, or null when sent as null; invalid (undefined) when neither. */
function entryForm(entry: unknown, errors: KeyedEntryErrors, fields: readonly string[]): Record<string, unknown> | null | undefined {
  if (entry === null) return null;
  if (!isPlainObject(entry)) {
    errors.addRoot(NOT_VALID);
    return undefined;
  }
  if (Object.keys(entry).some((key) => !fields.includes(key))) errors.addRoot(EXTRA_FIELDS);
  return entry;
}

/** The keys whose state the write sets: every key on POST and PUT, the sent ones on PATCH. */
const keysToSet = (keys: readonly string[], sent: Map<string, unknown>, mode: VariantFormMode): string[] =>
  mode === 'merge' ? keys.filter((key) => sent.has(key)) : [...keys];

/** Locale → the variant's name in it, null for no translation (an empty name is none). */
export function readTranslations(value: unknown, errors: KeyedFormErrors, mode: VariantFormMode): Map<string, string | null> | undefined {
  const sent = sentEntries(value, errors) ?? (value === undefined && mode !== 'merge' ? new Map<string, unknown>() : undefined);
  if (sent === undefined) return undefined;
  const names = new Map<string, string | null>();
  for (const locale of keysToSet(errors.keys, sent, mode)) {
    const entryErrors = errors.entry(locale);
    const entry = entryForm(sent.get(locale) ?? null, entryErrors, TRANSLATION_FIELDS);
    if (entry === undefined) continue;
    const name = entry?.name;
    if (name === undefined || name === null) {
      names.set(locale, null);
    } else if (typeof name !== 'string') {
      entryErrors.add('name', NOT_VALID);
    } else {
      const text = name.trim();
      const limit = columnLimit(TRANSLATION_NAME);
      if (limit !== null && charLength(text) > limit) entryErrors.add('name', tooLong(limit));
      names.set(locale, text === '' ? null : text);
    }
  }
  return errors.isValid ? names : undefined;
}

export interface Pricing {
  /** Minor units. */
  price: number;
  originalPrice: number | null;
}

/** One amount of a pricing in minor units; null when not given; undefined (with the violation) when invalid. */
function readAmount(value: unknown, field: 'price' | 'originalPrice', errors: KeyedEntryErrors): number | null | undefined {
  if (value === null || value === '') return null;
  const reading = minorUnitsOf(value);
  if ('problem' in reading) {
    errors.add(field, reading.problem === 'tooLarge' ? atMost(MAX_MAJOR_UNITS_TEXT) : NOT_VALID);
    return undefined;
  }
  if (reading.minor < 1) {
    errors.add(field, PRICE_TOO_LOW);
    return undefined;
  }
  return reading.minor;
}

/**
 * Channel code → the variant's pricing there, null for none. Amounts are sent in major units and kept
 * in minor units. A PATCH entry keeps the amount it leaves out; an entry with neither amount removes the
 * pricing, one with an original price but no price is refused.
 */
export function readChannelPricings(
  value: unknown,
  errors: KeyedFormErrors,
  mode: VariantFormMode,
  existing: ReadonlyMap<string, Pricing>,
): Map<string, Pricing | null> | undefined {
  const sent = sentEntries(value, errors) ?? (value === undefined && mode !== 'merge' ? new Map<string, unknown>() : undefined);
  if (sent === undefined) return undefined;
  const pricings = new Map<string, Pricing | null>();
  for (const channel of keysToSet(errors.keys, sent, mode)) {
    const entryErrors = errors.entry(channel);
    const entry = entryForm(sent.get(channel) ?? null, entryErrors, PRICING_FIELDS);
    if (entry === undefined) continue;
    if (entry === null) {
      pricings.set(channel, null);
      continue;
    }
    const kept = mode === 'merge' ? existing.get(channel) : undefined;
    const price = 'price' in entry ? readAmount(entry.price, 'price', entryErrors) : (kept?.price ?? null);
    const originalPrice = 'originalPrice' in entry ? readAmount(entry.originalPrice, 'originalPrice', entryErrors) : (kept?.originalPrice ?? null);
    if (price === undefined || originalPrice === undefined) continue;
    if (price === null && originalPrice !== null) entryErrors.add('price', PRICE_BLANK);
    else pricings.set(channel, price === null ? null : { price, originalPrice });
  }
  return errors.isValid ? pricings : undefined;
}

/** An option of the product: its code and its values' ids by code. */
export interface ProductOptionValues {
  code: string;
  values: ReadonlyMap<string, number>;
}

/** Option code → the id of the variant's value of that option, null for none. */
export function readOptionValues(value: unknown, errors: KeyedFormErrors, mode: VariantFormMode, options: readonly ProductOptionValues[]): Map<string, number | null> | undefined {
  const sent = sentEntries(value, errors) ?? (value === undefined && mode !== 'merge' ? new Map<string, unknown>() : undefined);
  if (sent === undefined) return undefined;
  const chosen = new Map<string, number | null>();
  for (const code of keysToSet(errors.keys, sent, mode)) {
    const entry = sent.get(code);
    if (entry === undefined || entry === null || entry === '') {
      chosen.set(code, null);
      continue;
    }
    const id = typeof entry === 'string' ? options.find((option) => option.code === code)?.values.get(entry.trim()) : undefined;
    if (id === undefined) errors.entry(code).addRoot(NOT_VALID);
    else chosen.set(code, id);
  }
  return errors.isValid ? chosen : undefined;
}
