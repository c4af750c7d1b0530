import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { serializeChannelDetail } from './channel.serializer';
import { Channel } from './entities/channel.entity';

@Controller('api/v1/channels')
export class ChannelsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  async show(@Param('code') code: string) {
    const channel = await this.em.fork().findOne(Channel, { code });
    if (!channel) throw resourceNotFound('channel');
    return serializeChannelDetail(channel);
  }
}
