import { Module } from '@nestjs/common';
import { ShippingCategoriesController } from './shipping-categories.controller';
import { ShippingCategoriesService } from './shipping-categories.service';
import { ShippingCategoryWritesService } from './shipping-category-writes.service';

@Module({ controllers: [ShippingCategoriesController], providers: [ShippingCategoriesService, ShippingCategoryWritesService] })
export class ShippingCategoriesModule {}
