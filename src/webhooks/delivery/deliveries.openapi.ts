import { definePageSchema } from '../../common/openapi/page-schema';
import { requestSchemaFor } from '../../common/openapi/request-schema';
import { closedObject, dateTime, ID, integer, string } from '../../common/openapi/schema-builders';
import { defineSchema } from '../../common/openapi/schema-registry';
import { ReplayForm } from './replay.form';

/** Wire shapes of the delivery routes (see delivery.serializer.ts and DeliveryEngine.ping). */

const retryingExample = {
  id: 2,
  eventId: 'evt_000000000042',
  eventType: 'order.placed',
  attempt: 1,
  attemptedAt: '2026-11-26T10:00:01+0000',
  statusCode: 503,
  durationMs: 87,
  outcome: 'retrying',
  nextAttemptAt: '2026-11-26T10:00:06+0000',
};
const succeededExample = { ...retryingExample, id: 3, attempt: 2, attemptedAt: '2026-11-26T10:00:06+0000', statusCode: 200, durationMs: 41, outcome: 'succeeded', nextAttemptAt: undefined };
delete succeededExample.nextAttemptAt;

const DeliverySchema = defineSchema(
  'WebhookDelivery',
  closedObject(
    {
      id: integer(),
      eventId: string({ description: 'The `webhook-id` sent: the event id (`evt_` + sequence), or a ping id (`evt_ping_…`).' }),
      eventType: string({ example: 'order.placed' }),
      attempt: integer({ minimum: 1, description: '1 for the first attempt of the event, counting up through its retries.' }),
      attemptedAt: dateTime('When the attempt was sent.'),
      statusCode: integer({ description: 'The receiver’s HTTP status; left out when there was no answer.' }),
      error: string({ description: 'Why there was no answer (timeout, refused address, connection error); left out when there was one.' }),
      durationMs: integer({ minimum: 0, description: 'From sending to the end of the answer.' }),
      outcome: string({
        enum: ['succeeded', 'retrying', 'failed'],
        description: '`succeeded` on a 2xx; `retrying` when another attempt follows at `nextAttemptAt`; `failed` when the retries are used up or the receiver answered 410 (the subscription is then disabled). A failed event can be replayed.',
      }),
      nextAttemptAt: dateTime('When the next attempt is due; only with `retrying`.'),
    },
    { optional: ['statusCode', 'error', 'nextAttemptAt'], description: 'One delivery attempt.', example: retryingExample },
  ),
);

export const PageOfDeliveriesSchema = definePageSchema(
  'WebhookDeliveries',
  DeliverySchema,
  { pattern: `/api/v1/webhooks/${ID}/deliveries/`, example: '/api/v1/webhooks/1/deliveries/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 2,
    _links: {
      self: { href: '/api/v1/webhooks/1/deliveries/?page=1&limit=10' },
      first: { href: '/api/v1/webhooks/1/deliveries/?page=1&limit=10' },
      last: { href: '/api/v1/webhooks/1/deliveries/?page=1&limit=10' },
    },
    _embedded: { items: [succeededExample, retryingExample] },
  },
);

export const ReplayRequestSchema = requestSchemaFor(ReplayForm, 'WebhookReplayRequest', {
  required: ['after'],
  description: 'Which events to send again.',
  example: { after: 40 },
  properties: { after: { description: 'A sequence: every event after it that the subscription matches is queued again (0: every event kept).', example: 40 } },
});

export const ReplayQueuedSchema = defineSchema(
  'WebhookReplayQueued',
  closedObject({ queued: integer({ minimum: 0, description: 'Deliveries queued.' }) }, { description: 'The replay is queued.', example: { queued: 12 } }),
);

export const PingEventSchema = defineSchema(
  'WebhookPingEvent',
  closedObject(
    {
      id: string({ pattern: '^evt_ping_[0-9a-f]{24}$' }),
      sequence: integer({ enum: [0], description: 'Always 0: a ping is not in the feed.' }),
      type: string({ enum: ['webhook.ping'] }),
      timestamp: dateTime('When the ping was asked for.'),
      data: closedObject({ webhook: closedObject({ id: integer(), url: string() }) }),
    },
    {
      description: 'The envelope the ping delivers (the same body and headers as an event’s delivery).',
      example: {
        id: 'evt_ping_6f1c0a9e2b7d4c3a5e8f9012',
        sequence: 0,
        type: 'webhook.ping',
        timestamp: '2026-11-26T10:00:00+0000',
        data: { webhook: { id: 1, url: 'https://hooks.example.com/shop/orders' } },
      },
    },
  ),
);
