/** Builders for the exact customer response bodies the tests compare against. */

const FIELDS = ['firstName', 'lastName', 'email', 'birthday', 'gender', 'phoneNumber', 'subscribedToNewsletter', 'group'] as const;
const USER_FIELDS = ['plainPassword', 'authorizationRoles', 'enabled'] as const;

type Field = (typeof FIELDS)[number];
type UserField = (typeof USER_FIELDS)[number];

export interface ExpectedErrors {
  root?: string[];
  fields?: Partial<Record<Field, string[]>>;
  /** Present when the request sent a `user` object. */
  user?: { root?: string[]; fields?: Partial<Record<UserField, string[]>> };
}

function node(root: string[] | undefined, children: Record<string, unknown>) {
  return root ? { errors: root, children } : { children };
}

/** The whole 400 body of the customer form, children in form order. */
export function customerValidationFailed(expected: ExpectedErrors) {
  const children: Record<string, unknown> = {};
  for (const field of FIELDS) children[field] = expected.fields?.[field] ? { errors: expected.fields[field] } : {};
  if (expected.user) {
    const userChildren: Record<string, unknown> = {};
    for (const field of USER_FIELDS) userChildren[field] = expected.user.fields?.[field] ? { errors: expected.user.fields[field] } : {};
    children.user = node(expected.user.root, userChildren);
  }
  return { code: 400, message: 'Validation Failed', errors: node(expected.root, children) };
}

export const CUSTOMER_NOT_FOUND = { code: 404, message: 'The "customer" has not been found' };
export const PAGE_NOT_FOUND = { code: 404, message: 'Page Not Found' };
