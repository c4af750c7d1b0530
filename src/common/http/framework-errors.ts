import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { internalError, noRouteFound } from '../errors/api-error';

/** Router rejections that happen before any route or hook runs; without this they get the framework's own JSON. */
const UNROUTABLE = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

/**
 * A path the router cannot match (a broken percent-escape such as `/customers/%`, or a path segment
 * longer than the router accepts) is answered like any unknown path: 404 with the documented body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0];
  const failure = UNROUTABLE.has(error.code) ? noRouteFound(request.method, path) : internalError();
  if (failure.status >= 500) request.log.error({ err: error }, 'request failed');
  reply
    .code(failure.status)
    .header('x-request-id', request.id)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(failure.body));
}
