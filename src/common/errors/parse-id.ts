import { ApiError } from './api-error';

const MAX_INT = 2147483647;
/** The one spelling of an id: digits without a leading zero (no sign, no spaces, no percent-escapes). */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

/**
 * Path ids that are not positive 32-bit integers in canonical form can never exist: answer 404,
 * never 400 or 500. `raw` is the segment as the client wrote it (see `keepPathIdsRaw`).
 */
export function parseId(raw: string, notFound: () => ApiError): number {
  if (!CANONICAL_ID.test(raw)) throw notFound();
  const id = Number(raw);
  if (id > MAX_INT) throw notFound();
  return id;
}
