import type { Connection, Transaction } from '@mikro-orm/core';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/**
 * A nested `em.transactional` runs in a savepoint of its root transaction; MikroORM fires the transaction
 * events (beforeTransactionCommit, afterTransactionRollback) for root transactions only, so neither the
 * release of a savepoint nor its rollback can be seen from a subscriber. What a savepoint did is
 * therefore asked of the database: each savepoint that recorded an event appends its mark to a
 * transaction-local setting, and PostgreSQL undoes that, with everything else the savepoint did, when
 * the savepoint (or one around it) rolls back. At the root's commit the marks still in the setting are
 * those of the savepoints whose changes commit.
 */
const SETTING = 'event_outbox.savepoints';

/** Appends a mark (parameter) to the setting, for the rest of the transaction unless its savepoint rolls back. */
const MARK = `select set_config('${SETTING}', coalesce(current_setting('${SETTING}', true), '') || ',' || ?, true)`;

/** The marks still set: a comma-separated list (null or empty in a session that never set one). */
const LIVE_MARKS = `select current_setting('${SETTING}', true) as marks`;

/** The transaction a transaction context belongs to: itself when it is a root transaction, else the root of its savepoints. */
export function rootTransactionOf(context: Knex.Transaction): Knex.Transaction {
  let transaction = context;
  while (transaction.parentTransaction !== undefined) transaction = transaction.parentTransaction;
  return transaction;
}

/** The savepoints of one root transaction that recorded events, each with its mark. */
export class SavepointMarks {
  private readonly marks = new Map<Transaction, string>();

  get isEmpty(): boolean {
    return this.marks.size === 0;
  }

  /** The mark of the savepoint `tx` runs in, set in the database (one statement) the first time it is asked for. */
  async markOf(tx: EntityManager, savepoint: Transaction): Promise<string> {
    const known = this.marks.get(savepoint);
    if (known !== undefined) return known;
    const mark = String(this.marks.size + 1);
    await tx.execute(MARK, [mark]);
    this.marks.set(savepoint, mark);
    return mark;
  }

  /** The marks of the savepoints whose changes the root transaction still holds (none rolled back), read in it. */
  async live(connection: Connection, root: Transaction): Promise<Set<string>> {
    const [row] = (await connection.execute(LIVE_MARKS, [], 'all', root)) as Array<{ marks: string | null }>;
    return new Set((row?.marks ?? '').split(',').filter((mark) => mark !== ''));
  }
}
