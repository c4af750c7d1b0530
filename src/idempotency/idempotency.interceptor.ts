import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { from, mergeMap, type Observable, of } from 'rxjs';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { idempotencyKeyOf } from './idempotency-key-header';
import { IdempotencyService } from './idempotency.service';
import { recordAnswer, replayAnswer } from './idempotent-replies';
import { requestFingerprint } from './request-fingerprint';
import { runWithClaim } from './transaction-fence';

const API_PATH = /^\/api\/v1(\/|\?|$)/;

/**
 * Honours the Idempotency-Key header on every POST under /api/v1. An interceptor rather than a
 * Fastify hook because it runs after the authentication guard (keys are scoped per admin) and
 * before the pipes and the handler, which it can skip.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedAdmin }>();
    if (request.method !== 'POST' || !API_PATH.test(request.url)) return next.handle();
    const key = idempotencyKeyOf(request.headers);
    // Without an admin there is no scope to keep keys apart in; such a request is handled as usual.
    if (key === null || request.user === undefined) return next.handle();

    const scope = `admin:${request.user.id}`;
    const fingerprint = requestFingerprint(request.method, request.url, request.body);
    return from(this.idempotency.start(scope, key, fingerprint)).pipe(
      mergeMap((start) => {
        if (start.kind === 'replay') {
          replayAnswer(request, start.response);
          return of(undefined);
        }
        recordAnswer(request, (response) => this.idempotency.finish(start.claim, start.secrets, response));
        return runWithClaim(start.claim, () => next.handle());
      }),
    );
  }
}
