import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { serializeChannelDetail } from './channel.serializer';
import { Channel } from './entities/channel.entity';

@Injectable()
export class ChannelsService {
  constructor(private readonly em: EntityManager) {}

  async show(code: string) {
    const channel = await this.em.fork().findOne(Channel, { code });
    if (!channel) throw resourceNotFound('channel');
    return serializeChannelDetail(channel);
  }
}
