import { closedObject, arrayOf, boolean, integer, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { errorBody } from '../../common/openapi/error-schemas';
import type { ResponseSpec } from '../../common/openapi/responses';
import { AdminUserForm } from './forms/admin-user.form';
import * as m from './forms/admin-user-messages';

/** Wire shapes of admin users (see admin-user.serializer.ts) and the admin user form. */

export const AdminUserSchema = defineSchema(
  'AdminUser',
  closedObject(
    {
      id: integer(),
      username: string(),
      usernameCanonical: string({ description: 'The username in lowercase; logins match it.' }),
      roles: arrayOf(string()),
      email: string(),
      emailCanonical: string({ description: 'The email in lowercase; logins match it.' }),
      enabled: boolean({ description: 'A disabled admin cannot log in, and their tokens are refused.' }),
      firstName: string(),
      lastName: string(),
    },
    {
      optional: ['firstName', 'lastName'],
      description: 'An admin user. Neither the password nor its hash is ever shown, nor is the locale.',
      example: {
        id: 2,
        username: 'Ops',
        usernameCanonical: 'ops',
        roles: ['ROLE_ADMINISTRATION_ACCESS'],
        email: 'Ops@example.com',
        emailCanonical: 'ops@example.com',
        enabled: true,
        firstName: 'Olivia',
        lastName: 'Ops',
      },
    },
  ),
);

const AdminUserListItemSchema = defineSchema(
  'AdminUserListItem',
  closedObject(
    { id: integer(), username: string(), email: string(), enabled: boolean() },
    { description: 'An admin user as the list shows it.', example: { id: 1, username: 'sylius', email: 'api@sylius.com', enabled: true } },
  ),
);

export const PageOfAdminUsersSchema = definePageSchema(
  'AdminUsers',
  AdminUserListItemSchema,
  { pattern: '/api/v1/users/', example: '/api/v1/users/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 1,
    _links: {
      self: { href: '/api/v1/users/?page=1&limit=10' },
      first: { href: '/api/v1/users/?page=1&limit=10' },
      last: { href: '/api/v1/users/?page=1&limit=10' },
    },
    _embedded: { items: [{ id: 1, username: 'sylius', email: 'api@sylius.com', enabled: true }] },
  },
);

const fieldDescriptions = {
  username: { description: 'Unique, whatever the case.', example: 'Ops' },
  email: { description: 'Unique, whatever the case.', example: 'Ops@example.com' },
  plainPassword: { description: '4 to 254 characters; stored only as its Argon2id hash.', example: 'correct horse' },
  enabled: { description: 'A checkbox: left out is `false`.', example: true },
  localeCode: { description: 'A locale identifier such as `en_US`; stored, not shown.', example: 'en_US' },
};

export const AdminUserCreateRequestSchema = requestSchemaFor(AdminUserForm, 'AdminUserCreateRequest', {
  required: ['username', 'email', 'plainPassword', 'localeCode'],
  description: 'The admin user form of POST.',
  example: { username: 'Ops', email: 'Ops@example.com', plainPassword: 'correct horse', enabled: true, firstName: 'Olivia', lastName: 'Ops', localeCode: 'en_US' },
  properties: fieldDescriptions,
});

export const AdminUserReplaceRequestSchema = requestSchemaFor(AdminUserForm, 'AdminUserReplaceRequest', {
  required: ['username', 'email', 'localeCode'],
  description: 'The admin user form of PUT: left-out names are cleared and a left-out `enabled` disables; a left-out password is kept.',
  example: { username: 'Ops', email: 'ops@example.com', enabled: true, localeCode: 'en_US' },
  properties: fieldDescriptions,
});

export const AdminUserPatchRequestSchema = requestSchemaFor(AdminUserForm, 'AdminUserPatchRequest', {
  required: [],
  description: 'The admin user form of PATCH: only the fields given change.',
  example: { enabled: false },
  properties: fieldDescriptions,
});

export const adminUserRequestExamples = {
  admin: { summary: 'An enabled admin', value: { username: 'Ops', email: 'Ops@example.com', plainPassword: 'correct horse', enabled: true, localeCode: 'en_US' } },
};
export const adminUserUpdateExamples = { disable: { summary: 'Disable the admin', value: { username: 'Ops', email: 'Ops@example.com', enabled: false, localeCode: 'en_US' } } };

export const adminUserValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      username: { errors: [m.USERNAME_TAKEN] },
      email: { errors: [m.EMAIL_INVALID] },
      plainPassword: { errors: [m.PASSWORD_BLANK] },
      enabled: {},
      firstName: {},
      lastName: {},
      localeCode: { errors: [m.LOCALE_BLANK] },
    },
  },
};

export const createdAdminUserExample = {
  id: 3,
  username: 'Ops',
  usernameCanonical: 'ops',
  roles: ['ROLE_ADMINISTRATION_ACCESS'],
  email: 'Ops@example.com',
  emailCanonical: 'ops@example.com',
  enabled: true,
};

export const cannotDeleteSelf = (): ResponseSpec => ({ status: 422, description: 'The admin is the one whose token made the request.', schema: errorBody(422, [m.CANNOT_DELETE_SELF]) });
export const cannotDisableSelf = (): ResponseSpec => ({ status: 422, description: 'The request would disable the admin whose token made it.', schema: errorBody(422, [m.CANNOT_DISABLE_SELF]) });
