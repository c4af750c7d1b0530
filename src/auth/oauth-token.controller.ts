import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
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

@Public()
@Controller('api/oauth/v2/token')
export class OAuthTokenController {
  constructor(private readonly tokens: OAuthTokenService) {}

  @Post()
  @HttpCode(200)
  async post(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.respond(tokenRequestFrom(request.body, request.headers.authorization), reply);
  }

  @Get()
  async get(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.respond(tokenRequestFrom(request.query, request.headers.authorization), reply);
  }

  private async respond(request: TokenRequest, reply: FastifyReply) {
    const body = await this.tokens.grant(request);
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    return body;
  }
}
