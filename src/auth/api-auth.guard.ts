import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ApiError } from '../common/errors/api-error';
import { authenticationRequired } from './oauth-errors';
import { IS_PUBLIC } from './public.decorator';

/** Every route needs a valid bearer token of an API admin, unless it is marked @Public(). */
@Injectable()
export class ApiAuthGuard extends AuthGuard('bearer') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    return isPublic ? true : super.canActivate(context);
  }

  override handleRequest<T>(error: unknown, user: T): T {
    if (error instanceof ApiError) throw error;
    // Kept as the cause: an error of another realm (a test sandbox's) is no `instanceof Error` here, and a lost connection must still read as one.
    if (error) throw error instanceof Error ? error : new Error('bearer authentication failed', { cause: error });
    if (!user) throw authenticationRequired();
    return user;
  }
}
