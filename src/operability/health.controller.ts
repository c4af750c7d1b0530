import { MikroORM } from '@mikro-orm/postgresql';
import { Controller, Get, Inject, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';
import { ApiPublicEndpoint, ApiResponses } from '../common/openapi/api-decorators';
import { ok } from '../common/openapi/responses';
import { HealthCheckResultSchema, liveExample, notReadyExamples, readyExample, readyWithReplicasExample } from './operability.openapi';
import { READINESS_TIMEOUT_MS, ReadinessChecks } from './readiness-checks';
import { ReplicaHealthIndicator } from './replica-health.indicator';

const READ_ONLY = 'the database accepts no writes: transaction_read_only is on (a standby, or default_transaction_read_only)';

@ApiTags('Operations')
@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly readiness: ReadinessChecks,
    @Inject(MikroORM) private readonly orm: MikroORM,
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

  /** The service can do its work: the database, and the webhook queue's own connections, answer in time. 503 otherwise. */
  @Get('ready')
  @HealthCheck()
  @ApiOperation({
    operationId: 'readiness',
    summary: 'Readiness probe',
    description:
      `Checks that the database answers a query within ${READINESS_TIMEOUT_MS} ms and takes writes (\`database\`), and that the webhook queue's own ` +
      'connections answer (`webhookQueue`). A failed check is `down` with the cause as its `message`: a refused or lost connection with the ' +
      "address, the server's or the pooler's own error with its SQLSTATE, no answer in time. Each read replica (`replica-N`) is reported too: " +
      'one that is down or lagging makes the status `degraded`, still 200, as lists are then read from the primary. No token needed.',
  })
  @ApiResponses(
    ok('Every check passed.', HealthCheckResultSchema, {
      ready: { summary: 'Ready', value: readyExample },
      readyWithReplicas: { summary: 'Ready, one read replica lagging (DATABASE_REPLICA_URLS)', value: readyWithReplicasExample },
    }),
    {
      status: 503,
      description: 'A check failed; `error` names it, with the cause as its `message`.',
      schema: HealthCheckResultSchema,
      examples: notReadyExamples,
    },
  )
  @ApiPublicEndpoint()
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthCheckResult> {
    try {
      return await this.health.check([() => this.readiness.check('database', () => this.pingDatabase()), ...this.readiness.others(), () => this.replicas.check()]);
    } catch (error) {
      // Terminus reports a failed check as this exception carrying the result; answer with that body as is.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      reply.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }

  /** `select 1` through the ORM's pool (without reopening a closed ORM), then whether the database takes writes. */
  private async pingDatabase(): Promise<string | null> {
    const connection = this.orm.em.getConnection();
    const check = await connection.checkConnection();
    if (!check.ok) {
      if (check.error !== undefined) throw check.error;
      return 'Not connected to database';
    }
    const [row] = await connection.execute<Array<{ readOnly: string }>>(`select current_setting('transaction_read_only') as "readOnly"`);
    return row.readOnly === 'on' ? READ_ONLY : null;
  }
}
