import { Module } from '@nestjs/common';
import { TaxCategoriesController } from './tax-categories.controller';
import { TaxCategoriesService } from './tax-categories.service';
import { TaxCategoryWritesService } from './tax-category-writes.service';

@Module({ controllers: [TaxCategoriesController], providers: [TaxCategoriesService, TaxCategoryWritesService] })
export class TaxationModule {}
