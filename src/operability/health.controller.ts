import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, MikroOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { ApiPublicEndpoint, ApiResponses } from '../common/openapi/api-decorators';
import { ok } from '../common/openapi/responses';
import { HealthCheckResultSchema, liveExample, notReadyExample, readyExample, readyWithReplicasExample } from './operability.openapi';
import { ReplicaHealthIndicator } from './replica-health.indicator';

/** How long the readiness probe waits for `select 1`. */
const READINESS_DB_TIMEOUT_MS = 1000;

@ApiTags('Operations')
@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: MikroOrmHealthIndicator,
    private readonly replicas: ReplicaHealthIndicator,
  ) {}

  /** The process is up and serving HTTP; touches nothing else, so a database outage does not restart it. */
  @Get('live')
  @HealthCheck()
  @ApiOperation({ operationId: 'liveness', summary: 'Liveness probe', description: 'Answers while the process serves HTTP; checks nothing else. No token needed.' })
  @ApiResponses(ok('The process is up.', HealthCheckResultSchema, { live: { summary: 'Up', value: liveExample } }))
  @ApiPublicEndpoint()
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  /** The service can do its work: the database answers `select 1` in time. 503 otherwise. */
  @Get('ready')
  @HealthCheck()
  @ApiOperation({
    operationId: 'readiness',
    summary: 'Readiness probe',
    description: `Checks that the database answers \`select 1\` within ${READINESS_DB_TIMEOUT_MS} ms, and reports each read replica (\`replica-N\`): a replica that is down or lagging makes the status \`degraded\`, still 200, as lists are then read from the primary. No token needed.`,
  })
  @ApiResponses(
    ok('The database answers.', HealthCheckResultSchema, {
      ready: { summary: 'Ready', value: readyExample },
      readyWithReplicas: { summary: 'Ready, one read replica lagging (DATABASE_REPLICA_URLS)', value: readyWithReplicasExample },
    }),
    {
      status: 503,
      description: 'The database does not answer in time; `error` names the failed check.',
      schema: HealthCheckResultSchema,
      examples: { notReady: { summary: 'Database down', value: notReadyExample } },
    },
  )
  @ApiPublicEndpoint()
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthCheckResult> {
    try {
      return await this.health.check([() => this.database.pingCheck('database', { timeout: READINESS_DB_TIMEOUT_MS }), () => this.replicas.check()]);
    } catch (error) {
      // Terminus reports a failed check as this exception carrying the result; answer with that body as is.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      reply.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }
}
