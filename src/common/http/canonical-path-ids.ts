import type { FastifyInstance } from 'fastify';

/** Route parameters that carry a numeric id: `:id`, `:cartId`, `:itemId`, `:customerId`, … */
const ID_PARAMETER = /^(id|[a-z][A-Za-z]*Id)$/;

/**
 * An id names a resource in exactly one spelling. The router percent-decodes path parameters, so
 * `/carts/%34` would reach the handler as `4`; this hook hands every id parameter over as it was
 * written in the request line instead. The handler's id parser then accepts only the canonical form
 * (see `parseId`) and answers anything else (`%34`, `04`, `+4`) with the resource's own 404.
 * Routes without id parameters pay one string test.
 */
export function keepPathIdsRaw(fastify: FastifyInstance): void {
  // eslint-disable-next-line @typescript-eslint/require-await -- an async hook lets Fastify turn a throw into the error reply
  fastify.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (!route || (!route.includes('Id') && !route.includes(':id'))) return;
    const params = request.params as Record<string, string> | undefined;
    if (!params) return;
    const queryStart = request.url.indexOf('?');
    const rawSegments = (queryStart >= 0 ? request.url.slice(0, queryStart) : request.url).split('/');
    route.split('/').forEach((segment, index) => {
      if (!segment.startsWith(':')) return;
      const name = segment.slice(1);
      if (ID_PARAMETER.test(name) && name in params) params[name] = rawSegments[index] ?? '';
    });
  });
}
