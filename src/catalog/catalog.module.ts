import { Module } from '@nestjs/common';
import { AssociationTypesModule } from './association-types/association-types.module';
import { ProductOptionsModule } from './options/product-options.module';
import { ProductsController } from './products.controller';
import { CatalogService } from './services/catalog.service';
import { TaxonsService } from './services/taxons.service';
import { TaxonsController } from './taxons.controller';

@Module({
  imports: [AssociationTypesModule, ProductOptionsModule],
  controllers: [ProductsController, TaxonsController],
  providers: [CatalogService, TaxonsService],
})
export class CatalogModule {}
