import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { parseId } from '../common/errors/parse-id';
import { OrderQueriesService } from './services/order-queries.service';

@Controller('api/v1/orders')
export class OrdersController {
  constructor(private readonly orders: OrderQueriesService) {}

  /** Any order, carts included, in the full form. */
  @Get(':id')
  show(@Param('id') id: string) {
    return this.orders.show(parseId(id, () => resourceNotFound('order')));
  }
}
