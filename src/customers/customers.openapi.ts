import type { SchemaObject } from '@nestjs/swagger';
import { formFieldSchema } from '../common/openapi/column-schema';
import { definePageSchema } from '../common/openapi/page-schema';
import { arrayOf, boolean, closedObject, dateTime, ID, integer, selfLinks, string } from '../common/openapi/schema-builders';
import { requestSchemaFor } from '../common/openapi/request-schema';
import { defineSchema } from '../common/openapi/schema-registry';
import { CustomerForm, CustomerUserForm, GENDERS, ROLE_PATTERN } from './forms/customer.form';

/** Wire shapes of customers (see customer.serializer.ts) and the customer form. */

const CUSTOMER_HREF = `^/api/v1/customers/${ID}$`;
const customerLinks = (id: number) => ({ self: { href: `/api/v1/customers/${id}` } });

const felicityExample = {
  id: 2,
  email: 'felicity.smoak@star-city.com',
  emailCanonical: 'felicity.smoak@star-city.com',
  firstName: 'Felicity',
  lastName: 'Smoak',
  gender: 'f',
  group: [{ id: 2, code: 'wholesale', name: 'Wholesale' }],
  user: { id: 1, username: 'felicity.smoak@star-city.com', usernameCanonical: 'felicity.smoak@star-city.com', roles: ['ROLE_USER'], enabled: true },
  _links: customerLinks(2),
};

const oliverExample = {
  id: 1,
  email: 'oliver.queen@star-city.com',
  emailCanonical: 'oliver.queen@star-city.com',
  firstName: 'Oliver',
  lastName: 'Queen',
  birthday: '1985-05-16T00:00:00+0000',
  gender: 'm',
  group: [{ id: 1, code: 'retail', name: 'Retail' }],
  _links: customerLinks(1),
};

export const createdCustomerExample = {
  id: 8,
  email: 'john.diggle@yahoo.com',
  emailCanonical: 'john.diggle@yahoo.com',
  firstName: 'John',
  lastName: 'Diggle',
  gender: 'm',
  user: { id: 6, username: 'john.diggle@yahoo.com', usernameCanonical: 'john.diggle@yahoo.com', roles: ['ROLE_USER'], enabled: false },
  _links: customerLinks(8),
};

const customerPageExample = {
  page: 1,
  limit: 3,
  pages: 3,
  total: 7,
  _links: {
    self: { href: '/api/v1/customers/?page=1&limit=3' },
    first: { href: '/api/v1/customers/?page=1&limit=3' },
    last: { href: '/api/v1/customers/?page=3&limit=3' },
    next: { href: '/api/v1/customers/?page=2&limit=3' },
  },
  _embedded: {
    items: [
      { id: 7, email: 'Joe@doe.com', firstName: 'Joe', lastName: 'Doe', _links: customerLinks(7) },
      { id: 6, email: 'Barry@doe.com', firstName: 'Barry', lastName: 'Doe', _links: customerLinks(6) },
      { id: 5, email: 'Thea@doe.com', firstName: 'Thea', lastName: 'Doe', user: { id: 4, username: 'Thea@doe.com', enabled: true }, _links: customerLinks(5) },
    ],
  },
};

export const CustomerSchema = defineSchema(
  'Customer',
  closedObject(
    {
      id: integer(),
      email: string({ description: 'As entered.' }),
      emailCanonical: string({ description: 'The email in lower case.' }),
      firstName: string(),
      lastName: string(),
      birthday: dateTime('Midnight UTC of the birthday.'),
      gender: string({ enum: [...GENDERS], description: '`u` unknown, `m` male, `f` female.' }),
      group: arrayOf(closedObject({ id: integer(), code: string(), name: string() }), {
        minItems: 1,
        description: 'The customer groups; left out when there are none.',
      }),
      user: closedObject(
        {
          id: integer(),
          username: string({ description: "Always the customer's email." }),
          usernameCanonical: string(),
          roles: arrayOf(string({ pattern: '^ROLE_[A-Z0-9_]+$' }), { description: 'Always contains `ROLE_USER`.' }),
          enabled: boolean(),
        },
        { description: 'The shop account, when the customer has one.' },
      ),
      _links: selfLinks(CUSTOMER_HREF, '/api/v1/customers/2'),
    },
    { optional: ['firstName', 'lastName', 'birthday', 'group', 'user'], description: 'A customer with every detail.', example: felicityExample },
  ),
);

