import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound } from '../common/errors/api-error';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { findShippingMethod } from './queries/shipment-queries';
import { serializeShippingMethod } from './shipment.serializer';
import { ShippingMethodSchema } from './shipping.openapi';

@ApiTags('Shipping')
@Controller('api/v1/shipping-methods')
export class ShippingMethodsController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showShippingMethod', summary: 'Show a shipping method' })
  @ApiPathParam('code', 'Shipping method code (case-sensitive).', string({ example: 'ups' }))
  @ApiResponses(ok('The shipping method.', ShippingMethodSchema), notFound('No shipping method has this code.', 'The "shipping method" has not been found'))
  @ApiStandardErrors()
  async show(@Param('code') code: string) {
    const method = await findShippingMethod(this.em.fork(), code);
    if (method === null) throw resourceNotFound('shipping method');
    return serializeShippingMethod(method);
  }
}
