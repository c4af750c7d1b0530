import { DeadlockException, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApiError } from '../common/errors/api-error';
import { inWriteTransaction, isLockConflict, lockConflicts } from './write-transaction';

/** A PostgreSQL error as the driver converts it. */
const databaseError = <T>(Exception: new (previous: Error) => T, code: string): T =>
  new Exception(Object.assign(new Error(`sqlstate ${code}`), { code }));

/** Counts the transactions `inWriteTransaction` starts; each runs `work` with a fresh fork. */
function fakeEntityManager() {
  const forks: object[] = [];
  const em = {
    fork: () => {
      const tx = { id: forks.length };
      forks.push(tx);
      return { transactional: <T>(work: (tx: unknown) => Promise<T>) => work(tx) };
    },
  } as unknown as EntityManager;
  return { em, forks };
}

describe('inWriteTransaction', () => {
  it('tells deadlocks and serialization failures from other database errors', () => {
    expect(isLockConflict(databaseError(DeadlockException, '40P01'))).toBe(true);
    expect(isLockConflict(databaseError(DeadlockException, '40001'))).toBe(true);
    expect(isLockConflict(databaseError(UniqueConstraintViolationException, '23505'))).toBe(false);
    expect(isLockConflict(new Error('40P01'))).toBe(false);
  });

  it('runs the whole transaction again, on a fresh fork, after a deadlock', async () => {
    const { em, forks } = fakeEntityManager();
    const before = { ...lockConflicts };
    const seen: unknown[] = [];
    const result = await inWriteTransaction(em, (tx) => {
      seen.push(tx);
      if (seen.length < 3) return Promise.reject(databaseError(DeadlockException, seen.length === 1 ? '40P01' : '40001'));
      return Promise.resolve('done');
    });
    expect(result).toBe('done');
    expect(seen).toEqual(forks);
    expect(new Set(seen).size).toBe(3);
    expect(lockConflicts).toEqual({ retried: before.retried + 2, refused: before.refused });
  });

  it('answers the retryable 409 once the attempts are used up, and passes every other error on at once', async () => {
    const { em, forks } = fakeEntityManager();
    const before = { ...lockConflicts };
    const refused = await inWriteTransaction(em, () => Promise.reject(databaseError(DeadlockException, '40P01'))).catch((error: unknown) => error);
    expect(forks).toHaveLength(4);
    expect(lockConflicts).toEqual({ retried: before.retried + 3, refused: before.refused + 1 });
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 409, message: 'The request collided with concurrent changes of the same data; send it again.' },
      headers: { 'retry-after': '1' },
    });

    const other = fakeEntityManager();
    const unique = databaseError(UniqueConstraintViolationException, '23505');
    await expect(inWriteTransaction(other.em, () => Promise.reject(unique))).rejects.toBe(unique);
    expect(other.forks).toHaveLength(1);
  });
});
