import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { resourceNotFound, resourceNotFoundMessage } from '../../common/errors/api-error';
import { parseId } from '../../common/errors/parse-id';
import { ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors } from '../../common/openapi/api-decorators';
import { notFound } from '../../common/openapi/responses';
import { integer } from '../../common/openapi/schema-builders';
import { PageOfCustomerOrdersSchema } from './orders.openapi';
import { rawQuery } from '../../common/http/raw-query';
import { CUSTOMER_ORDERS_SPEC, OrdersService } from '../services/orders.service';

@ApiTags('Orders')
@Controller('api/v1/customers/:customerId/orders')
export class CustomerOrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listCustomerOrders',
    summary: "List a customer's orders",
    description: 'Every order of the customer, carts included, each in the full form of `GET /api/v1/orders/{id}`.',
  })
  @ApiPathParam('customerId', 'Customer id.', integer({ minimum: 1, example: 1 }))
  @ApiPage({
    page: PageOfCustomerOrdersSchema,
    spec: CUSTOMER_ORDERS_SPEC,
    criteria: { state: 'order state, exact', checkoutState: 'checkout state, exact', channel: 'channel code' },
    description: "A page of the customer's orders.",
  })
  @ApiResponses(notFound('No customer has this id (even when the page asked for would be empty).', resourceNotFoundMessage('customer')))
  @ApiStandardErrors()
  list(@Param('customerId') customerId: string, @Req() request: FastifyRequest) {
    return this.orders.listForCustomer(parseId(customerId, () => resourceNotFound('customer')), rawQuery(request));
  }
}
