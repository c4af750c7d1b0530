import { Controller, Get, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { resourceNotFound } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { rawQuery } from './request-query';
import { OrderQueriesService } from './services/order-queries.service';

@Controller('api/v1/customers/:customerId/orders')
export class CustomerOrdersController {
  constructor(private readonly orders: OrderQueriesService) {}

  @Get()
  list(@Param('customerId') customerId: string, @Req() request: FastifyRequest) {
    return this.orders.listForCustomer(parseId(customerId, () => resourceNotFound('customer')), rawQuery(request));
  }
}
