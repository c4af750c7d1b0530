import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiPathParam, ApiResponses, ApiStandardErrors } from '../../common/openapi/api-decorators';
import { notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { SHIPPING_CATEGORY_NOT_FOUND, ShippingCategorySchema } from './shipping-categories.openapi';
import { ShippingCategoriesService } from './shipping-categories.service';

@ApiTags('Shipping categories')
@Controller('api/v1/shipping-categories')
export class ShippingCategoriesController {
  constructor(private readonly shippingCategories: ShippingCategoriesService) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showShippingCategory', summary: 'Show a shipping category' })
  @ApiPathParam('code', 'Shipping category code (exact match).', string({ example: 'regular' }))
  @ApiResponses(ok('The shipping category.', ShippingCategorySchema), notFound('No shipping category has this code.', SHIPPING_CATEGORY_NOT_FOUND))
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.shippingCategories.show(code);
  }
}
