import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { httpError } from '../common/errors/api-error';
import { AuthThrottle } from './entities/auth-throttle.entity';
import { deleteExpiredLoginAttempts, reserveLoginAttempt } from './login-attempts';
import { hashToken } from './token-hash';

/**
 * Limits password checks per subject: the admin a username resolves to, or the canonical username when
 * it resolves to none. Every attempt reserves one of the window's `AUTH_MAX_FAILURES` checks before the
 * password is compared, atomically in the database, so neither concurrency nor a second instance lets
 * more checks through; a successful login gives the budget back.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `canonicalName` is the submitted username in its canonical form (see canonicalAdminName). */
  static subjectFor(adminId: number | null, canonicalName: string): string {
    return adminId !== null ? `admin:${adminId}` : `username:${canonicalName}`;
  }

  private key(subject: string): string {
    return hashToken(subject);
  }

  /** Throws 429 (with Retry-After) when the subject has no password check left in the current window. */
  async reserveAttempt(subject: string): Promise<void> {
    const em = this.em.fork();
    // Every attempt sweeps ended windows first (one indexed delete, cheap next to the password hash).
    await deleteExpiredLoginAttempts(em, { windowSeconds: this.config.authWindowSeconds });
    const { attempts, retryAfter } = await reserveLoginAttempt(em, { key: this.key(subject), windowSeconds: this.config.authWindowSeconds });
    if (attempts > this.config.authMaxFailures) {
      throw httpError(429, 'Too many requests', { 'retry-after': String(retryAfter) });
    }
  }

  async reset(subject: string): Promise<void> {
    await this.em.fork().nativeDelete(AuthThrottle, { key: this.key(subject) });
  }
}
