import type { SchemaObject } from '@nestjs/swagger';
import { smallestLimit, type ColumnName } from '../forms/column-limits';
import { fieldColumns } from '../forms/stored-in';

/**
 * Request schemas name the columns a text field is stored in or looked up by; the column lengths are
 * only known once the ORM has read its metadata, so the document states them (`maxLength`) when it is
 * built. Until then the names wait under this key.
 */
const COLUMNS = 'x-columns';

type Marked = SchemaObject & { [COLUMNS]?: ColumnName[] };

/** The schema of a text field checked against these columns (of a list of texts: each item's). */
function withColumns(schema: SchemaObject, columns: readonly ColumnName[]): SchemaObject {
  if (columns.length === 0) return schema;
  if (schema.type === 'array' && schema.items !== undefined && !('$ref' in schema.items)) return { ...schema, items: withColumns(schema.items, columns) };
  return { ...schema, [COLUMNS]: [...columns] } as Marked;
}

/** The schema of a form class's field, with the columns its decorators declare. */
export const formFieldSchema = (form: abstract new () => unknown, field: string, schema: SchemaObject): SchemaObject => withColumns(schema, fieldColumns(form, field));

/** A copy of `value` (a document or part of one) with every column list replaced by the smallest column length as `maxLength`. */
export function resolveColumnLimits<T>(value: T): T {
  if (Array.isArray(value)) return value.map(resolveColumnLimits) as T;
  if (typeof value !== 'object' || value === null) return value;
  const { [COLUMNS]: columns, ...rest } = value as Marked;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(rest)) copy[key] = resolveColumnLimits(item);
  const limit = columns === undefined ? null : smallestLimit(columns);
  if (limit !== null) copy.maxLength = typeof copy.maxLength === 'number' ? Math.min(copy.maxLength, limit) : limit;
  return copy as T;
}
