import { ValidateBy, type ValidationOptions } from 'class-validator';
import { charLength } from './column-limits';

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
