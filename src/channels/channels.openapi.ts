import { boolean, closedObject, dateTime, integer, selfLinks, SEGMENT, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';

/** Wire shapes of channels (see channel.serializer.ts). */

const CHANNEL_HREF = `^/api/v1/channels/${SEGMENT}$`;

export const ChannelReferenceSchema = defineSchema(
  'ChannelReference',
  closedObject(
    { id: integer(), code: string(), _links: selfLinks(CHANNEL_HREF, '/api/v1/channels/WEB') },
    { description: 'A channel as carts show it.', example: { id: 1, code: 'WEB', _links: { self: { href: '/api/v1/channels/WEB' } } } },
  ),
);

export const ChannelSchema = defineSchema(
  'Channel',
  closedObject(
    {
      id: integer(),
      code: string(),
      name: string(),
      description: string(),
      hostname: string(),
      color: string(),
      createdAt: dateTime('When the channel was created.'),
      updatedAt: dateTime('When the channel was last changed.'),
      enabled: boolean(),
      taxCalculationStrategy: string({ enum: ['order_items_based', 'order_item_units_based'] }),
      _links: selfLinks(CHANNEL_HREF, '/api/v1/channels/WEB'),
    },
    {
      optional: ['description', 'hostname', 'color'],
      description: 'A sales channel with every exposed field.',
      example: {
        id: 1,
        code: 'WEB',
        name: 'Web Channel',
        description: 'Lorem ipsum',
        hostname: 'localhost',
        color: 'black',
        createdAt: '2026-11-21T00:57:07+0000',
        updatedAt: '2026-11-21T00:57:07+0000',
        enabled: true,
        taxCalculationStrategy: 'order_items_based',
        _links: { self: { href: '/api/v1/channels/WEB' } },
      },
    },
  ),
);
