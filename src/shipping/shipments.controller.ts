import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { integer } from '../common/openapi/schema-builders';
import { findShipment } from './queries/shipment-queries';
import { serializeShipment } from './shipment.serializer';
import { ShipmentSchema } from './shipping.openapi';

@ApiTags('Shipping')
@Controller('api/v1/shipments')
export class ShipmentsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':id')
  @ApiOperation({ operationId: 'showShipment', summary: 'Show a shipment' })
  @ApiPathParam('id', 'Shipment id.', integer({ minimum: 1, example: 1 }))
  @ApiResponses(ok('The shipment with its method.', ShipmentSchema), notFound('No shipment has this id.', 'The "shipment" has not been found'))
  @ApiStandardErrors()
  async show(@Param('id') rawId: string) {
    const shipment = await findShipment(this.em.fork(), parseId(rawId, () => resourceNotFound('shipment')));
    if (shipment === null) throw resourceNotFound('shipment');
    return serializeShipment(shipment);
  }
}
