import { DatabaseError } from 'pg';
import { replicaFailure } from './replica-failure';

const sqlError = (code: string): DatabaseError => Object.assign(new DatabaseError('failed', 0, 'error'), { code });

describe('replicaFailure', () => {
  it.each<[string, unknown, ReturnType<typeof replicaFailure>]>([
    ['connection refused (no PostgreSQL answer)', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' }), 'unavailable'],
    ['connection lost', new Error('Connection terminated unexpectedly'), 'unavailable'],
    ['admin shutdown (57P01)', sqlError('57P01'), 'unavailable'],
    ['the database system is starting up (57P03)', sqlError('57P03'), 'unavailable'],
    ['too many connections (53300)', sqlError('53300'), 'unavailable'],
    ['database does not exist on the replica (3D000)', sqlError('3D000'), 'unavailable'],
    ['password refused (28P01)', sqlError('28P01'), 'unavailable'],
    ['connection failure (08006)', sqlError('08006'), 'unavailable'],
    ['cancelled by a recovery conflict (40001)', sqlError('40001'), 'conflict'],
    ['recovery conflict with a buffer pin deadlock (40P01)', sqlError('40P01'), 'conflict'],
    ['a statement cancelled (57014): it would be on the primary too', sqlError('57014'), null],
    ['a syntax error: the statement fails on the primary too', sqlError('42601'), null],
    ['a bad value: the same on the primary', sqlError('22P02'), null],
    ['a write on the standby: a routing bug, not an outage', sqlError('25006'), null],
  ])('%s', (_case, error, expected) => {
    expect(replicaFailure(error)).toBe(expected);
  });
});
