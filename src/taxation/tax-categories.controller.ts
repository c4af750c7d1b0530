import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../common/errors/api-error';
import { findTaxCategory } from './queries/tax-category-sql';
import { serializeTaxCategory } from './tax-category.serializer';

@Controller('api/v1/tax-categories')
export class TaxCategoriesController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  async show(@Param('code') code: string) {
    const row = await findTaxCategory(this.em.fork(), code);
    if (row === null) throw resourceNotFound('tax category');
    return serializeTaxCategory(row);
  }
}
