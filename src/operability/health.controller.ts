import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, HealthCheckService, MikroOrmHealthIndicator, type HealthCheckResult } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator';

/** How long the readiness probe waits for `select 1`. */
export const READINESS_DB_TIMEOUT_MS = 1000;

@Controller('health')
@Public()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: MikroOrmHealthIndicator,
  ) {}

  /** The process is up and serving HTTP; touches nothing else, so a database outage does not restart it. */
  @Get('live')
  @HealthCheck()
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  /** The service can do its work: the database answers `select 1` in time. 503 otherwise. */
  @Get('ready')
  @HealthCheck()
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthCheckResult> {
    try {
      return await this.health.check([() => this.database.pingCheck('database', { timeout: READINESS_DB_TIMEOUT_MS })]);
    } catch (error) {
      // Terminus reports a failed check as this exception carrying the result; answer with that body as is.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      reply.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }
}
