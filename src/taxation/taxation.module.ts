import { Module } from '@nestjs/common';
import { TaxCategoriesController } from './tax-categories.controller';
import { TaxCategoriesService } from './tax-categories.service';
import { TaxCategoryWritesService } from './tax-category-writes.service';
import { TaxRatesController } from './tax-rates.controller';
import { TaxRatesService } from './tax-rates.service';
import { TaxRateWritesService } from './tax-rate-writes.service';

@Module({
  controllers: [TaxCategoriesController, TaxRatesController],
  providers: [TaxCategoriesService, TaxCategoryWritesService, TaxRatesService, TaxRateWritesService],
})
export class TaxationModule {}
