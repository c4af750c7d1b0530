/**
 * SQLSTATEs PostgreSQL answers when a connection's named statements are not the ones its client
 * prepared: 42P05 (duplicate_prepared_statement) to a Parse of a name the server connection already
 * holds, 26000 (invalid_sql_statement_name) to a Bind of a name it never saw. Through a pooler that
 * hands each transaction another server connection and does not carry prepared statements across
 * (PgBouncer in transaction mode before 1.21, or later with max_prepared_statements = 0), PostgreSQL
 * itself raises them and the pooler passes them on.
 */
const LOST_NAMED_STATEMENT_CODES = new Set(['42P05', '26000']);

/** Whether `error` says that named statements do not survive from one statement to the next here. */
export function namedStatementsLost(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return typeof error.code === 'string' && LOST_NAMED_STATEMENT_CODES.has(error.code);
}
