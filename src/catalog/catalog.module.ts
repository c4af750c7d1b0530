import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { ProductAttributesModule } from './attributes/product-attributes.module';
import { ProductVariantsController } from './product-variants.controller';
import { ProductsController } from './products.controller';
import { CatalogService } from './services/catalog.service';
import { ProductWritesService } from './services/product-writes.service';
import { TaxonsService } from './services/taxons.service';
import { TaxonsController } from './taxons.controller';
import { VariantWritesService } from './variants/variant-writes.service';

@Module({
  imports: [EventsModule, ProductAttributesModule],
  controllers: [ProductsController, ProductVariantsController, TaxonsController],
  providers: [CatalogService, ProductWritesService, TaxonsService, VariantWritesService],
})
export class CatalogModule {}
