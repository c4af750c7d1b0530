import { Module } from '@nestjs/common';
import { CompleteCheckoutService } from './checkout/complete-checkout.service';
import { CustomerOrdersController } from './customer-orders.controller';
import { OrdersController } from './orders.controller';
import { OrderActionsService } from './services/order-actions.service';
import { OrdersService } from './services/orders.service';

@Module({
  controllers: [CustomerOrdersController, OrdersController],
  providers: [CompleteCheckoutService, OrdersService, OrderActionsService],
  exports: [CompleteCheckoutService],
})
export class OrdersModule {}
