import { formatDateTime } from '../common/datetime';
import { links } from '../common/links';
import type { WebhookSubscription } from './entities/webhook-subscription.entity';

/** A subscription as every route shows it; never its secrets. */
export function serializeWebhook(subscription: WebhookSubscription) {
  return {
    id: subscription.id,
    url: subscription.url,
    events: [...subscription.events],
    ...(subscription.description !== null && { description: subscription.description }),
    enabled: subscription.enabled,
    delivery: {
      state: subscription.deliveryState,
      since: subscription.deliverySince === null ? null : formatDateTime(subscription.deliverySince),
      consecutiveFailures: subscription.consecutiveFailures,
      lastError: subscription.lastError,
    },
    createdAt: formatDateTime(subscription.createdAt),
    updatedAt: formatDateTime(subscription.updatedAt),
    _links: { self: { href: links.webhook(subscription.id) }, deliveries: { href: links.webhookDeliveries(subscription.id) } },
  };
}

/** The answer of POST /webhooks/: the subscription with its secret, the only time the secret is shown. */
export function serializeCreatedWebhook(subscription: WebhookSubscription) {
  const { _links, ...fields } = serializeWebhook(subscription);
  return { ...fields, secret: subscription.secret, _links };
}
