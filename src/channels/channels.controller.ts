import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { ChannelSchema } from './channels.openapi';
import { ChannelsService } from './channels.service';
import { resourceNotFoundMessage } from '../common/errors/api-error';

@ApiTags('Channels')
@Controller('api/v1/channels')
export class ChannelsController {
  constructor(private readonly channels: ChannelsService) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showChannel', summary: 'Show a channel' })
  @ApiPathParam('code', 'Channel code (exact match).', string({ example: 'WEB' }))
  @ApiResponses(ok('The channel.', ChannelSchema), notFound('No channel has this code.', resourceNotFoundMessage('channel')))
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.channels.show(code);
  }
}
