import type { EntityManager } from '@mikro-orm/postgresql';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import { NOT_VALID } from '../../common/forms/messages';
import type { SubmittedForm } from '../../common/forms/validate-form';
import type { CustomerGroup } from '../entities/customer-group.entity';
import type { Customer } from '../entities/customer.entity';
import { canonicalEmail } from '../canonical-email';
import { readCustomerInput, readGroupCodes, readUserInput, type CustomerInput, type WriteMode } from '../forms/customer-input';
import { CustomerUserForm, type CustomerForm } from '../forms/customer.form';
import { EMAIL_USED, PASSWORD_BLANK } from '../forms/customer-messages';
import { decideUserChange, type UserPlan } from '../forms/user-plan';
import { findGroupsByCode, isEmailTaken } from './customer-lookups';

/** A valid customer form with its references resolved, ready to be written. */
export interface CheckedCustomerForm {
  input: CustomerInput;
  /** The groups to set; undefined when they stay as they are. */
  groups?: CustomerGroup[];
  user: UserPlan;
}

/**
 * Adds the violations that need the database or the current customer (unknown group codes, an email
 * another customer uses, a missing password) to those of the form's own rules, then throws the 400
 * if there are any. Each check runs only on a field whose own rules passed.
 */
export async function checkCustomerForm(
  em: EntityManager,
  form: SubmittedForm<CustomerForm>,
  mode: WriteMode,
  current: Customer | null,
): Promise<CheckedCustomerForm> {
  const { data, errors } = form;
  let groups: CustomerGroup[] | undefined;
  const codes = errors.has('group') ? undefined : readGroupCodes(data, mode);
  if (codes !== undefined) {
    groups = await findGroupsByCode(em, codes);
    if (groups.length !== codes.length) errors.add('group', NOT_VALID);
  }
  if (typeof data.email === 'string' && !errors.has('email')) {
    if (await isEmailTaken(em, canonicalEmail(data.email), current?.id ?? null)) errors.add('email', EMAIL_USED);
  }
  let user: UserPlan = { action: 'none' };
  if (data.user instanceof CustomerUserForm) {
    const decision = decideUserChange(mode, current !== null && current.user !== null, readUserInput(data));
    const userErrors = errors.subForm('user');
    if (decision.passwordMissing && !userErrors.has('plainPassword')) userErrors.add('plainPassword', PASSWORD_BLANK);
    user = decision.plan;
  }
  throwIfInvalid(errors);
  return { input: readCustomerInput(data, mode), groups, user };
}
