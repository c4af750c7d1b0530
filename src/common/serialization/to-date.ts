/** Timestamps arrive as Date from top-level columns and as ISO strings from JSON built in SQL. */
export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
