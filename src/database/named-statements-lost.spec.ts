import { DatabaseError } from 'pg';
import { namedStatementsLost } from './named-statements-lost';

/** An error as pg reports PostgreSQL's ErrorResponse. */
function serverError(code: string, message: string): DatabaseError {
  const error = new DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('namedStatementsLost', () => {
  it('recognises the two answers a pooler without prepared-statement support passes on from PostgreSQL', () => {
    expect(namedStatementsLost(serverError('42P05', 'prepared statement "cart_by_id_1a2b3c4d" already exists'))).toBe(true);
    expect(namedStatementsLost(serverError('26000', 'prepared statement "cart_by_id_1a2b3c4d" does not exist'))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(namedStatementsLost(serverError('42P01', 'relation "orders" does not exist'))).toBe(false);
    expect(namedStatementsLost(serverError('57P01', 'terminating connection due to administrator command'))).toBe(false);
    expect(namedStatementsLost(serverError('08P01', 'bind message supplies 2 parameters, but prepared statement requires 1'))).toBe(false);
    expect(namedStatementsLost(new Error('prepared statement "cart_by_id" already exists'))).toBe(false);
    expect(namedStatementsLost(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6432'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(namedStatementsLost({ code: 42 })).toBe(false);
    expect(namedStatementsLost('42P05')).toBe(false);
    expect(namedStatementsLost(null)).toBe(false);
  });
});
