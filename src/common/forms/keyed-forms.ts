import { FormErrors } from './form-errors';
import type { FormShape } from './form-shape';
import { NOT_VALID } from './messages';
import { isPlainObject, validateForm, type ValidateFormOptions } from './validate-form';

/** One entry of a keyed map of forms as sent: its data and its violations (the service may add its own). */
export interface KeyedEntry<T> {
  data: T;
  errors: FormErrors;
}

/**
 * Reads `field`, a map of nested forms keyed by codes the database knows (declared as `keyed` in its
 * `@Form()` (translations by locale, a
 * shipping method's amounts by channel code). The field's 400 node has one child per known key, in the
 * order given, each with the entry form's children whether it was sent or not; a key that is not known
 * is an extra field of the map. An entry sent as `null` is left out, one that is not an object is
 * `This value is not valid.` (a required key's entry is always read); `[]` is an empty map (the API writes an empty map so). Returns the entries
 * sent, or null when the field is not a map at all (then the field itself is not valid).
 */
export function readKeyedForms<T extends object>(
  errors: FormErrors,
  field: string,
  value: unknown,
  keys: readonly string[],
  options: ValidateFormOptions = {},
  /** Keys whose entry must be there: one left out or `null` is read as an empty entry (and fails its form's rules). */
  required: readonly string[] = [],
): Map<string, KeyedEntry<T>> | null {
  const declared = errors.shape.keyed?.[field];
  if (declared === undefined) throw new Error(`"${field}" is not a keyed map of forms`);
  const form = declared.form as new () => T;
  const entryShape = declared.shape;
  const shape: FormShape = {
    fields: keys,
    aliases: {},
    subForms: Object.fromEntries(keys.map((key) => [key, entryShape])),
    requiredSubForms: [],
    lists: {},
    dependentFields: [],
  };
  const entries = new Map<string, KeyedEntry<T>>();
  const map = value === undefined || value === null || (Array.isArray(value) && value.length === 0) ? {} : value;
  if (!isPlainObject(map)) {
    errors.add(field, NOT_VALID);
    return null;
  }
  const mapErrors = new FormErrors(shape).receive(Object.keys(map));
  for (const key of keys) {
    const sent = Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined;
    const entry = (sent === undefined || sent === null) && required.includes(key) ? {} : sent;
    if (entry === undefined || entry === null) {
      mapErrors.nest(key, new FormErrors(entryShape));
    } else if (!isPlainObject(entry)) {
      mapErrors.nest(key, new FormErrors(entryShape).addRoot(NOT_VALID));
    } else {
      const submitted = validateForm(form, entry, options);
      mapErrors.nest(key, submitted.errors);
      entries.set(key, { data: submitted.data, errors: submitted.errors });
    }
  }
  errors.nest(field, mapErrors);
  return entries;
}
