import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { resourceNotFound, resourceNotFoundMessage } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { rawQuery } from '../common/http/raw-query';
import { ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { integer } from '../common/openapi/schema-builders';
import { PageOfShipmentsSchema, ShipmentSchema } from './shipping.openapi';
import { SHIPMENT_LIST_SPEC, ShipmentsService } from './shipments.service';

@ApiTags('Shipping')
@Controller('api/v1/shipments')
export class ShipmentsController {
  constructor(private readonly shipments: ShipmentsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listShipments',
    summary: 'List shipments',
    description: 'The shipments of placed orders, newest first; the shipment of a cart is never listed (`GET /api/v1/shipments/{id}` shows it).',
  })
  @ApiPage({
    page: PageOfShipmentsSchema,
    spec: SHIPMENT_LIST_SPEC,
    criteria: {
      state:
        'shipment state, a case-insensitive substring; or `criteria[state][type]=<type>&criteria[state][value]=<text>` with type ' +
        '`contains`, `not_contains`, `equal`, `not_equal`, `starts_with`, `ends_with`, `empty`, `not_empty`, `in` or `not_in` (comma-separated values)',
    },
    description: 'A page of shipments.',
  })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.shipments.list(rawQuery(request));
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showShipment', summary: 'Show a shipment' })
  @ApiPathParam('id', 'Shipment id.', integer({ minimum: 1, example: 1 }))
  @ApiResponses(ok('The shipment with its method.', ShipmentSchema), notFound('No shipment has this id.', resourceNotFoundMessage('shipment')))
  @ApiStandardErrors()
  show(@Param('id') rawId: string) {
    return this.shipments.show(parseId(rawId, () => resourceNotFound('shipment')));
  }
}
