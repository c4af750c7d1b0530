import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound } from '../common/errors/api-error';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { findTaxCategory } from './queries/tax-category-sql';
import { TAX_CATEGORY_NOT_FOUND, TaxCategorySchema } from './tax-categories.openapi';
import { serializeTaxCategory } from './tax-category.serializer';

@ApiTags('Tax categories')
@Controller('api/v1/tax-categories')
export class TaxCategoriesController {
  constructor(private readonly em: EntityManager) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showTaxCategory', summary: 'Show a tax category' })
  @ApiPathParam('code', 'Tax category code (exact match).', string({ example: 'std' }))
  @ApiResponses(ok('The tax category.', TaxCategorySchema), notFound('No tax category has this code.', TAX_CATEGORY_NOT_FOUND))
  @ApiStandardErrors()
  async show(@Param('code') code: string) {
    const row = await findTaxCategory(this.em.fork(), code);
    if (row === null) throw resourceNotFound('tax category');
    return serializeTaxCategory(row);
  }
}
