import { formatDateTime } from '../common/datetime';
import { links, selfLink } from '../common/links';
import type { Channel } from './entities/channel.entity';
import type { ChannelDetail } from './queries/channel.read-model';

/** `{id, code, _links}`: how carts and their lists show a channel. */
export function serializeChannelReference(channel: Pick<Channel, 'id' | 'code'>) {
  return { id: channel.id, code: channel.code, _links: selfLink(links.channel(channel.code)) };
}

/** Every exposed field: the channel resource itself, orders and payment methods. */
export function serializeChannelDetail(channel: ChannelDetail) {
  return {
    id: channel.id,
    code: channel.code,
    name: channel.name,
    ...(channel.description !== null && { description: channel.description }),
    ...(channel.hostname !== null && { hostname: channel.hostname }),
    ...(channel.color !== null && { color: channel.color }),
    createdAt: formatDateTime(channel.createdAt),
    updatedAt: formatDateTime(channel.updatedAt),
    enabled: channel.enabled,
    taxCalculationStrategy: channel.taxCalculationStrategy,
    _links: selfLink(links.channel(channel.code)),
  };
}
