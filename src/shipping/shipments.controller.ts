import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { findShipment } from './queries/shipment-queries';
import { serializeShipment } from './shipment.serializer';

@Controller('api/v1/shipments')
export class ShipmentsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':id')
  async show(@Param('id') rawId: string) {
    const shipment = await findShipment(this.em.fork(), parseId(rawId, () => resourceNotFound('shipment')));
    if (shipment === null) throw resourceNotFound('shipment');
    return serializeShipment(shipment);
  }
}
