import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { CartItemsController } from './http/cart-items.controller';
import { CartsController } from './http/carts.controller';
import { CheckoutsController } from './http/checkouts.controller';
import { CustomerDeletionController } from './http/customer-deletion.controller';
import { CustomerOrdersController } from './http/customer-orders.controller';
import { OrdersController } from './http/orders.controller';
import { CartItemsService } from './services/cart-items.service';
import { CartsService } from './services/carts.service';
import { CheckoutsService } from './services/checkouts.service';
import { CompleteCheckoutService } from './services/complete-checkout.service';
import { DeleteCustomerService } from './services/delete-customer.service';
import { OrderActionsService } from './services/order-actions.service';
import { OrdersService } from './services/orders.service';

/** The orders domain: carts, their items, the checkout, its completion, the actions on placed orders, and deleting a customer (allowed only without placed orders). */
@Module({
  imports: [EventsModule],
  controllers: [CartsController, CartItemsController, CheckoutsController, CustomerOrdersController, OrdersController, CustomerDeletionController],
  providers: [CartsService, CartItemsService, CheckoutsService, CompleteCheckoutService, OrdersService, OrderActionsService, DeleteCustomerService],
  exports: [CompleteCheckoutService],
})
export class OrdersModule {}
