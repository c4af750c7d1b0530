import { ApiError } from './api-error';

const MAX_INT = 2147483647;

/** Path ids that are not positive 32-bit integers can never exist: answer 404, never 400 or 500. */
export function parseId(raw: string, notFound: () => ApiError): number {
  if (!/^\d{1,10}$/.test(raw)) throw notFound();
  const id = Number(raw);
  if (id < 1 || id > MAX_INT) throw notFound();
  return id;
}
