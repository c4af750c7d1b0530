import type { EntityManager } from '@mikro-orm/postgresql';

export interface LoginAttemptReservation {
  /** Attempts counted in the current window, this one included. */
  attempts: number;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * Counts one password attempt for a subject and returns the count, in one upsert: PostgreSQL locks the
 * row for the update, so concurrent attempts (from any instance) each see a distinct count and no two
 * of them can both read "one attempt left". A window that has run out starts again at 1.
 */
export async function reserveLoginAttempt(em: EntityManager, args: { key: string; windowSeconds: number }): Promise<LoginAttemptReservation> {
  const rows = await em.getConnection().execute<{ attempts: number; retry_after: number }[]>(
    `insert into auth_throttle as t (key, failures, window_started_at) values (?, 1, now())
     on conflict (key) do update set
       failures = case when t.window_started_at + make_interval(secs => ?) <= now() then 1 else t.failures + 1 end,
       window_started_at = case when t.window_started_at + make_interval(secs => ?) <= now() then now() else t.window_started_at end
     returning failures as attempts,
       greatest(1, ceil(extract(epoch from (window_started_at + make_interval(secs => ?)) - now())))::int as retry_after`,
    [args.key, args.windowSeconds, args.windowSeconds, args.windowSeconds],
  );
  return { attempts: rows[0].attempts, retryAfter: rows[0].retry_after };
}

/** Throttle rows whose window has ended carry no information; unknown usernames would otherwise pile up. */
export async function deleteExpiredLoginAttempts(em: EntityManager, args: { windowSeconds: number }): Promise<void> {
  await em.getConnection().execute('delete from auth_throttle where window_started_at < now() - make_interval(secs => ?)', [args.windowSeconds]);
}
