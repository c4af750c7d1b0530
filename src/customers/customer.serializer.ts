import { formatDateTime, formatStoredDateTime } from '../common/datetime';
import { links, selfLink } from '../common/links';
import type { Customer } from './entities/customer.entity';
import type { CustomerDetailJson } from './queries/customer-detail-sql';
import type { CustomerListRow } from './queries/customer-list.query';

/** List form: `id, email, firstName, lastName, user?{id, username, enabled}, _links`. */
export function serializeCustomerListItem(row: CustomerListRow) {
  return {
    id: row.id,
    email: row.email,
    ...(row.first_name !== null && { firstName: row.first_name }),
    ...(row.last_name !== null && { lastName: row.last_name }),
    ...(row.user_id !== null && { user: { id: row.user_id, username: row.username, enabled: row.enabled } }),
    _links: selfLink(links.customer(row.id)),
  };
}

/** Detailed form (show and create); the customer must come with its user and groups loaded. */
export function serializeCustomerDetail(customer: Customer) {
  const groups = [...customer.groups.getItems()].sort((a, b) => a.id - b.id);
  const user = customer.user;
  return {
    id: customer.id,
    email: customer.email,
    emailCanonical: customer.emailCanonical,
    ...(customer.firstName !== null && { firstName: customer.firstName }),
    ...(customer.lastName !== null && { lastName: customer.lastName }),
    ...(customer.birthday !== null && { birthday: formatDateTime(customer.birthday) }),
    gender: customer.gender,
    ...(groups.length > 0 && { group: groups.map((group) => ({ id: group.id, code: group.code, name: group.name })) }),
    ...(user !== null && {
      user: { id: user.id, username: user.username, usernameCanonical: user.usernameCanonical, roles: [...user.roles], enabled: user.enabled },
    }),
    _links: selfLink(links.customer(customer.id)),
  };
}

/** The detailed form from a customer read as JSON by SQL (customerDetailJson), e.g. inside an order. */
export function serializeCustomerDetailJson(row: CustomerDetailJson) {
  const user = row.user;
  return {
    id: row.id,
    email: row.email,
    emailCanonical: row.email_canonical,
    ...(row.first_name !== null && { firstName: row.first_name }),
    ...(row.last_name !== null && { lastName: row.last_name }),
    ...(row.birthday !== null && { birthday: formatStoredDateTime(row.birthday) }),
    gender: row.gender,
    ...(row.groups.length > 0 && { group: row.groups.map((group) => ({ id: group.id, code: group.code, name: group.name })) }),
    ...(user !== null && {
      user: { id: user.id, username: user.username, usernameCanonical: user.username_canonical, roles: user.roles, enabled: user.enabled },
    }),
    _links: selfLink(links.customer(row.id)),
  };
}
