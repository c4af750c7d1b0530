import { formatDateTime } from '../common/datetime';
import { links, selfLink } from '../common/links';
import type { CustomerDetail, CustomerListItem } from './queries/customer.read-model';

/** List form: `id, email, firstName, lastName, user?{id, username, enabled}, _links`. */
export function serializeCustomerListItem(row: CustomerListItem) {
  return {
    id: row.id,
    email: row.email,
    ...(row.firstName !== null && { firstName: row.firstName }),
    ...(row.lastName !== null && { lastName: row.lastName }),
    ...(row.userId !== null && { user: { id: row.userId, username: row.username, enabled: row.enabled } }),
    _links: selfLink(links.customer(row.id)),
  };
}

/** Detailed form: the customer resource (show and create) and the customer of an order. */
export function serializeCustomerDetail(customer: CustomerDetail) {
  const user = customer.user;
  return {
    id: customer.id,
    email: customer.email,
    emailCanonical: customer.emailCanonical,
    ...(customer.firstName !== null && { firstName: customer.firstName }),
    ...(customer.lastName !== null && { lastName: customer.lastName }),
    ...(customer.birthday !== null && { birthday: formatDateTime(customer.birthday) }),
    gender: customer.gender,
    ...(customer.groups.length > 0 && { group: customer.groups.map((group) => ({ id: group.id, code: group.code, name: group.name })) }),
    ...(user !== null && {
      user: { id: user.id, username: user.username, usernameCanonical: user.usernameCanonical, roles: [...user.roles], enabled: user.enabled },
    }),
    _links: selfLink(links.customer(customer.id)),
  };
}
