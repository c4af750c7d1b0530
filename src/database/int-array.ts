/**
 * Ids as one bound parameter (a PostgreSQL array literal, for `= any(?::int[])`): the statement text stays
 * the same whatever the number of ids, where an expanded `in (?, ?, …)` list would change it.
 */
export function intArray(ids: Iterable<number>): string {
  const values = [...ids];
  if (!values.every(Number.isSafeInteger)) throw new Error('An id list holds something other than integers');
  return `{${values.join(',')}}`;
}
