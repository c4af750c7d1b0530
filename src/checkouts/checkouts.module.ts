import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { CheckoutsController } from './checkouts.controller';
import { CheckoutsService } from './services/checkouts.service';

@Module({
  imports: [OrdersModule],
  controllers: [CheckoutsController],
  providers: [CheckoutsService],
})
export class CheckoutsModule {}
