import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { rawQuery } from '../common/http/raw-query';
import { ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { NOT_VALID } from '../common/forms/messages';
import { notFound, ok, validationFailed } from '../common/openapi/responses';
import { integer, string } from '../common/openapi/schema-builders';
import { PageOfProductListItemSchema, PageOfProductVariantListItemSchema, PRODUCT_NOT_FOUND, PRODUCT_VARIANT_NOT_FOUND, ProductSchema, ProductVariantDetailSchema } from './catalog.openapi';
import { ProductListQueryForm, TAXON_ID_RANGE } from './product-list-query.form';
import { CatalogService, PRODUCT_LIST, VARIANT_LIST } from './services/catalog.service';

/** What a text filter of the grid lists takes besides `criteria[name]=text`. */
const TEXT_FILTER = 'a text: `criteria[name]=text` (contains, case-insensitive) or `criteria[name][type]=contains|not_contains|equal|not_equal|starts_with|ends_with|empty|not_empty|in|not_in&criteria[name][value]=text`';

const ApiProductCode = (name: string) => ApiPathParam(name, 'Product code (exact, case-sensitive match).', string({ example: 'MUG' }));

/** Read-only products and their variants, addressed by code. */
@ApiTags('Products')
@Controller('api/v1/products')
export class ProductsController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  @ApiOperation({
    operationId: 'listProducts',
    summary: 'List products',
    description: 'Products with an en_US translation (disabled ones too), by code unless sorted otherwise.',
  })
  @ApiQuery({
    name: 'taxonId',
    required: false,
    description: 'Only the products directly in the taxon with this id (an unknown id lists none). Not a whole number, or out of range: 400 at the field.',
    schema: integer({ minimum: TAXON_ID_RANGE.minimum, maximum: TAXON_ID_RANGE.maximum, example: 2 }),
  })
  @ApiPage({
    page: PageOfProductListItemSchema,
    spec: PRODUCT_LIST,
    criteria: {
      search: `the code or the en_US name, ${TEXT_FILTER}`,
      enabled: '`true` or `false` (also as `criteria[enabled][value]`)',
    },
    description: 'A page of products; a page past the last one answers the last page.',
  })
  @ApiResponses(validationFailed(ProductListQueryForm, { code: 400, message: 'Validation Failed', errors: { children: { taxonId: { errors: [NOT_VALID] } } } }))
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.catalog.products(rawQuery(request));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showProduct', summary: 'Show a product', description: 'Disabled products are shown too.' })
  @ApiProductCode('code')
  @ApiResponses(ok('The product with its variants in the full form.', ProductSchema), notFound('No product has this code.', PRODUCT_NOT_FOUND))
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.catalog.product(code);
  }

  @Get(':productCode/variants')
  @ApiOperation({ operationId: 'listProductVariants', summary: "List a product's variants", description: 'By position unless sorted otherwise.' })
  @ApiProductCode('productCode')
  @ApiPage({
    page: PageOfProductVariantListItemSchema,
    spec: VARIANT_LIST,
    criteria: { code: `the variant code, ${TEXT_FILTER}`, name: `the en_US name, ${TEXT_FILTER}` },
    description: "A page of the product's variants; a page past the last one answers the last page.",
  })
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
