import type { FormErrors } from './form-errors';

export class FormValidationException extends Error {
  constructor(readonly errors: FormErrors) {
    super('Validation Failed');
  }
}

export function throwIfInvalid(errors: FormErrors): void {
  if (!errors.isValid) throw new FormValidationException(errors);
}
