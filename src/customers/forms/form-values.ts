import { ValidateBy, type ValidationOptions } from 'class-validator';
import { charLength } from '../../common/forms/column-limits';


/** One code or a list of codes, always read as a list; `null` clears. */
export const codeList = ({ value }: { value: unknown }): unknown => {
  if (value === null) return [];
  if (typeof value === 'string') return [value];
  return value;
};

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
