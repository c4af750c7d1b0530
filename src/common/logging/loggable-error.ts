import { DriverException } from '@mikro-orm/core';

/** A stack trace's frames only: the message lines before and between them can quote data. */
const framesOf = (stack: string | undefined): string | undefined =>
  stack
    ?.split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');

/**
 * Database errors quote the failed SQL with its values, and PostgreSQL's detail quotes the whole failing
 * row (password hashes, signing secrets): log only what identifies them.
 */
export function loggableError(exception: unknown): unknown {
  if (exception instanceof DriverException) {
    return { type: exception.name, code: exception.code, sqlState: exception.sqlState, stack: framesOf(exception.stack) };
  }
  return exception;
}
