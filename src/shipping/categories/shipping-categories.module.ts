import { Module } from '@nestjs/common';
import { ShippingCategoriesController } from './shipping-categories.controller';
import { ShippingCategoriesService } from './shipping-categories.service';

@Module({ controllers: [ShippingCategoriesController], providers: [ShippingCategoriesService] })
export class ShippingCategoriesModule {}
