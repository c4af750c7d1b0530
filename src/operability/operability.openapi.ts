import type { ResponseSpec } from '../common/openapi/responses';
import { responseHeader } from '../common/openapi/responses';
import { errorBody } from '../common/openapi/error-schemas';
import { closedObject, string, type Schema } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';

/** Wire shapes of the health probes (Terminus' result) and the metrics scrape. */

const indicators = (description: string): Schema => ({
  type: 'object',
  description,
  additionalProperties: closedObject(
    { status: string({ enum: ['up', 'down'] }), message: string({ description: 'Why the check failed.' }) },
    { optional: ['message'] },
  ),
});

export const HealthCheckResultSchema = defineSchema(
  'HealthCheckResult',
  closedObject(
    {
      status: string({ enum: ['ok', 'error'], description: '`ok` when every check passed.' }),
      info: indicators('The checks that passed, by name.'),
      error: indicators('The checks that failed, by name.'),
      details: indicators('Every check, by name.'),
    },
    {
      description: 'The result of a health probe; `database` is the only check (readiness only).',
      example: { status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } },
    },
  ),
);

export const liveExample = { status: 'ok', info: {}, error: {}, details: {} };
export const readyExample = { status: 'ok', info: { database: { status: 'up' } }, error: {}, details: { database: { status: 'up' } } };
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
