import { setTimeout as sleep } from 'node:timers/promises';
import { DriverException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../common/errors/api-error';
import { namedStatementsLost } from './named-statements-lost';

/** A deadlock (40P01) or a serialization failure (40001): the transaction was rolled back and may simply run again. */
export function isLockConflict(error: unknown): boolean {
  if (!(error instanceof DriverException)) return false;
  const code = error.sqlState ?? error.code;
  return code === '40P01' || code === '40001';
}

export const WRITE_CONFLICT_MESSAGE = 'The request collided with concurrent changes of the same data; send it again.';
/** Seconds a client should wait before sending a request that got the write-conflict 409 again. */
const WRITE_CONFLICT_RETRY_AFTER = '1';

/**
 * The answer when a write kept colliding: 409 `{code, message}` with `Retry-After`. The transaction was
 * rolled back, so nothing of the request happened and sending it again is safe (the Idempotency-Key of
 * a POST is given back for that, see IdempotencyService).
 */
export const writeConflict = (): ApiError => new ApiError(409, { code: 409, message: WRITE_CONFLICT_MESSAGE }, { 'retry-after': WRITE_CONFLICT_RETRY_AFTER });

/**
 * Lock conflicts this process met, for `GET /metrics`: attempts that were run again, and writes answered
 * with the 409 after the last attempt. The lock order should keep both at 0; the lock-order stress test
 * asserts it, since the retries would otherwise hide a broken order.
 */
export const lockConflicts = { retried: 0, refused: 0 };

/** Attempts of one write in all; PostgreSQL picks one victim per deadlock, so a second attempt nearly always goes through. */
const ATTEMPTS = 4;

/** A short random pause before the next attempt, growing with each, so two victims do not collide again in step. */
const pauseBefore = (attempt: number): Promise<void> => sleep(Math.round((5 + Math.random() * 20) * attempt));

/**
 * Runs one write as one transaction on a fork of `em`. Every write takes its row locks in the order of
 * src/database/lock-order.ts, so deadlocks should not happen; should one (or a serialization failure)
 * still happen, the whole transaction runs again, up to ATTEMPTS times, then the client gets
 * `writeConflict()` — never a 500. `work` must therefore be repeatable: everything it does goes through
 * `tx` (a fresh fork each attempt), and it changes nothing outside the database that an earlier, rolled
 * back attempt could have left behind. A lost connection is not run again here: PostgreSQL rolled back
 * whatever it cut off before COMMIT, but a COMMIT that lost its connection may have committed, so only the
 * client can tell whether to send the request again (503, src/database/database-unavailable.ts; a POST with
 * its Idempotency-Key, which acts only if nothing committed).
 */
export async function inWriteTransaction<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await em.fork().transactional(work);
    } catch (error) {
      // A named statement that turned out not to survive on pooled connections lost the transaction; naming is
      // off from then on (named-statements.ts), so the next attempt runs without it.
      if (namedStatementsLost(error) && attempt < ATTEMPTS) continue;
      if (!isLockConflict(error)) throw error;
      if (attempt >= ATTEMPTS) {
        lockConflicts.refused++;
        throw writeConflict();
      }
      lockConflicts.retried++;
      await pauseBefore(attempt);
    }
  }
}
