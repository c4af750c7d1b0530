import { once } from 'node:events';
import { createServer } from 'node:net';
import { ConnectionException, DeadlockException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { Client, DatabaseError } from 'pg';
import { databaseUnavailableCause, isDatabaseUnavailable } from './infrastructure-failure';

/** A Node socket error as `net` reports it (fields as seen from pg against a closed port, a reset proxy, an unknown host). */
const socketError = (message: string, fields: Record<string, unknown>): Error => Object.assign(new Error(message), fields);

/** A PostgreSQL (or PgBouncer) error message as pg parses it. */
function serverError(message: string, code: string, severity = 'FATAL'): DatabaseError {
  const error = new DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = severity;
  return error;
}

/** As MikroORM hands it on: a DriverException that copied the driver error's fields. */
const wrapped = (error: Error): DriverException => new DriverException(error);

const refused = socketError('connect ECONNREFUSED 127.0.0.1:6432', { errno: -111, code: 'ECONNREFUSED', syscall: 'connect', address: '127.0.0.1', port: 6432 });

describe('databaseUnavailableCause', () => {
  it.each<[string, unknown, string]>([
    ['a refused connection (the pooler or server is down)', refused, 'connection refused at 127.0.0.1:6432'],
    ['the same through MikroORM', wrapped(refused), 'connection refused at 127.0.0.1:6432'],
    ['a reset connection', socketError('read ECONNRESET', { errno: -104, code: 'ECONNRESET', syscall: 'read' }), 'connection reset'],
    ['a broken pipe', socketError('write EPIPE', { errno: -32, code: 'EPIPE', syscall: 'write' }), 'connection broken while sending'],
    ['a connect timeout of the OS', socketError('connect ETIMEDOUT 10.0.0.5:5432', { code: 'ETIMEDOUT', address: '10.0.0.5', port: 5432 }), 'connection timed out at 10.0.0.5:5432'],
    ['an unreachable host', socketError('connect EHOSTUNREACH 10.0.0.5:5432', { code: 'EHOSTUNREACH', address: '10.0.0.5', port: 5432 }), 'host unreachable at 10.0.0.5:5432'],
    [
      'an unknown host name',
      socketError('getaddrinfo ENOTFOUND db.internal', { errno: -3008, code: 'ENOTFOUND', syscall: 'getaddrinfo', hostname: 'db.internal' }),
      'database host name not found: db.internal',
    ],
    ['a connection that ended under a query', new Error('Connection terminated unexpectedly'), 'connection closed unexpectedly by the database server or the pooler'],
    ['the next query on it (MikroORM)', wrapped(new Error('Client has encountered a connection error and is not queryable')), 'connection lost'],
    [
      "pg's connect timeout",
      Object.assign(new Error('Connection terminated due to connection timeout'), { cause: new Error('Connection terminated unexpectedly') }),
      'no answer while connecting (connection timeout)',
    ],
    ["pg-pool's acquire timeout", new Error('timeout exceeded when trying to connect'), 'no connection free in the pool in time (pool acquire timeout)'],
    [
      'pg_terminate_backend or a fast shutdown',
      serverError('terminating connection due to administrator command', '57P01'),
      'the server is shutting down or the connection was terminated by an administrator: terminating connection due to administrator command (SQLSTATE 57P01)',
    ],
    [
      'a crash of another backend',
      serverError('terminating connection because of crash of another server process', '57P02'),
      'the server is restarting after a crash: terminating connection because of crash of another server process (SQLSTATE 57P02)',
    ],
    [
      'a server starting up',
      wrapped(serverError('the database system is starting up', '57P03')),
      'the server is starting up or shutting down and accepts no connections now: the database system is starting up (SQLSTATE 57P03)',
    ],
    [
      'no connection slots',
      serverError('sorry, too many clients already', '53300'),
      'the server has no connection slots left: sorry, too many clients already (SQLSTATE 53300)',
    ],
    [
      "a role's connection limit",
      serverError('too many connections for role "shop"', '53300'),
      'the server has no connection slots left: too many connections for role "shop" (SQLSTATE 53300)',
    ],
    ['a full disk', serverError('could not extend file "base/16384/16385": No space left on device', '53100', 'ERROR'), 'the server is out of disk space: could not extend file "base/16384/16385": No space left on device (SQLSTATE 53100)'],
    [
      'a write on a standby',
      wrapped(serverError('cannot execute INSERT in a read-only transaction', '25006', 'ERROR')),
      'the database accepts no writes (a standby, or default_transaction_read_only is on): cannot execute INSERT in a read-only transaction (SQLSTATE 25006)',
    ],
    ['a connection failure', serverError('could not receive data from client', '08006'), 'connection failure: could not receive data from client (SQLSTATE 08006)'],
    [
      'PgBouncer 1.18 with PostgreSQL down',
      serverError('query_wait_timeout', '08P01'),
      'the connection pooler cannot serve: query_wait_timeout (SQLSTATE 08P01)',
    ],
    [
      'PgBouncer 1.21+ with PostgreSQL down',
      serverError('pgbouncer cannot connect to server', '08P01'),
      'the connection pooler cannot serve: pgbouncer cannot connect to server (SQLSTATE 08P01)',
    ],
    ['PgBouncer losing its server connection', serverError('server conn crashed?', '08P01'), 'the connection pooler cannot serve: server conn crashed? (SQLSTATE 08P01)'],
    [
      'PgBouncer out of client slots',
      serverError('no more connections allowed (max_client_conn)', '08P01'),
      'the connection pooler cannot serve: no more connections allowed (max_client_conn) (SQLSTATE 08P01)',
    ],
    [
      "PgBouncer's login retry",
      serverError('server login has been failing, try again later (server_login_retry)', '08P01'),
      'the connection pooler cannot serve: server login has been failing, try again later (server_login_retry) (SQLSTATE 08P01)',
    ],
    [
      'the plain object pg-boss emits',
      { ...refused, message: refused.message, stack: refused.stack, queue: '__pgboss__send-it', worker: 'w1' },
      'connection refused at 127.0.0.1:6432',
    ],
    ['a cause chain', new Error('query failed', { cause: wrapped(refused) }), 'connection refused at 127.0.0.1:6432'],
    ['an AggregateError of every address of a host', new AggregateError([refused, socketError('connect ECONNREFUSED ::1:6432', { code: 'ECONNREFUSED', address: '::1', port: 6432 })]), 'connection refused at 127.0.0.1:6432'],
    ["MikroORM's connection exception", new ConnectionException(new Error('Connection lost')), 'connection failure: Connection lost'],
  ])('%s', (_case, error, cause) => {
    expect(databaseUnavailableCause(error)).toBe(cause);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['a unique violation', new UniqueConstraintViolationException(serverError('duplicate key value violates unique constraint "x"', '23505', 'ERROR'))],
    ['a deadlock (retried as a write conflict instead)', new DeadlockException(serverError('deadlock detected', '40P01', 'ERROR'))],
    ['a syntax error', serverError('syntax error at or near "selec"', '42601', 'ERROR')],
    ['a real protocol violation of PostgreSQL', serverError('bind message supplies 1 parameters, but prepared statement "" requires 2', '08P01', 'ERROR')],
    ['a configured limit the same request hits again', serverError('too many range table entries', '53400', 'ERROR')],
    ['a named statement PgBouncer sent to another connection', serverError('prepared statement "cart_by_id" does not exist', '26000', 'ERROR')],
    ['a statement timeout', serverError('canceling statement due to statement timeout', '57014', 'ERROR')],
    ['a dropped database', serverError('terminating connection due to database drop', '57P04')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
    ['a cycle of causes', (() => {
      const error = new Error('loop') as Error & { cause?: unknown };
      error.cause = error;
      return error;
    })()],
  ])('%s is not an outage', (_case, error) => {
    expect(databaseUnavailableCause(error)).toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('reads a refused connection exactly as pg reports it', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    server.close();
    await once(server, 'close');
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    const error = await client.connect().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(databaseUnavailableCause(error)).toBe(`connection refused at 127.0.0.1:${port}`);
  });
});
