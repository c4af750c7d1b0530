import type { MetadataStorage, Platform } from '@mikro-orm/core';

/** An entity class; its name finds its metadata. */
export type EntityClass = abstract new (...args: never[]) => object;

/** One column of an entity, named `Entity.property`. */
export type ColumnName = `${string}.${string}`;

/** Every column a form declares (stores a field in, or looks a field up by), known from the decorators. */
const declared = new Set<ColumnName>();

/** Per declared column: how many characters it holds, or null for a text column (no limit). */
let limits: ReadonlyMap<ColumnName, number | null> | null = null;

export function declareColumn(entity: EntityClass, property: string): ColumnName {
  const column: ColumnName = `${entity.name}.${property}`;
  declared.add(column);
  return column;
}

/** The declared columns, sorted (for start-up checks and tests). */
export const declaredColumns = (): ColumnName[] => [...declared].sort();

/**
 * Reads, once at start-up, the length of every declared column from the ORM's entity metadata. A
 * `string` property is a varchar of its `length` (the platform's default when none is given), a
 * `text` one (or `text[]`, item by item) has no limit. A column that is not text, or does not exist,
 * stops the start: a form that names it is wrong.
 */
export function loadColumnLimits(metadata: MetadataStorage, platform: Platform): void {
  const loaded = new Map<ColumnName, number | null>();
  for (const column of declared) {
    const [entity, property] = column.split('.');
    const prop = metadata.getByClassName(entity, false)?.properties[property];
    if (prop === undefined) throw new Error(`A form names the column ${column}, which is not an entity property`);
    if (prop.type === 'string') loaded.set(column, prop.length ?? platform.getDefaultVarcharLength());
    else if (prop.type === 'text' || prop.type === 'text[]') loaded.set(column, null);
    else throw new Error(`A form names the column ${column}, which holds ${prop.type}, not text`);
  }
  limits = loaded;
}

/** How many characters the column holds (null: no limit). */
export function columnLimit(column: ColumnName): number | null {
  if (limits === null) throw new Error('Column limits are read from the ORM metadata at start-up; they are not loaded yet');
  const limit = limits.get(column);
  if (limit === undefined) throw new Error(`The column ${column} was declared after the limits were loaded`);
  return limit;
}

/** The smallest limit among the columns (null when none has one). */
export function smallestLimit(columns: readonly ColumnName[]): number | null {
  const known = columns.map(columnLimit).filter((limit): limit is number => limit !== null);
  return known.length > 0 ? Math.min(...known) : null;
}

/** Length in characters (code points), as the database counts them. */
export const charLength = (value: string): number => [...value].length;
