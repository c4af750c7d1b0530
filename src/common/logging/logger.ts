import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import { redactSecrets } from './redact-secrets';

/**
 * JSON logs; credentials never reach them: request headers and bodies are not logged, values under
 * secret-looking keys are censored at any depth, and access_token & co. are masked in URLs.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    formatters: { log: (object: Record<string, unknown>) => redactSecrets(object) },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: typeof req.url === 'string' ? maskSecrets(req.url) : undefined }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export function maskSecrets(url: string): string {
  return url.replace(/([?&](?:access_token|refresh_token|client_secret|password)=)[^&]*/gi, '$1[redacted]');
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
