import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { created, noContent, NO_STORE, ok } from '../../common/openapi/responses';
import type { AuthenticatedAdmin } from '../authenticated-admin';
import { ApiApiClientId, apiClientId, apiClientNotFound } from './api-client-id';
import { ApiClientForm } from './api-client.form';
import {
  apiClientRequestExamples,
  ApiClientRequestSchema,
  ApiClientSchema,
  apiClientValidationExample,
  cannotRevokeOwnClient,
  CreatedApiClientSchema,
  createdApiClientExample,
  PageOfApiClientsSchema,
} from './api-clients.openapi';
import { ApiClientsService } from './api-clients.service';

/** The OAuth clients of the token endpoint: created with a secret shown once, listed without it, revoked with their tokens. */
@ApiTags('API clients')
@Controller('api/v1/api-clients')
export class ApiClientsController {
  constructor(private readonly clients: ApiClientsService) {}

  @Get()
  @ApiOperation({ operationId: 'listApiClients', summary: 'List API clients', description: 'Every OAuth client, in the order they were created, without secrets.' })
  @ApiPlainPage({ page: PageOfApiClientsSchema, description: 'A page of API clients.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.clients.list(rawQuery(request));
  }

  @Post()
  @Header('cache-control', 'no-store')
  @Header('pragma', 'no-cache')
  @ApiOperation({
    operationId: 'createApiClient',
    summary: 'Create an API client',
    description: 'A new OAuth client for the token endpoint. The answer is the only one that shows its secret: only a hash of it is kept.',
  })
  @ApiJsonBody({ form: ApiClientForm, schema: ApiClientRequestSchema, examples: apiClientRequestExamples, validationExample: apiClientValidationExample })
  @ApiResponses({ ...created('The new client, with its secret.', CreatedApiClientSchema, { created: { summary: 'A new client', value: createdApiClientExample } }), headers: NO_STORE })
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(ApiClientForm)) form: SubmittedForm<ApiClientForm>) {
    return this.clients.create(form);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showApiClient', summary: 'Show an API client' })
  @ApiApiClientId()
  @ApiResponses(ok('The client, without its secret.', ApiClientSchema), apiClientNotFound())
  @ApiStandardErrors()
  show(@Param('id') id: string) {
    return this.clients.show(apiClientId(id));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'revokeApiClient',
    summary: 'Revoke an API client',
    description: "The client is deleted with every access and refresh token issued to it, which stop working at once. The client of the request's own token is kept (422).",
  })
  @ApiApiClientId()
  @ApiResponses(noContent('The client and its tokens are gone.'), apiClientNotFound(), cannotRevokeOwnClient())
  @ApiWriteErrors()
  async revoke(@Param('id') id: string, @Req() request: FastifyRequest & { user: AuthenticatedAdmin }): Promise<void> {
    await this.clients.revoke(apiClientId(id), request.user);
  }
}
