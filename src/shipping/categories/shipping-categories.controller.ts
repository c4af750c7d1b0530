import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound } from '../../common/errors/api-error';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../../common/openapi/api-decorators';
import { notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { SHIPPING_CATEGORY_NOT_FOUND, ShippingCategorySchema } from './shipping-categories.openapi';
import { findShippingCategory } from './shipping-category-sql';
import { serializeShippingCategory } from './shipping-category.serializer';

@ApiTags('Shipping categories')
@Controller('api/v1/shipping-categories')
export class ShippingCategoriesController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showShippingCategory', summary: 'Show a shipping category' })
  @ApiPathParam('code', 'Shipping category code (exact match).', string({ example: 'regular' }))
  @ApiResponses(ok('The shipping category.', ShippingCategorySchema), notFound('No shipping category has this code.', SHIPPING_CATEGORY_NOT_FOUND))
  @ApiStandardErrors()
  async show(@Param('code') code: string) {
    const row = await findShippingCategory(this.em.fork(), code);
    if (row === null) throw resourceNotFound('shipping category');
    return serializeShippingCategory(row);
  }
}
