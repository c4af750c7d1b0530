import { Module } from '@nestjs/common';
import { CompleteCheckoutService } from './checkout/complete-checkout.service';

@Module({
  providers: [CompleteCheckoutService],
  exports: [CompleteCheckoutService],
})
export class OrdersModule {}
