import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogFormat } from './log-format';
import { prettyDestination } from './pretty-destination';
import { maskSecretsInUrl, redactSecrets } from './redact-secrets';

/**
 * JSON logs (or the same lines made readable for a terminal); credentials never reach them: request
 * headers and bodies are not logged, values under secret-looking keys are censored at any depth, and
 * access_token & co. are masked in URLs.
 */
export function createLogger(level: string, destination?: DestinationStream, format: LogFormat = 'json'): Logger {
  const options = {
    level,
    formatters: { log: (object: Record<string, unknown>) => redactSecrets(object) },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: typeof req.url === 'string' ? maskSecrets(req.url) : undefined }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
  if (format === 'pretty') return pino(options, prettyDestination(destination));
  return destination ? pino(options, destination) : pino(options);
}

/** Masks the values of secret-named query parameters (by decoded name) in a URL before it is logged. */
export function maskSecrets(url: string): string {
  return maskSecretsInUrl(url);
}

/** Routes Nest's own log lines into the same JSON logger. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
