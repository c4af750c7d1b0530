import { DatabaseError } from 'pg';

/**
 * SQLSTATE classes that say the replica cannot serve reads, whatever the statement: connection
 * exceptions, refused credentials, a database it does not have (yet), insufficient resources (too many
 * connections), operator intervention (shutting down, starting up), system errors.
 */
const UNAVAILABLE_CLASSES = new Set(['08', '28', '3D', '53', '57', '58']);

const QUERY_CANCELED = '57014';

/** A hot standby cancels a query whose rows the replay must remove or change under it ("conflict with recovery"). */
const RECOVERY_CONFLICTS = new Set(['40001', '40P01']);

/**
 * What a read that failed on a replica says: `unavailable` (the replica is down: no answer of
 * PostgreSQL at all, or one of the classes above), `conflict` (this query lost to the replay; the
 * replica is fine), or null (the statement itself failed, and would on the primary too).
 */
export function replicaFailure(error: unknown): 'unavailable' | 'conflict' | null {
  if (!(error instanceof DatabaseError)) return 'unavailable';
  const code = error.code ?? '';
  if (RECOVERY_CONFLICTS.has(code)) return 'conflict';
  // A statement cancelled (statement_timeout, a cancel request) would be on the primary too.
  if (code === QUERY_CANCELED) return null;
  return UNAVAILABLE_CLASSES.has(code.slice(0, 2)) ? 'unavailable' : null;
}
