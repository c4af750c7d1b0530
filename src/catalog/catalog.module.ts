import { Module } from '@nestjs/common';
import { ProductsController } from './products.controller';
import { CatalogService } from './services/catalog.service';
import { TaxonsService } from './services/taxons.service';
import { TaxonsController } from './taxons.controller';

@Module({ controllers: [ProductsController, TaxonsController], providers: [CatalogService, TaxonsService] })
export class CatalogModule {}
