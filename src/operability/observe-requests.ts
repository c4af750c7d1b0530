import type { FastifyInstance } from 'fastify';
import { maskSecrets } from '../common/logging/logger';
import type { AppMetrics } from './app-metrics';

/** The route label of requests that matched no route, so unknown URLs cannot blow up the label set. */
const UNMATCHED_ROUTE = 'unmatched';

/** Probes and scrapes arrive every few seconds; their lines only show at debug level unless they fail. */
const QUIET_ROUTES = new Set(['/health/live', '/health/ready', '/metrics']);

/** One log line and one metrics sample per completed request, labelled by the route pattern, never the raw URL. */
export function observeRequests(fastify: FastifyInstance, metrics: AppMetrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = reply.statusCode;
    const durationMs = reply.elapsedTime;
    metrics.observeRequest(request.method, route, status, durationMs / 1000);
    // 503: the database (or the server, closing) is unavailable, a condition rather than a fault of this request.
    const level = status === 503 ? 'warn' : status >= 500 ? 'error' : QUIET_ROUTES.has(route) ? 'debug' : 'info';
    request.log[level](
      { method: request.method, route, url: maskSecrets(request.url), status, durationMs: Math.round(durationMs * 100) / 100 },
      'request completed',
    );
    done();
  });
}
