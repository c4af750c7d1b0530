import { formatDateTime } from '../../common/datetime';
import { charLength } from '../../common/forms/column-limits';
import { NOT_BLANK, tooLong } from '../../common/forms/messages';
import type { Configuration } from './attribute-configuration';
import type { AttributeType } from './attribute-types';

/** Validation messages of a product's attribute value, by the attribute's type. */
export const TEXT_EXPECTED = 'This value should be a text.';
const textTooShort = (min: number) => `This value should have ${min} character${min === 1 ? '' : 's'} or more.`;
const BOOLEAN_EXPECTED = 'This value should be true or false.';
const INTEGER_EXPECTED = 'This value should be a whole number.';
const integerOutOfRange = (min: number, max: number) => `This value should be between ${min} and ${max}.`;
const PERCENT_EXPECTED = 'This value should be a number between 0 and 1.';
const DATE_EXPECTED = 'This value should be a date in the form YYYY-MM-DD.';
const DATETIME_EXPECTED = 'This value should be a date and time in the form YYYY-MM-DDThh:mm:ss+0000.';
const CHOICES_EXPECTED = 'This value should be a list of choice keys.';
const CHOICE_UNKNOWN = 'This value names a choice the attribute does not have.';
const ONE_CHOICE = 'This attribute takes one choice at most.';
const tooFewChoices = (min: number) => `At least ${min} choice${min === 1 ? '' : 's'} should be selected.`;
const tooManyChoices = (max: number) => `At most ${max} choice${max === 1 ? '' : 's'} can be selected.`;

/**
 * The longest text a value holds: a text attribute's value is shown as a short text, a textarea's as a
 * description (the value column is jsonb, so these are the API's own bounds).
 */
export const VALUE_TEXT_LIMIT: Record<'text' | 'textarea', number> = { text: 255, textarea: 5000 };
/** The integers an integer attribute takes: a 32-bit integer, as the other integer columns. */
export const VALUE_INTEGER_RANGE = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;

/** Whether year, month and day name a day of the calendar (not 2026-02-30). */
function isCalendarDay(year: string, month: string, day: string): boolean {
  const date = new Date(0);
  date.setUTCFullYear(Number(year), Number(month) - 1, Number(day));
  return date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
}

/** A value read for storage, or the message of why it is refused. */
export type ReadValue = { value: unknown } | { error: string };

function readText(type: 'text' | 'textarea', value: unknown, configuration: Configuration): ReadValue {
  if (typeof value !== 'string') return { error: TEXT_EXPECTED };
  const text = value.trim();
  if (text === '') return { error: NOT_BLANK };
  const length = charLength(text);
  const limit = Math.min(VALUE_TEXT_LIMIT[type], configuration.max ?? Number.POSITIVE_INFINITY);
  if (length > limit) return { error: tooLong(limit) };
  if (configuration.min !== undefined && length < configuration.min) return { error: textTooShort(configuration.min) };
  return { value: text };
}

function readInteger(value: unknown): ReadValue {
  if (typeof value !== 'number' || !Number.isInteger(value)) return { error: INTEGER_EXPECTED };
  if (value < VALUE_INTEGER_RANGE.minimum || value > VALUE_INTEGER_RANGE.maximum) return { error: integerOutOfRange(VALUE_INTEGER_RANGE.minimum, VALUE_INTEGER_RANGE.maximum) };
  return { value };
}

function readDate(value: unknown): ReadValue {
  const match = typeof value === 'string' ? DATE.exec(value.trim()) : null;
  if (match === null || !isCalendarDay(match[1], match[2], match[3])) return { error: DATE_EXPECTED };
  return { value: match[0] };
}

/** A date and time with any UTC offset, stored and shown in UTC as the API writes datetimes. */
function readDateTime(value: unknown): ReadValue {
  const match = typeof value === 'string' ? DATETIME.exec(value.trim()) : null;
  if (match === null || !isCalendarDay(match[1], match[2], match[3])) return { error: DATETIME_EXPECTED };
  const offset = match[7] === 'Z' ? '+00:00' : `${match[7].slice(0, 3)}:${match[7].slice(-2)}`;
  const shown = formatDateTime(new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}${offset}`));
  // An offset can move the first or last day of year 0000 or 9999 out of the four-digit years.
  return /^\d{4}-/.test(shown) ? { value: shown } : { error: DATETIME_EXPECTED };
}

/** Choice keys of the configuration, each once, in the order sent. */
function readChoices(value: unknown, configuration: Configuration): ReadValue {
  if (!Array.isArray(value) || value.some((key) => typeof key !== 'string')) return { error: CHOICES_EXPECTED };
  const keys = [...new Set(value as string[])];
  const known = new Set((configuration.choices ?? []).map((choice) => choice.key));
  if (keys.some((key) => !known.has(key))) return { error: CHOICE_UNKNOWN };
  if (configuration.multiple !== true && keys.length > 1) return { error: ONE_CHOICE };
  if (configuration.min !== undefined && keys.length < configuration.min) return { error: tooFewChoices(configuration.min) };
  if (configuration.max !== undefined && keys.length > configuration.max) return { error: tooManyChoices(configuration.max) };
  return { value: keys };
}

/**
 * Reads a sent value against the attribute's type and configuration: what is stored (and shown), or why
 * it is refused. A missing or null value is refused for every type.
 */
export function readAttributeValue(type: AttributeType, configuration: Configuration, value: unknown): ReadValue {
  if (value === undefined || value === null) return { error: NOT_BLANK };
  switch (type) {
    case 'text':
    case 'textarea':
      return readText(type, value, configuration);
    case 'checkbox':
      return typeof value === 'boolean' ? { value } : { error: BOOLEAN_EXPECTED };
    case 'integer':
      return readInteger(value);
    case 'percent':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1 ? { value } : { error: PERCENT_EXPECTED };
    case 'date':
      return readDate(value);
    case 'datetime':
      return readDateTime(value);
    case 'select':
      return readChoices(value, configuration);
  }
}
