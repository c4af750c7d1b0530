import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { conflict, resourceNotFound } from '../../common/errors/api-error';
import { links } from '../../common/links';
import { readPage } from '../../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../../common/pagination/page-request';
import { DeliveryEngine } from './delivery-engine';
import type { DeliveryTarget } from './delivery-messages';
import { serializeDelivery } from './delivery.serializer';
import { countDeliveries, findDeliveries } from './queries/delivery.read-model';

/** Newest first unless `sorting[id]=asc`. */
export const DELIVERY_LIST_SPEC: ListSpec<'id', never> = { sortable: ['id'], defaultSort: ['id', 'desc'], criteria: [] };

export const SUBSCRIPTION_DISABLED = 'The webhook subscription is disabled; enable it first.';

@Injectable()
export class DeliveriesService {
  constructor(
    private readonly em: EntityManager,
    private readonly engine: DeliveryEngine,
  ) {}

  async list(subscriptionId: number, rawQuery: string) {
    const request = parsePageRequest(rawQuery, DELIVERY_LIST_SPEC);
    const em = this.em.fork();
    await this.target(subscriptionId);
    return readPage(links.webhookDeliveries(subscriptionId), request, {
      count: () => countDeliveries(em, subscriptionId),
      read: async (window) => (await findDeliveries(em, subscriptionId, request.sorting[0][1], window)).map(serializeDelivery),
    });
  }

  async replay(subscriptionId: number, after: number): Promise<{ queued: number }> {
    return { queued: await this.engine.replay(await this.enabledTarget(subscriptionId), after) };
  }

  async ping(subscriptionId: number) {
    return this.engine.ping(await this.enabledTarget(subscriptionId));
  }

  private async target(subscriptionId: number): Promise<DeliveryTarget> {
    const target = await this.engine.findTarget(subscriptionId);
    if (target === null) throw resourceNotFound('webhook');
    return target;
  }

  private async enabledTarget(subscriptionId: number): Promise<DeliveryTarget> {
    const target = await this.target(subscriptionId);
    if (!target.enabled) throw conflict(SUBSCRIPTION_DISABLED);
    return target;
  }
}
