import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound } from '../common/errors/api-error';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { serializeChannelDetail } from './channel.serializer';
import { ChannelSchema } from './channels.openapi';
import { Channel } from './entities/channel.entity';

@ApiTags('Channels')
@Controller('api/v1/channels')
export class ChannelsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showChannel', summary: 'Show a channel' })
  @ApiPathParam('code', 'Channel code (exact match).', string({ example: 'WEB' }))
  @ApiResponses(ok('The channel.', ChannelSchema), notFound('No channel has this code.', 'The "channel" has not been found'))
  @ApiStandardErrors()
  async show(@Param('code') code: string) {
    const channel = await this.em.fork().findOne(Channel, { code });
    if (!channel) throw resourceNotFound('channel');
    return serializeChannelDetail(channel);
  }
}
