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
      description:
        'The result of a health probe; the readiness probe checks `database` and `webhookQueue`, and reports each read replica as `replica-1`, `replica-2`, … (DATABASE_REPLICA_URLS).',
      example: { status: 'ok', info: { database: { status: 'up' }, webhookQueue: { status: 'up' } }, error: {}, details: { database: { status: 'up' }, webhookQueue: { status: 'up' } } },
    },
  ),
);

export const liveExample = { status: 'ok', info: {}, error: {}, details: {} };
const up = { status: 'up', responseTime: 2 };
export const readyExample = { status: 'ok', info: { database: up, webhookQueue: up }, error: {}, details: { database: up, webhookQueue: up } };
const replicaUp = { status: 'up', state: 'up', lagMs: 120 };
const lagging = { status: 'degraded', state: 'lagging', lagMs: 5400, message: 'More than 2000 ms behind the primary: lists are read from the primary' };
export const readyWithReplicasExample = {
  status: 'degraded',
  info: { database: up, webhookQueue: up, 'replica-1': replicaUp, 'replica-2': lagging },
  error: {},
  details: { database: up, webhookQueue: up, 'replica-1': replicaUp, 'replica-2': lagging },
};

/** A readiness answer with every check down for the same reason. */
function allDown(message: string) {
  const down = { status: 'down', message, responseTime: 1 };
  return { status: 'error', info: {}, error: { database: down, webhookQueue: down }, details: { database: down, webhookQueue: down } };
}

export const notReadyExamples = {
  poolerDown: { summary: 'Nothing listens at the database address (PgBouncer or PostgreSQL stopped)', value: allDown('connection refused at 127.0.0.1:6432') },
  serverBehindPoolerDown: {
    summary: 'PgBouncer is up, PostgreSQL behind it is not: PgBouncer holds the query, the cause is the one requests met',
    value: allDown(
      'no answer within 1000 ms; the latest database failure, 2 s ago: the connection pooler cannot serve: server login has been failing, try again later (server_login_retry) (SQLSTATE 08P01)',
    ),
  },
  serverShuttingDown: {
    summary: 'PostgreSQL shutting down or starting up',
    value: allDown('the server is starting up or shutting down and accepts no connections now: the database system is shutting down (SQLSTATE 57P03)'),
  },
  noAnswer: { summary: 'Connections accepted, queries not answered', value: allDown('no answer within 1000 ms (a server or pooler that accepts connections but does not answer)') },
  readOnly: {
    summary: 'The primary became a standby',
    value: {
      status: 'error',
      info: { webhookQueue: up },
      error: { database: { status: 'down', message: 'the database accepts no writes: transaction_read_only is on (a standby, or default_transaction_read_only)', responseTime: 3 } },
      details: {
        database: { status: 'down', message: 'the database accepts no writes: transaction_read_only is on (a standby, or default_transaction_read_only)', responseTime: 3 },
        webhookQueue: up,
      },
    },
  },
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
