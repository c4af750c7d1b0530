import { Module } from '@nestjs/common';
import { ProductsController } from './products.controller';
import { CatalogQueriesService } from './services/catalog-queries.service';

@Module({ controllers: [ProductsController], providers: [CatalogQueriesService] })
export class CatalogModule {}
