import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EntityClass } from './column-limits';
import type { FormErrors } from './form-errors';
import { throwIfInvalid } from './form-validation.exception';

/** A form field whose value must be unique in a column: the unique index that guards it and the field's message. */
export interface UniqueField {
  entity: EntityClass;
  /** The entity property (and form field) that holds the value. */
  property: string;
  /** The name of the unique index on that column. */
  constraint: string;
  message: string;
}

/**
 * Adds the field's message when another row already holds the value (a lookup inside the write's
 * transaction). Skipped when the field already has a violation: its value is not one to look up.
 */
export async function checkUnique(tx: EntityManager, errors: FormErrors, field: UniqueField, value: unknown): Promise<void> {
  if (errors.has(field.property) || typeof value !== 'string') return;
  if ((await tx.count(field.entity, { [field.property]: value })) > 0) errors.add(field.property, field.message);
}

/**
 * Runs a write; when a concurrent request stored the same value first, the unique index refuses the
 * insert and the client gets the same 400 as when the value was there before the request.
 */
export async function withUniqueValue<T>(errors: FormErrors, field: UniqueField, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && (error as { constraint?: string }).constraint === field.constraint) {
      errors.add(field.property, field.message);
      throwIfInvalid(errors);
    }
    throw error;
  }
}
