import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { CouponWritesService } from './coupon-writes.service';
import { PromotionCouponsController } from './promotion-coupons.controller';
import { PromotionWritesService } from './promotion-writes.service';
import { PromotionsController } from './promotions.controller';
import { PromotionsService } from './promotions.service';

@Module({
  imports: [EventsModule],
  controllers: [PromotionsController, PromotionCouponsController],
  providers: [PromotionsService, PromotionWritesService, CouponWritesService],
})
export class PromotionsModule {}
