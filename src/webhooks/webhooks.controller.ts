import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { rawQuery } from '../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPage, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { created, noContent, NO_STORE, ok, type ResponseSpec } from '../common/openapi/responses';
import type { Schema } from '../common/openapi/schema-builders';
import { WebhookForm } from './forms/webhook.form';
import { WEBHOOK_LIST_SPEC, WebhookQueriesService } from './services/webhook-queries.service';
import { WebhookWritesService } from './services/webhook-writes.service';
import { ApiWebhookId, webhookId, webhookNotFound } from './webhook-id';
import { serializeCreatedWebhook } from './webhook.serializer';
import {
  createdWebhookExample,
  CreatedWebhookSchema,
  disabledWebhookExample,
  PageOfWebhooksSchema,
  WebhookPatchRequestSchema,
  webhookRequestExamples,
  WebhookRequestSchema,
  WebhookSchema,
  WebhookSecretSchema,
  webhookValidationExample,
} from './webhooks.openapi';

/** An answer that carries a secret: no cache may keep it. */
const withSecret = (description: string, schema: Schema, examples: Record<string, { summary: string; value: unknown }>): ResponseSpec => ({
  ...created(description, schema, examples),
  headers: NO_STORE,
});

/**
 * Webhook subscriptions (events contract §3). Their deliveries, replays and pings are the delivery
 * engine's routes under the same path.
 */
@ApiTags('Webhooks')
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly queries: WebhookQueriesService,
    private readonly writes: WebhookWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listWebhooks', summary: 'List webhook subscriptions', description: 'Every subscription, without secrets.' })
  @ApiPage({ page: PageOfWebhooksSchema, spec: WEBHOOK_LIST_SPEC, criteria: {}, description: 'A page of subscriptions, by default oldest first.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.queries.list(rawQuery(request));
  }

  @Post()
  @Header('cache-control', 'no-store')
  @Header('pragma', 'no-cache')
  @ApiOperation({
    operationId: 'createWebhook',
    summary: 'Subscribe to events',
    description:
      'Events of the listed types are posted to `url`, signed with the subscription\'s secret (Standard Webhooks). The answer is the only one ' +
      'that shows the secret. A URL that is not `https`, or whose host resolves to a loopback, private, link-local or otherwise non-public ' +
      'address, is refused unless the deployment allows it.',
  })
  @ApiJsonBody({ form: WebhookForm, schema: WebhookRequestSchema, examples: webhookRequestExamples, validationExample: webhookValidationExample })
  @ApiResponses(withSecret('The new subscription, with its secret.', CreatedWebhookSchema, { created: { summary: 'A new subscription', value: createdWebhookExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(WebhookForm)) form: SubmittedForm<WebhookForm>) {
    return serializeCreatedWebhook(await this.writes.create(form));
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showWebhook', summary: 'Show a webhook subscription' })
  @ApiWebhookId()
  @ApiResponses(ok('The subscription, without its secret.', WebhookSchema, { disabled: { summary: 'A disabled subscription', value: disabledWebhookExample } }), webhookNotFound())
  @ApiStandardErrors()
  show(@Param('id') id: string) {
    return this.queries.show(webhookId(id));
  }

  @Put(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceWebhook',
    summary: 'Replace a webhook subscription',
    description: 'A left-out `description` is cleared and a left-out `enabled` is `true`. The secret stays.',
  })
  @ApiWebhookId()
  @ApiJsonBody({ form: WebhookForm, schema: WebhookRequestSchema, examples: webhookRequestExamples, validationExample: webhookValidationExample })
  @ApiResponses(noContent('The subscription is replaced.'), webhookNotFound())
  @ApiWriteErrors()
  async replace(@Param('id') id: string, @Body(new FormPipe(WebhookForm)) form: SubmittedForm<WebhookForm>): Promise<void> {
    await this.writes.update(webhookId(id), form, 'replace');
  }

  @Patch(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateWebhook', summary: 'Change some fields of a webhook subscription', description: 'Only the fields given change.' })
  @ApiWebhookId()
  @ApiJsonBody({
    form: WebhookForm,
    schema: WebhookPatchRequestSchema,
    examples: { disable: { summary: 'Pause deliveries', value: { enabled: false } } },
    validationExample: { code: 400, message: 'Validation Failed', errors: { children: { url: { errors: ['This value should not be blank.'] }, events: {}, description: {}, enabled: {} } } },
  })
  @ApiResponses(noContent('The fields given are changed.'), webhookNotFound())
  @ApiWriteErrors()
  async patch(@Param('id') id: string, @Body(new FormPipe(WebhookForm, { partial: true, validateNulls: true })) form: SubmittedForm<WebhookForm>): Promise<void> {
    await this.writes.update(webhookId(id), form, 'merge');
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteWebhook', summary: 'Delete a webhook subscription', description: 'Its pending deliveries are dropped.' })
  @ApiWebhookId()
  @ApiResponses(noContent('The subscription is gone.'), webhookNotFound())
  @ApiWriteErrors()
  async remove(@Param('id') id: string): Promise<void> {
    await this.writes.delete(webhookId(id));
  }

  @Post(':id/secret')
  @Header('cache-control', 'no-store')
  @Header('pragma', 'no-cache')
  @ApiOperation({
    operationId: 'rotateWebhookSecret',
    summary: 'Rotate the signing secret',
    description:
      'Makes a new secret current and shows it, this once. The previous secret keeps signing for 24 hours, so each delivery carries two ' +
      'signatures until then; a second rotation within that time drops the oldest. The body is ignored.',
  })
  @ApiWebhookId()
  @ApiResponses(withSecret('The new secret.', WebhookSecretSchema, { rotated: { summary: 'A new secret', value: { secret: createdWebhookExample.secret } } }), webhookNotFound())
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async rotateSecret(@Param('id') id: string) {
    return { secret: await this.writes.rotateSecret(webhookId(id)) };
  }
}
