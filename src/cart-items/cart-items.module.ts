import { Module } from '@nestjs/common';
import { CartItemsController } from './cart-items.controller';
import { CartItemsService } from './services/cart-items.service';

@Module({
  controllers: [CartItemsController],
  providers: [CartItemsService],
})
export class CartItemsModule {}
