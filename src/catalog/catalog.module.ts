import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { ProductsController } from './products.controller';
import { CatalogService } from './services/catalog.service';
import { ProductWritesService } from './services/product-writes.service';
import { TaxonsService } from './services/taxons.service';
import { TaxonsController } from './taxons.controller';

@Module({
  imports: [EventsModule],
  controllers: [ProductsController, TaxonsController],
  providers: [CatalogService, ProductWritesService, TaxonsService],
})
export class CatalogModule {}
