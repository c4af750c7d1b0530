import type { Customer } from '../entities/customer.entity';

/**
 * What a write can change of a customer (its own fields, its groups, its account), as one comparable
 * text: equal before and after a form was applied means the request changed nothing (a no-op PATCH
 * records no event).
 */
export function customerState(customer: Customer): string {
  const user = customer.user;
  return JSON.stringify([
    customer.email,
    customer.emailCanonical,
    customer.firstName,
    customer.lastName,
    customer.birthday?.getTime() ?? null,
    customer.gender,
    customer.phoneNumber,
    customer.subscribedToNewsletter,
    customer.groups.getItems().map((group) => group.id),
    user === null ? null : [user.username, user.usernameCanonical, user.roles, user.enabled, user.passwordHash ?? null],
  ]);
}
