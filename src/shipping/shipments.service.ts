import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { findShipment } from './queries/shipment-queries';
import { serializeShipment } from './shipment.serializer';

@Injectable()
export class ShipmentsService {
  constructor(private readonly em: EntityManager) {}

  async show(id: number) {
    const shipment = await findShipment(this.em.fork(), id);
    if (shipment === null) throw resourceNotFound('shipment');
    return serializeShipment(shipment);
  }
}
