/**
 * The ORM's driver hands timestamps back as text, in plain columns as inside JSON built by PostgreSQL;
 * read models answer Dates, as loaded entities have them.
 */

/** A row as read: its Date fields still text. */
export type Stored<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

/** The row with its `dates` fields turned into Dates (null stays null). */
export function withDates<T extends object>(row: Stored<T>, dates: ReadonlyArray<keyof T>): T {
  const copy: Record<keyof T, unknown> = { ...row };
  for (const key of dates) {
    const value = copy[key];
    copy[key] = value === null ? null : new Date(value as string);
  }
  return copy as T;
}
