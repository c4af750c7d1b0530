import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { invalidJson } from '../errors/api-error';
import { FormErrors, type FormListErrors } from './form-errors';
import { formShapeOf, type FormShape } from './form-shape';
import { EXTRA_FIELDS, NOT_VALID } from './messages';

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
  /**
   * Fields of the form that this submission ignores (e.g. a code, which never changes once given): they
   * stay children of the form, so sending them is no extra field, but their values are neither read nor
   * validated.
   */
  disabled?: readonly string[];
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isAbsent = (value: unknown): boolean => value === undefined || value === null;

/** Records the keys sent for the form and each nested form; a required sub-form is always reported. */
function receiveKeys(shape: FormShape, body: Record<string, unknown>, errors: FormErrors): void {
  errors.receive(Object.keys(body));
  for (const field of Object.keys(shape.subForms)) {
    const nested = body[field];
    if (isPlainObject(nested)) receiveKeys(shape.subForms[field], nested, errors.subForm(field));
    else if (shape.requiredSubForms.includes(field) && isAbsent(nested)) errors.subForm(field);
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
function withoutTypeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTypeKeys);
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (!TYPE_KEYS.has(key)) copy[key] = withoutTypeKeys(item);
  return copy;
}

/**
 * What the object mapper gets: only the form's own keys (unknown ones are reported from the original
 * body; copying tens of thousands of them took seconds), sub-forms likewise (a required one that is
 * absent as an empty form), no lists nor keyed maps (read entry by entry) and no TYPE_KEYS inside values.
 */
function mapperInput(shape: FormShape, body: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of shape.requiredSubForms) if (isAbsent(body[field])) input[field] = {};
  for (const key of [...shape.fields, ...Object.keys(shape.aliases)]) {
    if (!Object.prototype.hasOwnProperty.call(body, key) || shape.lists[key] || shape.keyed?.[key]) continue;
    const value = body[key];
    const subForm = shape.subForms[shape.aliases[key] ?? key];
    if (subForm && shape.requiredSubForms.includes(key) && isAbsent(value)) continue;
    input[key] = subForm && isPlainObject(value) ? mapperInput(subForm, value) : withoutTypeKeys(value);
  }
  return input;
}

/** Index keys of a list sent as an object: "0", "1", … */
const INDEX = /^(0|[1-9]\d{0,8})$/;

/**
 * Reads a list of nested forms, sent as an array or as an object keyed by index: each entry that is
 * an object is validated as its own form; `null` is an entry left out. How many entries the list
 * holds is for the service to say (`expectEntries`).
 */
function readList(form: new () => object, value: unknown, errors: FormListErrors, options: ValidateFormOptions): Map<number, object> {
  const entries = new Map<number, object>();
  if (isAbsent(value)) return entries;
  let sent: Array<[number, unknown]> = [];
  if (Array.isArray(value)) {
    sent = value.map((entry, index) => [index, entry]);
  } else if (isPlainObject(value)) {
    for (const [key, entry] of Object.entries(value)) {
      if (INDEX.test(key)) sent.push([Number(key), entry]);
      else errors.addRoot(EXTRA_FIELDS);
    }
  } else {
    errors.addRoot(NOT_VALID);
    return entries;
  }
  for (const [index, entry] of sent) {
    errors.receive(index);
    if (isAbsent(entry)) continue;
    if (!isPlainObject(entry)) errors.entry(index).addRoot(NOT_VALID);
    else entries.set(index, readForm(form, entry, errors.entry(index), options));
  }
  return entries;
}

/** The mapper's input without the disabled fields (nor their aliases). */
function withoutDisabled(shape: FormShape, input: Record<string, unknown>, disabled: ReadonlySet<string>): Record<string, unknown> {
  if (disabled.size === 0) return input;
  return Object.fromEntries(Object.entries(input).filter(([key]) => !disabled.has(shape.aliases[key] ?? key)));
}

/** Validates one form (and its nested forms and lists) into `errors`; returns its data. `disabled` applies to this form only. */
function readForm<T extends object>(dto: new () => T, body: Record<string, unknown>, errors: FormErrors, options: ValidateFormOptions, disabled: ReadonlySet<string> = new Set()): T {
  const shape = errors.shape;
  const input = shape.prepare ? shape.prepare(body) : body;
  receiveKeys(shape, input, errors);
  const data = plainToInstance(dto, withoutDisabled(shape, mapperInput(shape, input), disabled), { enableImplicitConversion: false, exposeDefaultValues: false });
  // A keyed map is handed on as sent: its reader reports every key it does not know, TYPE_KEYS too.
  for (const field of Object.keys(shape.keyed ?? {})) {
    if (Object.prototype.hasOwnProperty.call(input, field) && !disabled.has(field)) Object.assign(data, { [field]: input[field] });
  }
  const partial = options.partial === true;
  const violations = validateSync(data, {
    stopAtFirstError: true,
    skipMissingProperties: partial && options.validateNulls !== true,
    skipUndefinedProperties: partial && options.validateNulls === true,
    forbidUnknownValues: false,
  });
  collect(
    shape,
    violations.filter((violation) => !disabled.has(shape.aliases[violation.property] ?? violation.property)),
    errors,
  );
  for (const [field, list] of Object.entries(shape.lists)) {
    Object.assign(data, { [field]: readList(list.form, input[field], errors.list(field), options) });
  }
  return data;
}

/**
 * Validates a JSON body against a `@Form()` DTO with class-validator and returns the typed data with
 * the violations arranged as a form tree. Unknown keys become the form-level extra-fields error.
 */
export function validateForm<T extends object>(dto: new () => T, body: unknown, options: ValidateFormOptions = {}): SubmittedForm<T> {
  const input = body === undefined || body === null || body === '' ? {} : body;
  if (!isPlainObject(input)) throw invalidJson();
  const errors = new FormErrors(formShapeOf(dto));
  const data = readForm(dto, input, errors, options, new Set(options.disabled ?? []));
  return { data, errors, sent: new Set(Object.keys(input)) };
}
