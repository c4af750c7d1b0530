import { Module } from '@nestjs/common';
import { ProductAttributeWritesService } from './product-attribute-writes.service';
import { ProductAttributesController } from './product-attributes.controller';
import { ProductAttributesService } from './product-attributes.service';

/** Product attributes: `/api/v1/product-attributes`. */
@Module({
  controllers: [ProductAttributesController],
  providers: [ProductAttributesService, ProductAttributeWritesService],
})
export class ProductAttributesModule {}
