import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { LIST_READ } from '../../database/replicas/list-read';
import { readPage } from '../../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { WebhookSubscription } from '../entities/webhook-subscription.entity';
import { serializeWebhook } from '../webhook.serializer';

export const WEBHOOK_LIST_SPEC: ListSpec<'id' | 'createdAt', never> = { sortable: ['id', 'createdAt'], defaultSort: ['id', 'asc'], criteria: [] };

/** Subscriptions have the entity's shape, so they are read through the ORM. */
@Injectable()
export class WebhookQueriesService {
  constructor(private readonly em: EntityManager) {}

  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, WEBHOOK_LIST_SPEC);
    const em = this.em.fork();
    const orderBy = request.sorting.map(([field, direction]) => ({ [field]: direction }));
    return readPage(links.webhooks(), request, {
      readWithTotal: async (window) => {
        const [items, total] = await em.findAndCount(WebhookSubscription, {}, { orderBy, limit: window.limit, offset: window.offset, ...LIST_READ });
        return { total, items: items.map(serializeWebhook) };
      },
    });
  }

  async show(id: number) {
    const subscription = await this.em.fork().findOne(WebhookSubscription, id);
    if (subscription === null) throw resourceNotFound('webhook');
    return serializeWebhook(subscription);
  }
}
