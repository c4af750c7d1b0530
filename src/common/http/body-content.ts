import { badRequest, type ApiError } from '../errors/api-error';

/** Far deeper than any form (body → user → roles); deeper values would overflow the recursive form mapping. */
const MAX_BODY_DEPTH = 64;

const NUL = '\u0000';
/** Half of a UTF-16 surrogate pair without its other half: JSON can escape one (`"\udfff"`), Unicode has no such character. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const nulInBody = (): ApiError => badRequest('The request body contains a NUL character (\\u0000), which is not allowed.');
const loneSurrogate = (): ApiError => badRequest('The request body contains a lone UTF-16 surrogate (such as \\udfff), which is not valid Unicode.');

function textError(text: string): ApiError | null {
  if (text.includes(NUL)) return nulInBody();
  return LONE_SURROGATE.test(text) ? loneSurrogate() : null;
}

/**
 * Checks a parsed body, without recursion, for what the service cannot take: nesting deeper than
 * MAX_BODY_DEPTH, NUL characters (PostgreSQL text cannot hold U+0000, so no stored value has one and
 * a query with one fails), and lone surrogates (not text at all; validators that encode them throw).
 * Returns the 400 to answer, or null.
 */
export function bodyContentError(body: unknown): ApiError | null {
  const pending: Array<[unknown, number]> = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === 'string') {
      const refused = textError(value);
      if (refused) return refused;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) return badRequest(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
    for (const [key, item] of Object.entries(value)) {
      const refused = textError(key);
      if (refused) return refused;
      pending.push([item, depth + 1]);
    }
  }
  return null;
}
