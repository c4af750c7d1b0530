import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { ShippingMethodSchema } from './shipping.openapi';
import { ShippingMethodsService } from './shipping-methods.service';
import { resourceNotFoundMessage } from '../common/errors/api-error';

@ApiTags('Shipping')
@Controller('api/v1/shipping-methods')
export class ShippingMethodsController {
  constructor(private readonly shippingMethods: ShippingMethodsService) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showShippingMethod', summary: 'Show a shipping method' })
  @ApiPathParam('code', 'Shipping method code (case-sensitive).', string({ example: 'ups' }))
  @ApiResponses(ok('The shipping method.', ShippingMethodSchema), notFound('No shipping method has this code.', resourceNotFoundMessage('shipping method')))
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.shippingMethods.show(code);
  }
}
