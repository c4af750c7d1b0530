import { Module } from '@nestjs/common';
import { TaxCategoriesController } from './tax-categories.controller';

@Module({ controllers: [TaxCategoriesController] })
export class TaxationModule {}
