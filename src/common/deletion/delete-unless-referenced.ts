import { ForeignKeyConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict, resourceInUseMessage, resourceNotFound, type ResourceName } from '../errors/api-error';

/**
 * A column of another table that names rows of the deleted table, by id (a foreign key) or by code (a
 * copied code). `table` may be a fixed join when only some rows count (e.g. members of zones of one type).
 */
interface Reference {
  table: string;
  column: string;
  by: 'id' | 'code';
}

/**
 * A table whose rows are deleted by code, with every column that refers to them. The names are fixed
 * in the code (never taken from a request), so they are written into the statements as they are.
 */
export interface DeletableTable {
  table: string;
  resource: ResourceName;
  references: readonly Reference[];
}

/**
 * Locks the row with this code FOR UPDATE inside `tx` and checks that nothing refers to it: a 404 when
 * there is no such row, a 409 when something does (the caller's transaction rolls back). The lock waits
 * for, and then holds off, every insert or update that would make a new foreign key point at it (those
 * take a key-share lock on it), so the check is still true when the caller deletes the row. Columns that
 * copy the code (no foreign key) are checked under the same lock. The row's id.
 */
export async function lockUnreferenced(tx: EntityManager, target: DeletableTable, code: string): Promise<number> {
  const [row] = await tx.execute<Array<{ id: number }>>(`select id from ${target.table} where code = ? for update`, [code]);
  if (row === undefined) throw resourceNotFound(target.resource);
  if (target.references.length > 0) {
    const checks = target.references.map((reference) => `exists (select 1 from ${reference.table} where ${reference.column} = ?)`);
    const values = target.references.map((reference) => (reference.by === 'id' ? row.id : code));
    const [{ used }] = await tx.execute<Array<{ used: boolean }>>(`select ${checks.join(' or ')} as used`, values);
    if (used) throw conflict(resourceInUseMessage(target.resource));
  }
  return row.id;
}

/**
 * Deletes the row with this code inside `tx`, unless anything still refers to it (lockUnreferenced):
 * then a 409 and nothing is written. Should a foreign key the list misses refuse the delete, that is the
 * same 409, not a 500.
 */
export async function deleteUnlessReferenced(tx: EntityManager, target: DeletableTable, code: string): Promise<void> {
  const id = await lockUnreferenced(tx, target, code);
  try {
    await tx.execute(`delete from ${target.table} where id = ?`, [id]);
  } catch (error) {
    if (error instanceof ForeignKeyConstraintViolationException) throw conflict(resourceInUseMessage(target.resource));
    throw error;
  }
}
