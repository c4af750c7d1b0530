import { ConnectionException } from '@mikro-orm/core';

/**
 * Tells a database that cannot be used right now (refused or lost connections, a pooler or a server
 * shutting down, out of connections, a primary that became a standby) from everything else, and says
 * why in words an operator can act on. Such a failure is the infrastructure's, not the request's: the
 * API answers it with a 503 and Retry-After (database-unavailable.ts), never a 500.
 *
 * Errors reach here in several wrappings, all read the same way: pg's own (a Node socket error, a
 * `DatabaseError` carrying the SQLSTATE in `code`, or a plain Error for a connection that ended),
 * MikroORM's `DriverException`, which copies `code`, `address` and `port` from the error it wraps, the
 * plain objects pg-boss emits (`{...error, message}`), and errors with a `cause` or an AggregateError's
 * `errors` (a host name with several addresses).
 *
 * A connection lost while COMMIT was under way leaves the outcome unknown: PostgreSQL may have
 * committed just before the connection went. The request is still answered 503; a client retries it
 * with the same Idempotency-Key, which either acts (the commit did not happen) or keeps the first
 * outcome (it did). Everything short of the commit is rolled back by PostgreSQL with the connection.
 */

/** Node's socket and name-resolution errors: nothing reached the database, or the connection broke. */
const SOCKET_FAILURES: Record<string, (error: ErrorFields) => string> = {
  ECONNREFUSED: (error) => `connection refused${at(error)}`,
  ECONNRESET: (error) => `connection reset${by(error)}`,
  EPIPE: (error) => `connection broken while sending${by(error)}`,
  ECONNABORTED: (error) => `connection aborted${by(error)}`,
  ETIMEDOUT: (error) => `connection timed out${at(error)}`,
  EHOSTUNREACH: (error) => `host unreachable${at(error)}`,
  EHOSTDOWN: (error) => `host down${at(error)}`,
  ENETUNREACH: (error) => `network unreachable${at(error)}`,
  ENETDOWN: (error) => `network down${at(error)}`,
  ENOTFOUND: (error) => `database host name not found${named(error)}`,
  EAI_AGAIN: (error) => `database host name could not be resolved now${named(error)}`,
};

/**
 * pg's errors without a code: the connection ended under a query or a transaction, or (with a connect
 * timeout or a pool acquire timeout configured) the connection was not made in time.
 */
const DRIVER_MESSAGES: Record<string, string> = {
  'Connection terminated unexpectedly': 'connection closed unexpectedly by the database server or the pooler',
  'Client has encountered a connection error and is not queryable': 'connection lost',
  'Connection terminated due to connection timeout': 'no answer while connecting (connection timeout)',
  'timeout exceeded when trying to connect': 'no connection free in the pool in time (pool acquire timeout)',
};

/**
 * SQLSTATEs of a database that cannot serve now but may again soon. Class 08 (connection exception)
 * except 08P01, which PostgreSQL also uses for real protocol errors (see POOLER_MESSAGES); class 57P
 * shutdowns and start-up; insufficient resources except 53400 (a configured limit the same request
 * will hit again); 25006, a read-only transaction: writes on a primary that became a standby (or with
 * default_transaction_read_only set).
 */
const UNAVAILABLE_SQLSTATES: Record<string, string> = {
  '08000': 'connection exception',
  '08001': 'the client could not establish the connection',
  '08003': 'the connection does not exist',
  '08004': 'the server rejected the connection',
  '08006': 'connection failure',
  '08007': 'transaction resolution unknown',
  '57P01': 'the server is shutting down or the connection was terminated by an administrator',
  '57P02': 'the server is restarting after a crash',
  '57P03': 'the server is starting up or shutting down and accepts no connections now',
  '57P05': 'the connection was closed after its idle-session timeout',
  '53000': 'the server is out of resources',
  '53100': 'the server is out of disk space',
  '53200': 'the server is out of memory',
  '53300': 'the server has no connection slots left',
  '25006': 'the database accepts no writes (a standby, or default_transaction_read_only is on)',
};

/**
 * PgBouncer's own errors, all sent as 08P01, that mean the pooler cannot serve now: PostgreSQL behind it
 * is down (1.18 keeps the query waiting until query_wait_timeout, later versions answer sooner that
 * they cannot connect), its server login keeps failing, or it is out of client slots.
 */
const POOLER_MESSAGES = [
  'pgbouncer cannot connect to server',
  'query_wait_timeout',
  'server conn crashed?',
  'no more connections allowed (max_client_conn)',
  'server login has been failing, try again later (server_login_retry)',
  'client_login_timeout (server down)',
];

interface ErrorFields {
  message?: unknown;
  code?: unknown;
  sqlState?: unknown;
  address?: unknown;
  port?: unknown;
  hostname?: unknown;
  cause?: unknown;
  errors?: unknown;
}

const at = (error: ErrorFields): string => (typeof error.address === 'string' ? ` at ${error.address}${typeof error.port === 'number' ? `:${error.port}` : ''}` : '');
const named = (error: ErrorFields): string => (typeof error.hostname === 'string' ? `: ${error.hostname}` : '');
const by = (error: ErrorFields): string => (typeof error.address === 'string' ? ` by ${error.address}${typeof error.port === 'number' ? `:${error.port}` : ''}` : '');

/** The one-line cause of one error object, when it is a database outage. */
function causeOf(error: ErrorFields): string | null {
  const message = typeof error.message === 'string' ? error.message : '';
  const code = typeof error.sqlState === 'string' ? error.sqlState : typeof error.code === 'string' ? error.code : '';
  const socket = SOCKET_FAILURES[code];
  if (socket !== undefined) return socket(error);
  const state = UNAVAILABLE_SQLSTATES[code];
  if (state !== undefined) return `${state}: ${message} (SQLSTATE ${code})`;
  if (code === '08P01' && POOLER_MESSAGES.includes(message)) return `the connection pooler cannot serve: ${message} (SQLSTATE 08P01)`;
  const driver = DRIVER_MESSAGES[message];
  if (driver !== undefined) return driver;
  if (error instanceof ConnectionException) return `connection failure: ${message}`;
  return null;
}

/** How deep `cause` chains and AggregateErrors are followed. */
const MAX_DEPTH = 4;

/**
 * Why the database is unavailable, when `error` says it is; null for every other error (a constraint,
 * a deadlock, a bug), which the caller handles as before.
 */
export function databaseUnavailableCause(error: unknown, depth = 0): string | null {
  if (typeof error !== 'object' || error === null || depth > MAX_DEPTH) return null;
  const fields = error as ErrorFields;
  const own = causeOf(fields);
  if (own !== null) return own;
  if (Array.isArray(fields.errors)) {
    for (const inner of fields.errors as unknown[]) {
      const cause = databaseUnavailableCause(inner, depth + 1);
      if (cause !== null) return cause;
    }
  }
  return databaseUnavailableCause(fields.cause, depth + 1);
}

export const isDatabaseUnavailable = (error: unknown): boolean => databaseUnavailableCause(error) !== null;
