import 'reflect-metadata';
import { ValidateBy } from 'class-validator';
import { charLength, columnLimit, declareColumn, type ColumnName, type EntityClass } from './column-limits';
import { tooLong } from './messages';

const FIELD_COLUMNS = Symbol('field-columns');

type FormClass = abstract new () => unknown;

/** Records that a form field is checked against a column (the OpenAPI request schema reads it). */
function recordColumn(target: object, key: string | symbol, column: ColumnName): void {
  const form = target.constructor;
  const columns = { ...((Reflect.getMetadata(FIELD_COLUMNS, form) as Record<string, ColumnName[]> | undefined) ?? {}) };
  columns[String(key)] = [...(columns[String(key)] ?? []), column];
  Reflect.defineMetadata(FIELD_COLUMNS, columns, form);
}

/** The columns a form field is stored in or looked up by; empty when it declares none. */
export function fieldColumns(form: FormClass, field: string): ColumnName[] {
  return (Reflect.getMetadata(FIELD_COLUMNS, form) as Record<string, ColumnName[]> | undefined)?.[field] ?? [];
}

export interface StoredInOptions {
  /** The violation's message for the column's limit; by default the generic too-long message. */
  message?: (limit: number) => string;
  /** The form the text is stored in, when it is not stored as sent (e.g. a canonical email). */
  as?: (text: string) => string;
  /** The field is a list of texts, each stored in the column. */
  each?: boolean;
}

/**
 * The field's text is stored in `entity.property`: a text longer than that column holds is a violation.
 * The limit is the column's own, read from the ORM metadata at start-up, so a form cannot disagree
 * with its table; the OpenAPI request schema states it as `maxLength`.
 */
export function StoredIn(entity: EntityClass, property: string, options: StoredInOptions = {}): PropertyDecorator {
  const column = declareColumn(entity, property);
  const stored = options.as ?? ((text: string) => text);
  const fits = (value: unknown): boolean => {
    if (typeof value !== 'string') return true;
    const limit = columnLimit(column);
    return limit === null || charLength(stored(value)) <= limit;
  };
  const message = () => (options.message ?? tooLong)(columnLimit(column) ?? 0);
  return (target, key) => {
    recordColumn(target, key, column);
    ValidateBy({ name: 'storedIn', constraints: [column], validator: { validate: fits } }, { message, each: options.each })(target, key);
  };
}

/**
 * The field's text names an existing row by `entity.property` and is checked by looking it up (a
 * longer text than the column holds finds nothing and gets the field's not-found answer). Nothing is
 * validated here; the OpenAPI request schema states the column's length as `maxLength`.
 */
export function RefersTo(entity: EntityClass, property: string): PropertyDecorator {
  const column = declareColumn(entity, property);
  return (target, key) => recordColumn(target, key, column);
}
