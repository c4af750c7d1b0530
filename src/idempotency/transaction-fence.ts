import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import { isSavepoint } from '../database/savepoints';
import { idempotencyKeyInProgress } from './idempotency-errors';
import type { Claim, IdempotencyStore } from './idempotency-store';

const activeClaim = new AsyncLocalStorage<Claim>();

/** Runs a request's handler with its claim visible to the transactions it starts. */
export function runWithClaim<T>(claim: Claim, work: () => T): T {
  return activeClaim.run(claim, work);
}

/**
 * Ties a claimed key to the action's own transaction: just before the first transaction of the
 * request commits, the key is marked `committed` in that transaction. So the mark and the action
 * commit together or not at all, and a claim that was taken over (its request looked crashed) makes
 * the late transaction roll back instead of acting a second time.
 */
export class TransactionFence implements EventSubscriber {
  constructor(private readonly store: IdempotencyStore) {}

  // A savepoint's release is not the request's commit: only the root transaction carries the mark.
  async beforeTransactionCommit({ em, transaction }: TransactionEventArgs): Promise<void> {
    const claim = activeClaim.getStore();
    if (claim === undefined || claim.committed || transaction === undefined || isSavepoint(transaction)) return;
    if (!(await this.store.markCommitted(em, transaction, claim))) throw idempotencyKeyInProgress();
  }

  afterTransactionCommit({ transaction }: TransactionEventArgs): void {
    if (transaction !== undefined && isSavepoint(transaction)) return;
    const claim = activeClaim.getStore();
    if (claim !== undefined) claim.committed = true;
  }
}
