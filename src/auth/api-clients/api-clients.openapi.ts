import { arrayOf, closedObject, dateTime, ID, integer, selfLinks, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { errorBody } from '../../common/openapi/error-schemas';
import type { ResponseSpec } from '../../common/openapi/responses';
import { CANNOT_REVOKE_OWN_CLIENT, GRANT_TYPES_BLANK } from './api-client-messages';
import { ApiClientForm, GRANT_TYPES } from './api-client.form';

/** Wire shapes of API clients (see api-client.serializer.ts) and the API client form. */

const HREF = `^/api/v1/api-clients/${ID}$`;
const self = (id: number) => ({ self: { href: `/api/v1/api-clients/${id}` } });
const grantTypes = () => arrayOf(string({ enum: [...GRANT_TYPES] }), { description: 'The grants the token endpoint accepts from this client.' });
const clientFields = () => ({
  id: integer(),
  clientId: string({ description: 'What the client sends as `client_id` to the token endpoint.' }),
  allowedGrantTypes: grantTypes(),
  createdAt: dateTime('When the client was created.'),
});

const example = { id: 2, clientId: 'dW5pcXVlLXB1YmxpYy1pZC0xMjM0NTY3', allowedGrantTypes: ['password', 'refresh_token'], createdAt: '2026-11-29T05:10:00+0000' };

export const ApiClientSchema = defineSchema(
  'ApiClient',
  closedObject(
    { ...clientFields(), _links: selfLinks(HREF, '/api/v1/api-clients/2') },
    { description: 'An OAuth client of the token endpoint; its secret is never shown again.', example: { ...example, _links: self(2) } },
  ),
);

export const CreatedApiClientSchema = defineSchema(
  'CreatedApiClient',
  closedObject(
    {
      ...clientFields(),
      clientSecret: string({ description: 'What the client sends as `client_secret`. Shown only in this answer: only its hash is kept.' }),
      _links: selfLinks(HREF, '/api/v1/api-clients/2'),
    },
    { description: 'A new OAuth client with its secret.', example: { ...example, clientSecret: 'c2VjcmV0LXNob3duLW9uY2UtdGhlbi1vbmx5LWEtaGFzaA', _links: self(2) } },
  ),
);

export const PageOfApiClientsSchema = definePageSchema(
  'ApiClients',
  ApiClientSchema,
  { pattern: '/api/v1/api-clients/', example: '/api/v1/api-clients/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 1,
    _links: {
      self: { href: '/api/v1/api-clients/?page=1&limit=10' },
      first: { href: '/api/v1/api-clients/?page=1&limit=10' },
      last: { href: '/api/v1/api-clients/?page=1&limit=10' },
    },
    _embedded: { items: [{ ...example, _links: self(2) }] },
  },
);

export const ApiClientRequestSchema = requestSchemaFor(ApiClientForm, 'ApiClientRequest', {
  required: ['allowedGrantTypes'],
  description: 'The API client form of POST.',
  example: { allowedGrantTypes: ['password', 'refresh_token'] },
  properties: { allowedGrantTypes: { replace: true, ...grantTypes(), minItems: 1 } },
});

export const apiClientRequestExamples = { passwordAndRefresh: { summary: 'Password and refresh token grants', value: { allowedGrantTypes: ['password', 'refresh_token'] } } };

export const apiClientValidationExample = { code: 400, message: 'Validation Failed', errors: { children: { allowedGrantTypes: { errors: [GRANT_TYPES_BLANK] } } } };

export const createdApiClientExample = { ...example, clientSecret: 'c2VjcmV0LXNob3duLW9uY2UtdGhlbi1vbmx5LWEtaGFzaA', _links: self(2) };

export const cannotRevokeOwnClient = (): ResponseSpec => ({ status: 422, description: "The client is the one the request's own token was issued to.", schema: errorBody(422, [CANNOT_REVOKE_OWN_CLIENT]) });
