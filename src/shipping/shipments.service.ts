import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { Shipment } from './entities/shipment.entity';
import { serializeShipment, shipmentRow } from './shipment.serializer';

@Injectable()
export class ShipmentsService {
  constructor(private readonly em: EntityManager) {}

  /** The shipment with its method and the method's zone, in one joined statement. */
  async show(id: number) {
    const shipment = await this.em.fork().findOne(
      Shipment,
      { id },
      { populate: ['method.zone'], strategy: 'joined', disableIdentityMap: true },
    );
    if (shipment === null) throw resourceNotFound('shipment');
    return serializeShipment(shipmentRow(shipment));
  }
}
