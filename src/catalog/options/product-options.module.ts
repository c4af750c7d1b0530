import { Module } from '@nestjs/common';
import { ProductOptionWritesService } from './product-option-writes.service';
import { ProductOptionsController } from './product-options.controller';
import { ProductOptionsService } from './product-options.service';

@Module({ controllers: [ProductOptionsController], providers: [ProductOptionsService, ProductOptionWritesService] })
export class ProductOptionsModule {}
