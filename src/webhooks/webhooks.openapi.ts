import { definePageSchema } from '../common/openapi/page-schema';
import { requestSchemaFor } from '../common/openapi/request-schema';
import { arrayOf, boolean, closedObject, dateTime, ID, integer, link, string } from '../common/openapi/schema-builders';
import { defineSchema } from '../common/openapi/schema-registry';
import { EVENT_PATTERNS } from '../events';
import { WebhookForm } from './forms/webhook.form';
import { NO_EVENTS } from './forms/webhook-messages';
import { HTTPS_REQUIRED } from './url-guard';

/** Wire shapes of webhook subscriptions (see webhook.serializer.ts) and the webhook form. */

const WEBHOOK_HREF = `^/api/v1/webhooks/${ID}$`;
const DELIVERIES_HREF = `^/api/v1/webhooks/${ID}/deliveries/$`;
const webhookLinks = (id: number) => ({ self: { href: `/api/v1/webhooks/${id}` }, deliveries: { href: `/api/v1/webhooks/${id}/deliveries/` } });

const SECRET_PATTERN = '^whsec_[A-Za-z0-9+/]{43}=$';
const EXAMPLE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2l1Xy0Oj4SY=';

const healthyDelivery = { state: 'healthy', since: null, consecutiveFailures: 0, lastError: null };

const ordersHookExample = {
  id: 1,
  url: 'https://hooks.example.com/shop/orders',
  events: ['order.*', 'payment.completed'],
  description: 'Invoicing',
  enabled: true,
  delivery: healthyDelivery,
  createdAt: '2026-11-26T10:00:00+0000',
  updatedAt: '2026-11-26T10:00:00+0000',
  _links: webhookLinks(1),
};

const { _links: ordersHookLinks, ...ordersHookFields } = ordersHookExample;
export const createdWebhookExample = { ...ordersHookFields, secret: EXAMPLE_SECRET, _links: ordersHookLinks };

const customersHookExample = {
  id: 2,
  url: 'https://crm.example.com/hooks/customers',
  events: ['customer.*'],
  enabled: false,
  delivery: { state: 'paused', since: '2026-11-26T11:52:10+0000', consecutiveFailures: 10, lastError: 'No answer within 10000 ms' },
  createdAt: '2026-11-26T11:30:00+0000',
  updatedAt: '2026-11-26T12:00:00+0000',
  _links: webhookLinks(2),
};

const webhookFields = {
  id: integer(),
  url: string({ description: 'Where events are posted.' }),
  events: arrayOf(string({ enum: [...EVENT_PATTERNS] }), { minItems: 1, description: 'Event types, `prefix.*` patterns, or `*` for all.' }),
  description: string({ description: 'Left out when there is none.' }),
  enabled: boolean({ description: 'A disabled subscription gets no deliveries.' }),
  delivery: closedObject(
    {
      state: string({
        enum: ['healthy', 'failing', 'paused'],
        description:
          'Its circuit breaker: `failing` after a run of failed attempts (one attempt in flight at a time), `paused` after a longer one ' +
          '(one probe attempt per back-off period); the first 2xx makes it `healthy` again and sends what was put off.',
      }),
      since: { ...dateTime('When it entered this state; null while it has always been healthy.'), nullable: true },
      consecutiveFailures: integer({ minimum: 0, description: 'Failed attempts since the last 2xx.' }),
      lastError: { ...string({ description: 'Why the last attempt of the current run of failures failed (an HTTP status or a connection error); null when healthy.' }), nullable: true },
    },
    { description: 'How deliveries to this subscription are going.' },
  ),
  createdAt: dateTime('When the subscription was created.'),
  updatedAt: dateTime('When it last changed (a secret rotation included).'),
};

const webhookLinksSchema = closedObject({
  self: link(WEBHOOK_HREF, '/api/v1/webhooks/1'),
  deliveries: link(DELIVERIES_HREF, '/api/v1/webhooks/1/deliveries/', 'The delivery attempts of this subscription.'),
});

export const WebhookSchema = defineSchema(
  'Webhook',
  closedObject({ ...webhookFields, _links: webhookLinksSchema }, { optional: ['description'], description: 'A webhook subscription. Its secret is never shown here.', example: ordersHookExample }),
);

export const CreatedWebhookSchema = defineSchema(
  'CreatedWebhook',
  closedObject(
    {
      ...webhookFields,
      secret: string({
        pattern: SECRET_PATTERN,
        description: 'The signing secret (`whsec_` + base64 of 32 random bytes), shown only in this answer: store it now. It verifies the `webhook-signature` of every delivery (Standard Webhooks).',
      }),
      _links: webhookLinksSchema,
    },
    {
      optional: ['description'],
      description: 'The new subscription with its signing secret.',
      example: createdWebhookExample,
    },
  ),
);

export const WebhookSecretSchema = defineSchema(
  'WebhookSecret',
  closedObject(
    { secret: string({ pattern: SECRET_PATTERN, description: 'The new signing secret, shown only in this answer.' }) },
    { description: 'A new signing secret. The previous one still signs deliveries for 24 hours (each delivery then carries two signatures).', example: { secret: EXAMPLE_SECRET } },
  ),
);

export const PageOfWebhooksSchema = definePageSchema(
  'Webhooks',
  WebhookSchema,
  { pattern: '/api/v1/webhooks/', example: '/api/v1/webhooks/' },
  {
    page: 1,
    limit: 10,
    pages: 1,
    total: 2,
    _links: {
      self: { href: '/api/v1/webhooks/?page=1&limit=10' },
      first: { href: '/api/v1/webhooks/?page=1&limit=10' },
      last: { href: '/api/v1/webhooks/?page=1&limit=10' },
    },
    _embedded: { items: [ordersHookExample, customersHookExample] },
  },
);

function webhookRequest(name: string, required: readonly string[], description: string, example: unknown) {
  return requestSchemaFor(WebhookForm, name, {
    required,
    description,
    example,
    properties: {
      url: {
        description: 'An absolute `https` URL (`http` only where the deployment allows it) whose host resolves to public addresses only, without user name or password.',
        example: 'https://hooks.example.com/shop/orders',
      },
      events: {
        replace: true,
        ...arrayOf(string({ enum: [...EVENT_PATTERNS] }), { minItems: 1 }),
        description: 'Event types, `prefix.*` patterns (`order.*`), or `*` for all; an entry given twice is kept once.',
        example: ['order.*', 'payment.completed'],
      },
      description: { description: 'A note for people; `null` or empty clears it.', example: 'Invoicing' },
      enabled: { description: 'Whether events are delivered; `true` when left out on POST and PUT.' },
    },
  });
}

const createExample = { url: 'https://hooks.example.com/shop/orders', events: ['order.*', 'payment.completed'], description: 'Invoicing' };

export const WebhookRequestSchema = webhookRequest(
  'WebhookRequest',
  ['url', 'events'],
  'The webhook form of POST and PUT. PUT replaces: a left-out `description` is cleared, a left-out `enabled` is `true`.',
  createExample,
);
export const WebhookPatchRequestSchema = webhookRequest('WebhookPatchRequest', [], 'The webhook form of PATCH: only the fields given change.', { enabled: false });

export const webhookRequestExamples = {
  orders: { summary: 'Orders and payments', value: createExample },
  everything: { summary: 'Every event', value: { url: 'https://hooks.example.com/all', events: ['*'] } },
};

export const webhookValidationExample = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { url: { errors: [HTTPS_REQUIRED] }, events: { errors: [NO_EVENTS] }, description: {}, enabled: {} } },
};

export { customersHookExample as disabledWebhookExample };
