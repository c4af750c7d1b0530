import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../../auth/password-hasher';
import { ShopUser } from '../entities/shop-user.entity';
import type { Customer } from '../entities/customer.entity';
import { canonicalEmail } from '../canonical-email';
import type { CheckedCustomerForm } from './check-customer-form';

/** Hashes the password a checked form sets, if any (before the transaction: hashing is slow). */
export async function hashNewPassword(form: CheckedCustomerForm): Promise<string | undefined> {
  const plan = form.user;
  if (plan.action === 'none' || plan.plainPassword === undefined) return undefined;
  return hashPassword(plan.plainPassword);
}

/** Writes a checked form onto a customer (new or loaded with its user and groups) in `tx`. */
export function applyCustomerForm(tx: EntityManager, customer: Customer, form: CheckedCustomerForm, passwordHash: string | undefined): void {
  const { input, groups, user: plan } = form;
  if (input.email !== undefined) {
    customer.email = input.email;
    customer.emailCanonical = canonicalEmail(input.email);
  }
  if (input.firstName !== undefined) customer.firstName = input.firstName;
  if (input.lastName !== undefined) customer.lastName = input.lastName;
  if (input.birthday !== undefined) customer.birthday = input.birthday;
  if (input.gender !== undefined) customer.gender = input.gender;
  if (input.phoneNumber !== undefined) customer.phoneNumber = input.phoneNumber;
  if (input.subscribedToNewsletter !== undefined) customer.subscribedToNewsletter = input.subscribedToNewsletter;
  if (groups !== undefined) customer.groups.set(groups);

  if (plan.action === 'create') {
    customer.user = tx.create(ShopUser, {
      customer,
      username: customer.email,
      usernameCanonical: customer.emailCanonical,
      passwordHash: passwordHash!,
      roles: plan.roles,
      enabled: plan.enabled,
    });
  }
  const user = customer.user;
  if (user === null) return;
  if (plan.action === 'update') {
    if (plan.roles !== undefined) user.roles = plan.roles;
    if (plan.enabled !== undefined) user.enabled = plan.enabled;
    if (passwordHash !== undefined) user.passwordHash = passwordHash;
  }
  // The username always follows the customer's email.
  user.username = customer.email;
  user.usernameCanonical = customer.emailCanonical;
}
