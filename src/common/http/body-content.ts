import { badRequest, type ApiError } from '../errors/api-error';

/** Far deeper than any form (body → user → roles); deeper values would overflow the recursive form mapping. */
export const MAX_BODY_DEPTH = 64;

const NUL = '\u0000';

/**
 * Checks a parsed body, without recursion, for what the service cannot take: nesting deeper than
 * MAX_BODY_DEPTH, and NUL characters (PostgreSQL text cannot hold U+0000, so no stored value has one
 * and a query with one fails). Returns the 400 to answer, or null.
 */
export function bodyContentError(body: unknown): ApiError | null {
  const pending: Array<[unknown, number]> = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return badRequest('The request body contains a NUL character (\\u0000), which is not allowed.');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) return badRequest(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NUL)) return badRequest('The request body contains a NUL character (\\u0000), which is not allowed.');
      pending.push([item, depth + 1]);
    }
  }
  return null;
}
