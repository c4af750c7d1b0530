import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

/** JSON logs; credentials never reach them (headers are not logged and access_token is masked in URLs). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.plainPassword'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: maskSecrets(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
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
