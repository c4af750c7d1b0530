import type { SchemaObject } from '@nestjs/swagger';
import { errorBody } from '../../common/openapi/error-schemas';
import type { ResponseSpec } from '../../common/openapi/responses';
import { arrayOf, closedObject, dateTime, integer, link, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { EVENT_TYPES } from '../event-types';

/** Wire shapes of the event feed (see event-envelope.ts and events.service.ts). */

const placedExample = {
  id: 'evt_000000000042',
  sequence: 42,
  type: 'cart.deleted',
  timestamp: '2026-11-26T10:00:00+0000',
  data: { id: 7 },
};

export const EventSchema = defineSchema(
  'Event',
  closedObject(
    {
      id: string({ pattern: '^evt_\\d{12,}$', description: '`evt_` and the sequence, zero-padded to 12 digits.', example: placedExample.id }),
      sequence: integer({ minimum: 1, description: 'The position in the feed; strictly increasing in commit order.' }),
      type: string({ enum: [...EVENT_TYPES] }),
      timestamp: dateTime('When the change committed.'),
      data: {
        type: 'object',
        description:
          'The resource as its GET answered right after the change: `cart.*` the cart as `GET /carts/{id}` shows it, `order.*`, `payment.completed` and ' +
          '`shipment.shipped` the order as `GET /orders/{id}`, `customer.*` the customer as `GET /customers/{id}`, `product_variant.*` the variant as ' +
          '`GET /products/{productCode}/variants/{code}`; `*.deleted` only `{"id": …}` (`product_variant.deleted`: `{"id": …, "code": …, "productCode": …}`).',
      } satisfies SchemaObject,
    },
    { example: placedExample },
  ),
);

const FEED_HREF = '^/api/v1/events/\\?after=\\d+&limit=\\d+(&type=[^&]+)*$';

export const EventPageSchema = defineSchema(
  'EventPage',
  closedObject({
    limit: integer({ minimum: 1, maximum: 500 }),
    _links: closedObject({
      self: link(FEED_HREF, '/api/v1/events/?after=0&limit=100'),
      next: link(FEED_HREF, '/api/v1/events/?after=42&limit=100', 'The cursor to poll next: after the last event of this page, or the same as self when the page is empty.'),
    }),
    _embedded: closedObject({ items: arrayOf(EventSchema) }),
  }),
);

export const eventPageExample = {
  limit: 100,
  _links: { self: { href: '/api/v1/events/?after=41&limit=100' }, next: { href: '/api/v1/events/?after=42&limit=100' } },
  _embedded: { items: [placedExample] },
};

export const eventExample = placedExample;

export const eventsPurged = (): ResponseSpec => ({
  status: 410,
  description: '`after` is below the oldest event still kept (see EVENTS_RETENTION_DAYS); start again from the sequence named.',
  schema: errorBody(410, [], { pattern: '^Events before sequence \\d+ are no longer kept$' }),
});
