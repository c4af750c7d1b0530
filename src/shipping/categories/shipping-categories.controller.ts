import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { resourceNotFound } from '../../common/errors/api-error';
import { findShippingCategory } from './shipping-category-sql';
import { serializeShippingCategory } from './shipping-category.serializer';

@Controller('api/v1/shipping-categories')
export class ShippingCategoriesController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  async show(@Param('code') code: string) {
    const row = await findShippingCategory(this.em.fork(), code);
    if (row === null) throw resourceNotFound('shipping category');
    return serializeShippingCategory(row);
  }
}
