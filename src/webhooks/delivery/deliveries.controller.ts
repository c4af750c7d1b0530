import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import { throwIfInvalid } from '../../common/forms/form-validation.exception';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPage, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { conflict, type ResponseSpec } from '../../common/openapi/responses';
import type { Schema } from '../../common/openapi/schema-builders';
import { ApiWebhookId, webhookId, webhookNotFound } from '../webhook-id';
import { PageOfDeliveriesSchema, PingEventSchema, ReplayQueuedSchema, ReplayRequestSchema } from './deliveries.openapi';
import { DELIVERY_LIST_SPEC, DeliveriesService, SUBSCRIPTION_DISABLED } from './deliveries.service';
import { ReplayForm } from './replay.form';

const accepted = (description: string, schema: Schema): ResponseSpec => ({ status: 202, description, schema });
const disabled = () => conflict('The subscription is disabled (by an update, or by a 410 answer of its receiver).', SUBSCRIPTION_DISABLED);

/** The delivery side of a subscription: its attempts, a replay, a ping (events contract §3). */
@ApiTags('Webhooks')
@Controller('api/v1/webhooks/:id')
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @Get('deliveries')
  @ApiOperation({ operationId: 'listWebhookDeliveries', summary: 'List delivery attempts', description: 'Every attempt to deliver an event or ping to this subscription, newest first (`sorting[id]=asc`: oldest first).' })
  @ApiWebhookId()
  @ApiPage({ page: PageOfDeliveriesSchema, spec: DELIVERY_LIST_SPEC, criteria: {}, description: 'A page of attempts.' })
  @ApiResponses(webhookNotFound())
  @ApiStandardErrors()
  list(@Param('id') id: string, @Req() request: FastifyRequest) {
    return this.deliveries.list(webhookId(id), rawQuery(request));
  }

  @Post('replay')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'replayWebhookEvents',
    summary: 'Send events again',
    description:
      'Queues every kept event after `after` that the subscription matches again, as first attempts; one waiting for a retry goes now instead, ' +
      'one being sent right now is left to that attempt. Deliveries come in any order; `sequence` orders them.',
  })
  @ApiWebhookId()
  @ApiJsonBody({
    form: ReplayForm,
    schema: ReplayRequestSchema,
    examples: { since: { summary: 'Everything after event 40', value: { after: 40 } } },
    validationExample: { code: 400, message: 'Validation Failed', errors: { children: { after: { errors: ['This value is not valid.'] } } } },
  })
  @ApiResponses(accepted('The events are queued.', ReplayQueuedSchema), webhookNotFound(), disabled())
  @ApiIdempotentPost(202)
  @ApiWriteErrors()
  replay(@Param('id') id: string, @Body(new FormPipe(ReplayForm)) form: SubmittedForm<ReplayForm>) {
    const subscription = webhookId(id);
    throwIfInvalid(form.errors);
    return this.deliveries.replay(subscription, form.data.after);
  }

  @Post('ping')
  @HttpCode(202)
  @ApiOperation({
    operationId: 'pingWebhook',
    summary: 'Send a test event',
    description: 'Queues a `webhook.ping` event to this subscription only, signed and retried like any delivery; it is not in the feed. The body is ignored.',
  })
  @ApiWebhookId()
  @ApiResponses(accepted('The ping is queued; this is the body it delivers.', PingEventSchema), webhookNotFound(), disabled())
  @ApiIdempotentPost(202)
  @ApiWriteErrors()
  ping(@Param('id') id: string) {
    return this.deliveries.ping(webhookId(id));
  }
}
