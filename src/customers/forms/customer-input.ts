import type { Gender } from '../entities/customer.entity';
import { parseBirthday } from './birthday';
import type { CustomerForm, CustomerUserForm } from './customer.form';

/** POST creates, PUT replaces (absent fields are cleared), PATCH merges (absent fields are kept). */
export type WriteMode = 'create' | 'replace' | 'merge';

/** The customer's own fields to write; an undefined property is left as it is. */
export interface CustomerInput {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  birthday?: Date | null;
  gender?: Gender;
  phoneNumber?: string | null;
  subscribedToNewsletter?: boolean;
}

/** The `user` object as sent: only the keys present in the request are defined. */
export interface UserInput {
  plainPassword?: string | null;
  authorizationRoles?: string[] | null;
  enabled?: boolean;
}

/** Reads a valid form into the changes it asks for. */
export function readCustomerInput(form: CustomerForm, mode: WriteMode): CustomerInput {
  const clearing = mode !== 'merge';
  const pick = <T>(value: T | undefined, cleared: T): T | undefined => (value !== undefined ? value : clearing ? cleared : undefined);
  return {
    email: form.email ?? undefined,
    firstName: pick(form.firstName, null),
    lastName: pick(form.lastName, null),
    birthday: form.birthday !== undefined ? parseBirthday(form.birthday) : clearing ? null : undefined,
    gender: form.gender ?? undefined,
    phoneNumber: pick(form.phoneNumber, null),
    subscribedToNewsletter: pick(form.subscribedToNewsletter, false),
  };
}

/** Codes sent under `group` and `groups` together; undefined when PATCH leaves the groups alone. */
export function readGroupCodes(form: CustomerForm, mode: WriteMode): string[] | undefined {
  if (mode === 'merge' && form.group === undefined && form.groups === undefined) return undefined;
  return [...new Set([...(form.group ?? []), ...(form.groups ?? [])])];
}

/** The `user` object when one was sent, else null. */
export function readUserInput(form: CustomerForm): UserInput | null {
  const user: CustomerUserForm | null | undefined = form.user;
  if (user === undefined || user === null) return null;
  const input: UserInput = {};
  if (user.plainPassword !== undefined) input.plainPassword = user.plainPassword;
  if (user.authorizationRoles !== undefined) input.authorizationRoles = user.authorizationRoles;
  if (user.enabled !== undefined) input.enabled = user.enabled;
  return input;
}

/** PHP's notion of an empty value, which decides whether a `user` object asks for an account. */
function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === false || value === 0 || value === '' || value === '0' || (Array.isArray(value) && value.length === 0);
}

export function hasNonEmptyValue(user: UserInput): boolean {
  return Object.values(user).some((value) => !isEmptyValue(value));
}
