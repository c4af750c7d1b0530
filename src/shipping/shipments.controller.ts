import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound, resourceNotFoundMessage } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { integer } from '../common/openapi/schema-builders';
import { ShipmentSchema } from './shipping.openapi';
import { ShipmentsService } from './shipments.service';

@ApiTags('Shipping')
@Controller('api/v1/shipments')
export class ShipmentsController {
  constructor(private readonly shipments: ShipmentsService) {}

  @Get(':id')
  @ApiOperation({ operationId: 'showShipment', summary: 'Show a shipment' })
  @ApiPathParam('id', 'Shipment id.', integer({ minimum: 1, example: 1 }))
  @ApiResponses(ok('The shipment with its method.', ShipmentSchema), notFound('No shipment has this id.', resourceNotFoundMessage('shipment')))
  @ApiStandardErrors()
  show(@Param('id') rawId: string) {
    return this.shipments.show(parseId(rawId, () => resourceNotFound('shipment')));
  }
}
