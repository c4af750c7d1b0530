import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound, resourceNotFoundMessage } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { integer } from '../common/openapi/schema-builders';
import { OrderSchema } from './orders.openapi';
import { OrdersService } from './services/orders.service';

@ApiTags('Orders')
@Controller('api/v1/orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  /** Any order, carts included, in the full form. */
  @Get(':id')
  @ApiOperation({ operationId: 'showOrder', summary: 'Show an order', description: 'Any order, carts included, with every exposed field.' })
  @ApiPathParam('id', 'Order id.', integer({ minimum: 1, example: 2 }))
  @ApiResponses(ok('The order with its lines, customer, channel, addresses, payments and shipments.', OrderSchema), notFound('No order has this id.', resourceNotFoundMessage('order')))
  @ApiStandardErrors()
  show(@Param('id') id: string) {
    return this.orders.show(parseId(id, () => resourceNotFound('order')));
  }
}
