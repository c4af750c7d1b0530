import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { links } from '../common/links';
import { readPlainList } from '../common/pagination/plain-list';
import { serializeChannelDetail, serializeChannelReference } from './channel.serializer';
import { Channel } from './entities/channel.entity';

@Injectable()
export class ChannelsService {
  constructor(private readonly em: EntityManager) {}

  /** Every channel in creation order (a plain list), each as `{id, code, _links}`. */
  list(rawQuery: string) {
    return readPlainList(this.em, Channel, links.channels(), rawQuery, serializeChannelReference);
  }

  async show(code: string) {
    const channel = await this.em.fork().findOne(Channel, { code });
    if (!channel) throw resourceNotFound('channel');
    return serializeChannelDetail(channel);
  }
}
