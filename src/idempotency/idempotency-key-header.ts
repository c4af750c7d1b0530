import { invalidIdempotencyKey } from './idempotency-errors';

const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** 1 to 255 printable ASCII characters (the HTTP parser has already trimmed surrounding spaces). */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;

/** The key a request sends, null without the header; a malformed one is a 400. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return null;
  // A repeated header arrives joined with ", " by Node, or as an array from in-process requests.
  if (typeof value !== 'string' || !VALID_KEY.test(value)) throw invalidIdempotencyKey();
  return value;
}
