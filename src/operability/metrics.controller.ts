import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Public } from '../auth/public.decorator';
import { httpError } from '../common/errors/api-error';
import { ApiPublicEndpoint, ApiResponses } from '../common/openapi/api-decorators';
import { AppMetrics } from './app-metrics';
import { METRICS_TOKEN_REQUIRED, metricsScrape, metricsUnauthorized } from './operability.openapi';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Prometheus scrape endpoint; outside the OAuth scheme, optionally guarded by its own static token. */
@ApiTags('Operations')
@Controller('metrics')
@Public()
export class MetricsController {
  private readonly expected: Buffer | null;

  constructor(
    private readonly metrics: AppMetrics,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.expected = config.metricsToken ? digest(config.metricsToken) : null;
  }

  @Get()
  @ApiOperation({
    operationId: 'scrapeMetrics',
    summary: 'Prometheus metrics',
    description:
      'Request counts and latencies by route and status, database pool and process metrics. Public unless the service is configured ' +
      'with `METRICS_TOKEN`; then the token must be sent as `Authorization: Bearer <token>` (the API tokens do not work here).',
  })
  @ApiPublicEndpoint()
  @ApiSecurity('metricsToken')
  @ApiResponses(metricsScrape(), metricsUnauthorized())
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    if (this.expected && !this.isAuthorized(authorization, this.expected)) {
      throw httpError(401, METRICS_TOKEN_REQUIRED, { 'www-authenticate': 'Bearer realm="metrics"' });
    }
    reply.header('content-type', this.metrics.contentType);
    return this.metrics.render();
  }

  private isAuthorized(authorization: string | undefined, expected: Buffer): boolean {
    const token = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
    // Compared as digests so the time taken says nothing about the token, not even its length.
    return token !== undefined && timingSafeEqual(digest(token), expected);
  }
}