const CustomerListItemSchema = defineSchema(
  'CustomerListItem',
  closedObject(
    {
      id: integer(),
      email: string(),
      firstName: string(),
      lastName: string(),
      user: closedObject({ id: integer(), username: string(), enabled: boolean() }, { description: 'The shop account, when the customer has one.' }),
      _links: selfLinks(CUSTOMER_HREF, '/api/v1/customers/5'),
    },
    { optional: ['firstName', 'lastName', 'user'], description: 'A customer as listed.', example: customerPageExample._embedded.items[2] },
  ),
);

export const PageOfCustomersSchema = definePageSchema(
  'Customers',
  CustomerListItemSchema,
  { pattern: '/api/v1/customers/', example: '/api/v1/customers/' },
  customerPageExample,
);

/** What the form decorators cannot say: descriptions, examples, and group codes sent as a single string. */
function customerRequest(name: string, required: readonly string[], description: string, example: unknown) {
  const code = formFieldSchema(CustomerForm, 'group', string());
  const codes: SchemaObject & { replace: true } = {
    replace: true,
    anyOf: [arrayOf(code), { ...code, nullable: true }],
    description: 'Customer-group codes; a single code is read as a list of one. Omitted on PUT or `null`: no groups.',
    example: ['retail'],
  };
  return requestSchemaFor(
    CustomerForm,
    name,
    {
      required,
      description,
      example,
      properties: {
        firstName: { example: 'John' },
        lastName: { example: 'Diggle' },
        email: { description: 'Unique among customers, case-insensitively.', example: 'john.diggle@yahoo.com' },
        birthday: { description: '`YYYY-MM-DD` (a full datetime is accepted too; its date is used).', example: '1980-03-01' },
        gender: { example: 'm' },
        phoneNumber: { description: 'Stored, never shown.' },
        subscribedToNewsletter: { description: 'A checkbox: `true`/`false` (also `1`, `"on"`, …). Stored, never shown.' },
        group: codes,
        groups: { ...codes, description: 'Same as `group` (both are merged).' },
        user: { description: "The customer's shop account; its username is always the customer's email." },
      },
      nested: {
        user: {
          properties: {
            plainPassword: { description: 'Required to create the account; replaces the password when given.', example: 'secret123' },
            authorizationRoles: { description: 'Roles besides `ROLE_USER`.', items: string({ pattern: ROLE_PATTERN.source }) },
            enabled: { description: 'A checkbox; a new account is disabled unless this is true.' },
          },
        },
      },
    },
    { user: CustomerUserForm },
  );
}

const createExample = { firstName: 'John', lastName: 'Diggle', email: 'john.diggle@yahoo.com', gender: 'm', user: { plainPassword: 'secret123' } };

export const CustomerRequestSchema = customerRequest(
  'CustomerRequest',
  ['email', 'gender'],
  'The customer form of POST and PUT. PUT replaces: every field left out is cleared.',
  createExample,
);
export const CustomerPatchRequestSchema = customerRequest(
  'CustomerPatchRequest',
  [],
  'The customer form of PATCH: only the fields given change.',
  { lastName: 'Queen', groups: ['wholesale'] },
);

export const customerRequestExamples = {
  withUser: { summary: 'A customer with a shop account', value: createExample },
  guest: { summary: 'A customer without an account', value: { firstName: 'John', lastName: 'Diggle', email: 'john.diggle@yahoo.com', gender: 'm', birthday: '1980-03-01', groups: ['retail'] } },
};

export const customerValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: {
    children: {
      firstName: {},
      lastName: {},
      email: { errors: ['Please enter your email.'] },
      birthday: {},
      gender: { errors: ['Please choose your gender.'] },
      phoneNumber: {},
      subscribedToNewsletter: {},
      group: {},
    },
  },
};

export { oliverExample as customerWithoutAccountExample };
