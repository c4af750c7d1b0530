import { ValidateBy, type ValidationOptions } from 'class-validator';
import { charLength } from '../../common/forms/column-limits';


const CHECKED = new Set<unknown>([true, 1, '1', 'true', 'on', 'yes']);
const UNCHECKED = new Set<unknown>([false, 0, '0', 'false', 'off', 'no', '', null]);

/** A checkbox: booleans and their usual spellings; `null` means unchecked. Anything else stays as sent. */
export const checkbox = ({ value }: { value: unknown }): unknown => {
  if (CHECKED.has(value)) return true;
  if (UNCHECKED.has(value)) return false;
  return value;
};

/** One code or a list of codes, always read as a list; `null` clears. */
export const codeList = ({ value }: { value: unknown }): unknown => {
  if (value === null) return [];
  if (typeof value === 'string') return [value];
  return value;
};

/** Fails for a missing value, `null` or an empty string. */
export function NotBlank(options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'notBlank', validator: { validate: (value: unknown) => value !== undefined && value !== null && value !== '' } },
    options,
  );
}

/** At least `min` characters; an empty string is left to the blank rules. */
export function MinChars(min: number, options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    { name: 'minChars', constraints: [min], validator: { validate: (value: unknown) => typeof value !== 'string' || value === '' || charLength(value) >= min } },
    options,
  );
}

/** At most `max` characters, in the value as sent and, when `stored` is given, in the form it is stored as too. */
export function MaxChars(max: number, options: ValidationOptions, stored?: (value: string) => string): PropertyDecorator {
  const fits = (value: string): boolean => charLength(value) <= max && (stored === undefined || charLength(stored(value)) <= max);
  return ValidateBy({ name: 'maxChars', constraints: [max], validator: { validate: (value: unknown) => typeof value !== 'string' || fits(value) } }, options);
}

/** An array whose items are all strings matching `pattern`. */
export function IsStringList(pattern: RegExp, options: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isStringList',
      validator: { validate: (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string' && pattern.test(item)) },
    },
    options,
  );
}
