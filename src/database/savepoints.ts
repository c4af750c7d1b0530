import type { Transaction } from '@mikro-orm/core';

/**
 * MikroORM fires the transaction events for a nested `em.transactional` too: it runs in a savepoint of
 * the root transaction, and its "commit" only releases the savepoint. A savepoint's context carries the
 * savepoint's name; a root transaction's does not.
 */
export function isSavepoint(transaction: Transaction): boolean {
  return typeof (transaction as { savepointName?: unknown }).savepointName === 'string';
}
