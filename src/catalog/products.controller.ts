import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { rawQuery } from '../common/http/raw-query';
import { ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { PageOfProductVariantDetailSchema, PRODUCT_NOT_FOUND, PRODUCT_VARIANT_NOT_FOUND, ProductSchema, ProductVariantDetailSchema } from './catalog.openapi';
import { CatalogService, VARIANT_LIST } from './services/catalog.service';

const ApiProductCode = (name: string) => ApiPathParam(name, 'Product code (exact, case-sensitive match).', string({ example: 'MUG' }));

/** Read-only products and their variants, addressed by code. */
@ApiTags('Products')
@Controller('api/v1/products')
export class ProductsController {
  constructor(private readonly catalog: CatalogService) {}

  @Get(':code')
  @ApiOperation({ operationId: 'showProduct', summary: 'Show a product', description: 'Disabled products are shown too.' })
  @ApiProductCode('code')
  @ApiResponses(ok('The product with its variants in the full form.', ProductSchema), notFound('No product has this code.', PRODUCT_NOT_FOUND))
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.catalog.product(code);
  }

  @Get(':productCode/variants')
  @ApiOperation({ operationId: 'listProductVariants', summary: "List a product's variants", description: 'In the full variant form, by position unless sorted otherwise.' })
  @ApiProductCode('productCode')
  @ApiPage({ page: PageOfProductVariantDetailSchema, spec: VARIANT_LIST, criteria: {}, description: "A page of the product's variants." })
  @ApiResponses(notFound('No product has this code.', PRODUCT_NOT_FOUND))
  @ApiStandardErrors()
  variants(@Param('productCode') productCode: string, @Req() request: FastifyRequest) {
    return this.catalog.variants(productCode, rawQuery(request));
  }

  @Get(':productCode/variants/:code')
  @ApiOperation({ operationId: 'showProductVariant', summary: 'Show a product variant' })
  @ApiProductCode('productCode')
  @ApiPathParam('code', 'Variant code (exact match); only variants of this product are found.', string({ example: 'MUG_SW' }))
  @ApiResponses(
    ok('The variant in the full form.', ProductVariantDetailSchema),
    notFound('The product has no variant with this code (also when the product does not exist).', PRODUCT_VARIANT_NOT_FOUND),
  )
  @ApiStandardErrors()
  variant(@Param('productCode') productCode: string, @Param('code') code: string) {
    return this.catalog.variant(productCode, code);
  }
}
