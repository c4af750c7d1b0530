import { Module } from '@nestjs/common';
import { ProductsController } from './products.controller';
import { CatalogService } from './services/catalog.service';

@Module({ controllers: [ProductsController], providers: [CatalogService] })
export class CatalogModule {}
