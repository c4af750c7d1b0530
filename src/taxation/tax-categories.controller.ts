import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { TAX_CATEGORY_NOT_FOUND, TaxCategorySchema } from './tax-categories.openapi';
import { TaxCategoriesService } from './tax-categories.service';

@ApiTags('Tax categories')
@Controller('api/v1/tax-categories')
export class TaxCategoriesController {
  constructor(private readonly taxCategories: TaxCategoriesService) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showTaxCategory', summary: 'Show a tax category' })
  @ApiPathParam('code', 'Tax category code (exact match).', string({ example: 'std' }))
  @ApiResponses(ok('The tax category.', TaxCategorySchema), notFound('No tax category has this code.', TAX_CATEGORY_NOT_FOUND))
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.taxCategories.show(code);
  }
}
