import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { rawQuery } from '../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { ApiPlainPage } from '../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { ChannelWritesService } from './channel-writes.service';
import {
  CHANNEL_IN_USE,
  CHANNEL_NOT_FOUND,
  ChannelCreateRequestSchema,
  ChannelPatchRequestSchema,
  ChannelReplaceRequestSchema,
  channelRequestExamples,
  ChannelSchema,
  channelUpdateExamples,
  channelUpdateValidationExample,
  channelValidationExample,
  createdChannelExample,
  PageOfChannelsSchema,
} from './channels.openapi';
import { ChannelsService } from './channels.service';
import { LAST_ENABLED_CHANNEL } from './forms/channel-messages';
import { ChannelForm } from './forms/channel.form';

const ApiChannelCode = () => ApiPathParam('code', 'Channel code (exact match).', string({ example: 'WEB' }));
const channelNotFound = () => notFound('No channel has this code.', CHANNEL_NOT_FOUND);
/** On PUT and PATCH `code` and `baseCurrency` are ignored: neither ever changes. */
const UPDATE_FORM = { disabled: ['code', 'baseCurrency'] } as const;

@ApiTags('Channels')
@Controller('api/v1/channels')
export class ChannelsController {
  constructor(
    private readonly channels: ChannelsService,
    private readonly writes: ChannelWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listChannels', summary: 'List channels', description: 'Every channel, in the order they were created.' })
  @ApiPlainPage({ page: PageOfChannelsSchema, description: 'A page of channels.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.channels.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createChannel', summary: 'Create a channel', description: 'Locales, currencies, the default tax zone and the base currency are sent as codes.' })
  @ApiJsonBody({ form: ChannelForm, schema: ChannelCreateRequestSchema, examples: channelRequestExamples, validationExample: channelValidationExample })
  @ApiResponses(created('The new channel.', ChannelSchema, { created: { summary: 'A new channel', value: createdChannelExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(ChannelForm)) form: SubmittedForm<ChannelForm>) {
    return this.writes.create(form);
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showChannel', summary: 'Show a channel' })
  @ApiChannelCode()
  @ApiResponses(ok('The channel.', ChannelSchema), channelNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.channels.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'replaceChannel', summary: 'Replace a channel', description: 'A field left out is cleared (a checkbox unchecked); `code` and `baseCurrency` are ignored.' })
  @ApiChannelCode()
  @ApiJsonBody({ form: ChannelForm, schema: ChannelReplaceRequestSchema, examples: channelUpdateExamples, validationExample: channelUpdateValidationExample })
  @ApiResponses(noContent('The channel is replaced.'), channelNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(ChannelForm, UPDATE_FORM)) form: SubmittedForm<ChannelForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateChannel', summary: 'Change some fields of a channel', description: 'Only the fields given change; `code` and `baseCurrency` are ignored.' })
  @ApiChannelCode()
  @ApiJsonBody({ form: ChannelForm, schema: ChannelPatchRequestSchema, examples: channelUpdateExamples, validationExample: channelUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), channelNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(ChannelForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<ChannelForm>): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteChannel',
    summary: 'Delete a channel',
    description: 'A channel that an order or cart, a variant\'s price, a promotion, a shipping or a payment method still uses, or the last enabled channel, is kept (409).',
  })
  @ApiChannelCode()
  @ApiResponses(
    noContent('The channel is gone.'),
    channelNotFound(),
    conflict('An order, a price, a promotion, a shipping or a payment method uses the channel, or it is the last enabled one.', CHANNEL_IN_USE, LAST_ENABLED_CHANNEL),
  )
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
