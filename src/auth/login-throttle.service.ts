import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../app/app-settings';
import { httpError } from '../common/errors/api-error';
import { hashToken } from './token-hash';

/**
 * Limits failed password grants per client and username. Counters live in the database so that
 * every instance behind a load balancer shares them.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(clientId: string, username: string): string {
    return hashToken(`${clientId}\u0000${username.toLowerCase()}`);
  }

  /** Throws 429 while the key has used up its failures in the current window. */
  async assertAllowed(clientId: string, username: string): Promise<void> {
    const rows = await this.em.getConnection().execute<{ failures: number; retry_after: number }[]>(
      `select failures, ceil(extract(epoch from (window_started_at + make_interval(secs => ?)) - now()))::int as retry_after
         from auth_throttle where key = ?`,
      [this.config.authWindowSeconds, this.key(clientId, username)],
    );
    const row = rows[0];
    if (row && row.retry_after > 0 && row.failures >= this.config.authMaxFailures) {
      throw httpError(429, 'Too many requests', { 'retry-after': String(row.retry_after) });
    }
  }

  async recordFailure(clientId: string, username: string): Promise<void> {
    await this.em.getConnection().execute(
      `insert into auth_throttle (key, failures, window_started_at) values (?, 1, now())
       on conflict (key) do update set
         failures = case when auth_throttle.window_started_at + make_interval(secs => ?) <= now() then 1 else auth_throttle.failures + 1 end,
         window_started_at = case when auth_throttle.window_started_at + make_interval(secs => ?) <= now() then now() else auth_throttle.window_started_at end`,
      [this.key(clientId, username), this.config.authWindowSeconds, this.config.authWindowSeconds],
    );
  }

  async reset(clientId: string, username: string): Promise<void> {
    await this.em.getConnection().execute('delete from auth_throttle where key = ?', [this.key(clientId, username)]);
  }
}
