import { formatDateTime } from '../common/datetime';
import { links, selfLink } from '../common/links';
import type { ChannelJson } from './queries/channel-sql';
import type { Channel } from './entities/channel.entity';

type ChannelDetail = Pick<
  Channel,
  'id' | 'code' | 'name' | 'description' | 'hostname' | 'color' | 'createdAt' | 'updatedAt' | 'enabled' | 'taxCalculationStrategy'
>;

/** `{id, code, _links}`: how carts and their lists show a channel. */
export function serializeChannelReference(channel: Pick<Channel, 'id' | 'code'>) {
  return { id: channel.id, code: channel.code, _links: selfLink(links.channel(channel.code)) };
}

/** Every exposed field: the channel resource itself and the customer-orders list. */
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

/** The same detail form from a channel read as JSON by SQL (channelJson). */
export function serializeChannelJson(row: ChannelJson) {
  return serializeChannelDetail({
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    hostname: row.hostname,
    color: row.color,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    enabled: row.enabled,
    taxCalculationStrategy: row.tax_calculation_strategy as Channel['taxCalculationStrategy'],
  });
}

/** A loaded channel in the JSON row form (how a payment method's channels reach the serializer). */
export const channelRow = (channel: Channel): ChannelJson => ({
  id: channel.id,
  code: channel.code,
  name: channel.name,
  description: channel.description,
  hostname: channel.hostname,
  color: channel.color,
  created_at: channel.createdAt,
  updated_at: channel.updatedAt,
  enabled: channel.enabled,
  tax_calculation_strategy: channel.taxCalculationStrategy,
});
