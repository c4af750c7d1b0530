import { resourceNotFound, resourceNotFoundMessage } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { ApiPathParam } from '../common/openapi/api-decorators';
import { notFound } from '../common/openapi/responses';
import { integer } from '../common/openapi/schema-builders';

/** The `{id}` of /api/v1/webhooks/{id}: its parsing (a malformed id is a missing subscription), its description and its 404. */
export const webhookId = (raw: string): number => parseId(raw, () => resourceNotFound('webhook'));

export const ApiWebhookId = () => ApiPathParam('id', 'Webhook subscription id.', integer({ minimum: 1, example: 1 }));

export const webhookNotFound = () => notFound('No webhook subscription has this id.', resourceNotFoundMessage('webhook'));
