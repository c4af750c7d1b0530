import { ApiError } from '../common/errors/api-error';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable; send the request again later.';

/**
 * Seconds a client should wait after a 503. A pooler or server restart and a failover's promotion take
 * seconds, and readiness probes (every few seconds) take an instance out of rotation in about that
 * time; a shorter wait makes every client hammer a database that is still coming back, a longer one
 * keeps clients idle after a blip that is already over.
 */
export const DATABASE_UNAVAILABLE_RETRY_AFTER = '5';

/**
 * The answer when the database could not be used (infrastructure-failure.ts): 503 `{code, message}` with
 * `Retry-After`. Whatever the request did before is rolled back with its transaction; only a request
 * whose COMMIT lost its connection may have happened, which is why a client retries a POST with its
 * Idempotency-Key (IdempotencyService gives the key back for that).
 */
export const databaseUnavailable = (): ApiError =>
  new ApiError(503, { code: 503, message: DATABASE_UNAVAILABLE_MESSAGE }, { 'retry-after': DATABASE_UNAVAILABLE_RETRY_AFTER });

/** The latest outage any part of this process met (requests, the webhook queue). */
let latest: { cause: string; at: number } | null = null;

/**
 * The cause of the latest outage met within `withinMs`, and how long ago: what the readiness probe adds
 * when its own query gets no answer (a pooler holding queries while its server is down answers only
 * after its query_wait_timeout).
 */
export function latestOutage(withinMs: number, now = Date.now()): { cause: string; secondsAgo: number } | null {
  if (latest === null || now - latest.at > withinMs) return null;
  return { cause: latest.cause, secondsAgo: Math.round((now - latest.at) / 1000) };
}

/** How often the same cause is logged again while it lasts. */
const REPEAT_INTERVAL_MS = 10_000;
/** Causes remembered at once; they name an address or a server message, so an outage has a handful. */
const MAX_CAUSES = 100;

/**
 * Decides which failures of an outage are logged: the first of each cause at once, then at most one
 * line per cause and interval while it lasts, carrying how many were left out, so an outage of
 * thousands of requests is a few warnings rather than one error with a stack per request.
 */
export class OutageWarnings {
  private readonly seen = new Map<string, { loggedAt: number; leftOut: number }>();

  constructor(
    private readonly intervalMs = REPEAT_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Null when this failure is left out; otherwise how many of the same cause (met by the same `part`,
   * when given) were left out since its last line.
   */
  admit(cause: string, part?: string): { leftOut: number } | null {
    const now = this.now();
    latest = { cause, at: now };
    const key = part === undefined ? cause : `${part}: ${cause}`;
    const known = this.seen.get(key);
    if (known !== undefined && now - known.loggedAt < this.intervalMs) {
      known.leftOut++;
      return null;
    }
    if (known === undefined && this.seen.size >= MAX_CAUSES) this.seen.clear();
    this.seen.set(key, { loggedAt: now, leftOut: 0 });
    return { leftOut: known?.leftOut ?? 0 };
  }
}
