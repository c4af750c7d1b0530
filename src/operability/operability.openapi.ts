import type { ResponseSpec } from '../common/openapi/responses';
import { responseHeader } from '../common/openapi/responses';
import { errorBody } from '../common/openapi/error-schemas';
import { closedObject, integer, string, type Schema } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';

/** Wire shapes of the health probes (Terminus' result) and the metrics scrape. */

const indicators = (description: string): Schema => ({
  type: 'object',
  description,
  additionalProperties: closedObject(
    {
      status: string({ enum: ['up', 'degraded', 'down'] }),
      message: string({ description: 'Why the check failed, or what a degraded one means.' }),
      state: string({ enum: ['up', 'lagging', 'down', 'unknown'], description: 'A read replica only: whether list reads go to it (`up`) or to the primary.' }),
      lagMs: integer({ minimum: 0, description: 'A read replica only: it holds every commit older than this (at least this far behind when `lagging`).' }),
    },
    { optional: ['message', 'state', 'lagMs'] },
  ),
});

export const HealthCheckResultSchema = defineSchema(
  'HealthCheckResult',
  closedObject(
    {
      status: string({ enum: ['ok', 'degraded', 'error'], description: '`ok` when every check passed; `degraded` when only a read replica is not in use (still 200).' }),
      info: indicators('The checks that passed, by name.'),
      error: indicators('The checks that failed, by name.'),
      details: indicators('Every check, by name.'),
    },
    {
      description: 'The result of a health probe: readiness checks `database`, and each read replica as `replica-1`, `replica-2`, … (DATABASE_REPLICA_URLS).',
      example: { status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } },
    },
  ),
);

export const liveExample = { status: 'ok', info: {}, error: {}, details: {} };
export const readyExample = { status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } };
const lagging = { status: 'degraded', state: 'lagging', lagMs: 5400, message: 'More than 2000 ms behind the primary: lists are read from the primary' };
export const readyWithReplicasExample = {
  status: 'degraded',
  info: { database: { status: 'up' }, 'replica-1': { status: 'up', state: 'up', lagMs: 120 }, 'replica-2': lagging },
  error: {},
  details: { database: { status: 'up' }, 'replica-1': { status: 'up', state: 'up', lagMs: 120 }, 'replica-2': lagging },
};
export const notReadyExample = {
  status: 'error',
  info: {},
  error: { database: { status: 'down', message: 'Not connected to database' } },
  details: { database: { status: 'down', message: 'Not connected to database' } },
};

export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required';

export const metricsScrape = (): ResponseSpec => ({
  status: 200,
  description: 'The metrics in the Prometheus text exposition format (version 0.0.4).',
  mediaType: 'text/plain',
  schema: string({
    example: '# HELP http_requests_total HTTP requests completed\n# TYPE http_requests_total counter\nhttp_requests_total{method="GET",route="/api/v1/customers/:id",status="200"} 1\n',
  }),
});

export const metricsUnauthorized = (): ResponseSpec => ({
  status: 401,
  description: 'Only when the service is configured with `METRICS_TOKEN`: the request does not carry it as `Authorization: Bearer <token>`.',
  schema: errorBody(401, [METRICS_TOKEN_REQUIRED]),
  headers: { 'WWW-Authenticate': responseHeader('The challenge.', true, 'Bearer realm="metrics"') },
});
