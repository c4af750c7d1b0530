import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isPlainObject } from './validate-form';

/** The value is a JSON object (what a nested form needs), not an array, null or a scalar. */
export function IsPlainObject(options: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isPlainObject', validator: { validate: (value: unknown) => isPlainObject(value) } }, options);
}
