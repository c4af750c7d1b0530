import { ArgumentsHost, Catch, HttpException, NotFoundException, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, bodyTooLarge, httpError, internalError, invalidJson, methodNotAllowed, noRouteFound, unsupportedMediaType } from '../errors/api-error';
import { FormValidationException } from '../forms/form-validation.exception';
import { isLockConflict, writeConflict } from '../../database/write-transaction';
import { databaseUnavailable, OutageWarnings } from '../../database/database-unavailable';
import { databaseUnavailableCause } from '../../database/infrastructure-failure';
import type { RouteRegistry } from './route-registry';
import { loggableError } from '../logging/loggable-error';

/** Turns every failure into one of the documented JSON error bodies; nothing internal leaks out. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly outageWarnings = new OutageWarnings();

  constructor(private readonly routes: RouteRegistry) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // A refused or lost connection, a pooler or server going down: 503 with Retry-After, never a 500.
    const outage = databaseUnavailableCause(exception);
    const error = outage !== null ? databaseUnavailable() : this.toApiError(exception, request);
    if (outage !== null) this.warnOfOutage(outage, request);
    else if (error.status >= 500) request.log.error({ err: loggableError(exception) }, 'request failed');
    if (reply.sent) return;
    reply.status(error.status).headers(error.headers).header('content-type', 'application/json').send(JSON.stringify(error.body));
  }

  /** A warning with its cause rather than an error with a stack, once per cause and interval (database-unavailable.ts). */
  private warnOfOutage(cause: string, request: FastifyRequest): void {
    const admitted = this.outageWarnings.admit(cause);
    if (admitted !== null) request.log.warn({ cause, leftOut: admitted.leftOut }, 'database unavailable');
  }

  private toApiError(exception: unknown, request: FastifyRequest): ApiError {
    if (exception instanceof ApiError) return exception;
    if (exception instanceof FormValidationException) {
      return new ApiError(400, { code: 400, message: 'Validation Failed', errors: exception.errors.toJSON() });
    }
    // A write outside inWriteTransaction that still met a deadlock: the same retryable 409, never a 500.
    if (isLockConflict(exception)) return writeConflict();
    // The framework's own not-found handler: no route matched this method and path.
    if (exception instanceof NotFoundException) return this.noRoute(request);
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 413) return bodyTooLarge();
      if (status === 415) return unsupportedMediaType();
      if (status === 400) return invalidJson();
      if (status < 500) return httpError(status, exception.message);
    }
    return internalError();
  }

  private noRoute(request: FastifyRequest): ApiError {
    const path = request.url.split('?')[0];
    const allowed = this.routes.allowedMethods(path);
    if (allowed.length === 0 || allowed.includes(request.method)) return noRouteFound(request.method, path);
    return methodNotAllowed(request.method, path, allowed);
  }
}
