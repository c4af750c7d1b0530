import { Module } from '@nestjs/common';
import { ShippingCategoriesController } from './shipping-categories.controller';

@Module({ controllers: [ShippingCategoriesController] })
export class ShippingCategoriesModule {}
