import type { FastifyRequest } from 'fastify';

/** The raw query string of a request (without `?`), as the list parser reads it. */
export function rawQuery(request: FastifyRequest): string {
  const start = request.url.indexOf('?');
  return start >= 0 ? request.url.slice(start + 1) : '';
}
