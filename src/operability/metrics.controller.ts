import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../app/app-settings';
import { Public } from '../auth/public.decorator';
import { httpError } from '../common/errors/api-error';
import { AppMetrics } from './app-metrics';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Prometheus scrape endpoint; outside the OAuth scheme, optionally guarded by its own static token. */
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
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    if (this.expected && !this.isAuthorized(authorization, this.expected)) {
      throw httpError(401, 'A valid metrics token is required', { 'www-authenticate': 'Bearer realm="metrics"' });
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
