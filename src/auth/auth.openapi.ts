import { closedObject, integer, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from './oauth-token.service';

/** Wire shapes of the OAuth2 token endpoint (see oauth-token.service.ts and oauth-errors.ts). */

const TOKEN_FIELDS = {
  grant_type: string({ enum: ['password', 'refresh_token'], description: 'The grant; the client must be allowed to use it.', example: 'password' }),
  client_id: string({ description: 'The OAuth2 client id (or send the client as HTTP Basic credentials).', example: 'client_id' }),
  client_secret: string({ description: "The client's secret.", example: 'secret' }),
  username: string({ description: 'Password grant: the administrator\'s username or email (case-insensitive).', example: 'sylius' }),
  password: string({ description: 'Password grant: the administrator\'s password.', example: 'sylius' }),
  refresh_token: string({ description: 'Refresh grant: a refresh token; it works once.' }),
  scope: string({ description: 'No scopes exist: any value is an `invalid_scope` error.' }),
};

export const TokenRequestSchema = defineSchema(
  'TokenRequest',
  closedObject(TOKEN_FIELDS, {
    optional: Object.keys(TOKEN_FIELDS).filter((key) => key !== 'grant_type'),
    description: 'OAuth2 token request. Unknown parameters are ignored.',
    example: { grant_type: 'password', client_id: 'client_id', client_secret: 'secret', username: 'sylius', password: 'sylius' },
  }),
);

/** The same parameters in the query string of GET. */
export const TOKEN_QUERY_PARAMETERS = Object.entries(TOKEN_FIELDS).map(([name, { description, ...schema }]) => ({
  name,
  required: name === 'grant_type',
  description: description ?? '',
  schema,
}));

export const TokenResponseSchema = defineSchema(
  'TokenResponse',
  closedObject(
    {
      access_token: string({ description: 'Send it as `Authorization: Bearer <access_token>`.' }),
      expires_in: integer({ enum: [ACCESS_TOKEN_LIFETIME_SECONDS], description: 'Seconds the access token is valid.' }),
      token_type: string({ enum: ['bearer'] }),
      scope: string({ nullable: true, enum: [null], description: 'Always null.' }),
      refresh_token: string({ description: 'Gets a new pair of tokens once, within 14 days.' }),
    },
    {
      example: {
        access_token: 'hNVFRi1T8ciwvuM26QqmdLnPOxlITyDE_GYaHLsAITMThZG7ZEFCT28iQqop-lOQnjK_lZZ-MPADGsf0VWHuzA',
        expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
        token_type: 'bearer',
        scope: null,
        refresh_token: 'v95TuCxtoh-u08YENbzFyDMleFusVzmVGQPVlkz4GBlDcW-OX9ts_YhJuPciqz3wLcYNgQSsEPqGfAAOpBv3mQ',
      },
    },
  ),
);

export const OAuthTokenErrorSchema = defineSchema(
  'OAuthTokenError',
  closedObject(
    {
      error: string({ enum: ['invalid_request', 'invalid_client', 'unauthorized_client', 'invalid_grant', 'invalid_scope', 'unsupported_grant_type'] }),
      error_description: string({ nullable: true, description: 'Null for `unsupported_grant_type`.' }),
    },
    {
      description: 'OAuth2 error of the token endpoint.',
      example: { error: 'invalid_grant', error_description: 'Invalid username and password combination' },
    },
  ),
);
