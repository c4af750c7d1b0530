import { applyDecorators, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiPublicEndpoint, ApiResponses } from '../common/openapi/api-decorators';
import { databaseUnavailable, invalidJson, NO_STORE, payloadTooLarge, tooManyRequests, unsupportedMediaType, type ResponseSpec } from '../common/openapi/responses';
import { OAuthTokenErrorSchema, TOKEN_QUERY_PARAMETERS, TokenRequestSchema, TokenResponseSchema } from './auth.openapi';
import { OAuthTokenService, type TokenRequest } from './oauth-token.service';
import { Public } from './public.decorator';

const FIELDS = ['grant_type', 'client_id', 'client_secret', 'username', 'password', 'refresh_token', 'scope'] as const;

/** Basic credentials are percent-encoded; text that does not decode is taken as it is (and will not match). */
function decodeCredential(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Reads the OAuth2 parameters; HTTP Basic credentials identify the client when present. */
function tokenRequestFrom(params: unknown, authorization: string | undefined): TokenRequest {
  const source = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  const request: TokenRequest = {};
  for (const field of FIELDS) {
    const value = source[field];
    if (typeof value === 'string') request[field] = value;
    else if (typeof value === 'number') request[field] = String(value);
  }
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator > 0) {
      request.client_id = decodeCredential(decoded.slice(0, separator));
      request.client_secret = decodeCredential(decoded.slice(separator + 1));
    }
  }
  return request;
}

const tokenOutcomes = (): ResponseSpec[] => [
  { status: 200, description: 'A new access token and refresh token.', schema: TokenResponseSchema, headers: NO_STORE },
  {
    status: 400,
    description: 'The grant failed; `error` says why (checked in the order of the OAuth2 library the clients know).',
    schema: OAuthTokenErrorSchema,
    headers: NO_STORE,
    examples: {
      wrongPassword: { summary: 'Wrong password', value: { error: 'invalid_grant', error_description: 'Invalid username and password combination' } },
      noClient: { summary: 'No client id', value: { error: 'invalid_client', error_description: 'Client id was not found in the headers or body' } },
    },
  },
  tooManyRequests(),
  databaseUnavailable(),
];

const ApiTokenOperation = (operationId: string, summary: string) =>
  applyDecorators(
    ApiOperation({
      operationId,
      summary,
      description:
        'OAuth2 `password` and `refresh_token` grants for administrators with API access. The client authenticates with ' +
        '`client_id`/`client_secret` or with HTTP Basic. Access tokens live 3600 s; a refresh token works once within 14 days. ' +
        'Repeated failed logins of one username are refused for a while (429).',
    }),
    ApiPublicEndpoint(),
    ApiSecurity('clientBasic'),
  );

@ApiTags('Authentication')
@Public()
@Controller('api/oauth/v2/token')
export class OAuthTokenController {
  constructor(private readonly tokens: OAuthTokenService) {}

  @Post()
  @HttpCode(200)
  @ApiTokenOperation('requestToken', 'Get an access token')
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({
    required: true,
    schema: TokenRequestSchema,
    examples: {
      password: { summary: 'Password grant', value: { grant_type: 'password', client_id: 'client_id', client_secret: 'secret', username: 'sylius', password: 'sylius' } },
      refresh: { summary: 'Refresh grant', value: { grant_type: 'refresh_token', client_id: 'client_id', client_secret: 'secret', refresh_token: '<refresh_token>' } },
    },
  })
  @ApiResponses(...tokenOutcomes(), invalidJson(), payloadTooLarge(), unsupportedMediaType())
  async post(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.respond(tokenRequestFrom(request.body, request.headers.authorization), reply);
  }

  @Get()
  @ApiTokenOperation('requestTokenWithQuery', 'Get an access token (parameters in the query)')
  @applyDecorators(...TOKEN_QUERY_PARAMETERS.map(({ name, required, description, schema }) => ApiQuery({ name, required, description, schema })))
  @ApiResponses(...tokenOutcomes())
  async get(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.respond(tokenRequestFrom(request.query, request.headers.authorization), reply);
  }

  private async respond(request: TokenRequest, reply: FastifyReply) {
    const body = await this.tokens.grant(request);
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return body;
  }
}
