import { Module } from '@nestjs/common';
import { CompleteCheckoutService } from './checkout/complete-checkout.service';
import { CustomerOrdersController } from './customer-orders.controller';
import { OrdersController } from './orders.controller';
import { OrderQueriesService } from './services/order-queries.service';

@Module({
  controllers: [CustomerOrdersController, OrdersController],
  providers: [CompleteCheckoutService, OrderQueriesService],
  exports: [CompleteCheckoutService],
})
export class OrdersModule {}
