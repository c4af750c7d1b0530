import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { FormErrors } from '../../common/forms/form-errors';
import { EMAIL_USED } from '../forms/customer-messages';

const EMAIL_CONSTRAINT = 'customer_email_canonical_unique';

/**
 * Runs a write; if a concurrent request took the same email first, the unique index rejects it and
 * the client gets the same 400 as when the email was already used before the request.
 */
export async function withUniqueEmail<T>(errors: FormErrors, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException && (error as { constraint?: string }).constraint === EMAIL_CONSTRAINT) {
      errors.add('email', EMAIL_USED);
      throwIfInvalid(errors);
    }
    throw error;
  }
}
