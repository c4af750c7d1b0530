/** How a valid form changes an existing resource: PUT replaces it, PATCH merges into it. */
export type UpdateMode = 'replace' | 'merge';

/**
 * The fields a valid PUT (`replace`) or PATCH (`merge`) sets. PUT sets every field, one left out to its
 * cleared value (null, or false for a checkbox); PATCH sets only the fields that were sent (a field sent
 * as null is set to null). Fields a form ignores on update are simply not listed in `cleared`.
 */
export function submittedChanges<T extends object, K extends keyof T>(data: T, cleared: { [P in K]: T[P] }, mode: UpdateMode): Partial<Pick<T, K>> {
  const changes: Partial<Pick<T, K>> = {};
  for (const field of Object.keys(cleared) as K[]) {
    const value = data[field];
    if (value !== undefined) changes[field] = value;
    else if (mode === 'replace') changes[field] = cleared[field];
  }
  return changes;
}
