import { ValidateBy, type ValidationOptions } from 'class-validator';

/** A list of codes; `null` is an empty list. Anything else stays as sent for the list rule to judge. */
export const codeListOrEmpty = ({ value }: { value: unknown }): unknown => (value === null ? [] : value);

/** An array of strings (codes looked up later by the service). */
export function IsCodeList(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isStringList', validator: { validate: (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string') } }, options);
}
