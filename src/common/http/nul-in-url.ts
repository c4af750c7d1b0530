import type { FastifyInstance } from 'fastify';
import { badRequest, noRouteFound } from '../errors/api-error';

const ENCODED_NUL = /%00/i;

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that reaches a query makes it fail. A path with `%00`
 * can name no resource (404, like any unknown path); a query string with one is refused (400).
 */
export function refuseNulInUrls(fastify: FastifyInstance): void {
  // eslint-disable-next-line @typescript-eslint/require-await -- an async hook lets Fastify turn a throw into the error reply
  fastify.addHook('onRequest', async (request) => {
    const queryStart = request.url.indexOf('?');
    const path = queryStart >= 0 ? request.url.slice(0, queryStart) : request.url;
    if (ENCODED_NUL.test(path)) throw noRouteFound(request.method, path);
    if (queryStart >= 0 && ENCODED_NUL.test(request.url.slice(queryStart))) {
      throw badRequest('The query string contains a NUL character (%00), which is not allowed.');
    }
  });
}
