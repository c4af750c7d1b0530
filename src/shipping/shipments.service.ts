import type { FilterQuery } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { links } from '../common/links';
import { readPage } from '../common/pagination/page';
import { parsePageRequest, type ListSpec } from '../common/pagination/page-request';
import { readStringFilter, stringFilterWhere } from '../common/pagination/string-filter';
import { LIST_READ } from '../database/replicas/list-read';
import { Shipment } from './entities/shipment.entity';
import { serializeShipment } from './shipment.serializer';

const SHIPMENT_SORTS = ['createdAt', 'updatedAt'] as const;
type ShipmentSort = (typeof SHIPMENT_SORTS)[number];

export const SHIPMENT_LIST_SPEC: ListSpec<ShipmentSort, 'state'> = { sortable: SHIPMENT_SORTS, defaultSort: ['createdAt', 'desc'], criteria: ['state'] };

/** The entity property behind each sort field. */
const SORT_PROPERTIES: Record<ShipmentSort | 'id', keyof Shipment> = { createdAt: 'createdAt', updatedAt: 'updatedAt', id: 'id' };

@Injectable()
export class ShipmentsService {
  constructor(private readonly em: EntityManager) {}

  /** Shipments of placed orders (a cart's shipment is never listed), as the show answers them: a count and one joined read. */
  async list(rawQuery: string) {
    const request = parsePageRequest(rawQuery, SHIPMENT_LIST_SPEC);
    const filter = readStringFilter(rawQuery, 'state');
    const where = { $and: [{ state: { $ne: 'cart' } }, ...(filter === null ? [] : [stringFilterWhere('state', filter)])] } as FilterQuery<Shipment>;
    const em = this.em.fork();
    const orderBy = request.sorting.map(([field, direction]) => ({ [SORT_PROPERTIES[field]]: direction }));
    return readPage(links.shipments(), request, {
      count: () => em.count(Shipment, where, LIST_READ),
      read: async (window) =>
        (await em.find(Shipment, where, { ...window, orderBy, populate: ['method.zone'], strategy: 'joined', disableIdentityMap: true, ...LIST_READ })).map(serializeShipment),
    });
  }

  /** The shipment with its method and the method's zone, in one joined statement. */
  async show(id: number) {
    const shipment = await this.em.fork().findOne(Shipment, { id }, { populate: ['method.zone'], strategy: 'joined', disableIdentityMap: true });
    if (shipment === null) throw resourceNotFound('shipment');
    return serializeShipment(shipment);
  }
}
