import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { invalidJson } from '../errors/api-error';
import { FormErrors } from './form-errors';
import { formShapeOf, type FormShape } from './form-shape';

const EXTRA_FIELDS = 'This form should not contain extra fields.';

export interface SubmittedForm<T> {
  data: T;
  /** Field violations found so far; services add their own (lookups, uniqueness) before throwing. */
  errors: FormErrors;
  /** The request keys that were present in the body. */
  sent: ReadonlySet<string>;
}

export interface ValidateFormOptions {
  /** PATCH semantics: absent fields are not validated. */
  partial?: boolean;
  /** With `partial`: only absent fields are skipped; a field sent as `null` is still validated. */
  validateNulls?: boolean;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reportExtraFields(shape: FormShape, body: Record<string, unknown>, errors: FormErrors): void {
  const known = new Set([...shape.fields, ...Object.keys(shape.aliases)]);
  if (Object.keys(body).some((key) => !known.has(key))) errors.addRoot(EXTRA_FIELDS);
  for (const field of Object.keys(shape.subForms)) {
    const nested = body[field];
    if (isPlainObject(nested)) reportExtraFields(shape.subForms[field], nested, errors.subForm(field));
  }
}

function collect(shape: FormShape, violations: ValidationError[], errors: FormErrors): void {
  for (const violation of violations) {
    const field = shape.aliases[violation.property] ?? violation.property;
    const messages = Object.values(violation.constraints ?? {});
    if (shape.subForms[field]) {
      // A sub-form reports its own violations (e.g. a value that is not an object) in its `errors`.
      if (violation.children?.length) collect(shape.subForms[field], violation.children, errors.subForm(field));
      for (const message of messages) errors.subForm(field).addRoot(message);
      continue;
    }
    for (const message of messages) errors.add(field, message);
  }
}

/** Keys the object mapper reads as type information rather than data (an own `constructor` makes it throw). */
const TYPE_KEYS = new Set(['constructor', '__proto__', 'prototype']);

/** A value inside a field, copied without TYPE_KEYS at any depth; its validity is judged the same. */
export function withoutTypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTypeKeys);
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!TYPE_KEYS.has(key)) copy[key] = withoutTypeKeys(item);
  return copy;
}

/**
 * What the object mapper gets: only the form's own keys (unknown ones are reported from the original
 * body; copying tens of thousands of them took seconds), sub-forms likewise, and no TYPE_KEYS inside values.
 */
function mapperInput(shape: FormShape, body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of [...shape.fields, ...Object.keys(shape.aliases)]) {
    if (!Object.prototype.hasOwnProperty.call(body, key)) continue;
    const value = body[key];
    const subForm = shape.subForms[shape.aliases[key] ?? key];
    input[key] = subForm && isPlainObject(value) ? mapperInput(subForm, value) : withoutTypeKeys(value);
  }
  return input;
}

/**
 * Validates a JSON body against a `@Form()` DTO with class-validator and returns the typed data with
 * the violations arranged as a form tree. Unknown keys become the form-level extra-fields error.
 */
export function validateForm<T extends object>(dto: new () => T, body: unknown, options: ValidateFormOptions = {}): SubmittedForm<T> {
  const input = body === undefined || body === null || body === '' ? {} : body;
  if (!isPlainObject(input)) throw invalidJson();
  const shape = formShapeOf(dto);
  const errors = new FormErrors(shape);
  reportExtraFields(shape, input, errors);
  const data = plainToInstance(dto, mapperInput(shape, input), { enableImplicitConversion: false, exposeDefaultValues: false });
  const partial = options.partial === true;
  const violations = validateSync(data, {
    stopAtFirstError: true,
    skipMissingProperties: partial && options.validateNulls !== true,
    skipUndefinedProperties: partial && options.validateNulls === true,
    forbidUnknownValues: false,
  });
  collect(shape, violations, errors);
  return { data, errors, sent: new Set(Object.keys(input)) };
}
