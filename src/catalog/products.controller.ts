import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { rawQuery } from '../common/http/raw-query';
import { ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors } from '../common/openapi/api-decorators';
import { NOT_VALID } from '../common/forms/messages';
import { notFound, ok, validationFailed } from '../common/openapi/responses';
import { integer, string } from '../common/openapi/schema-builders';
import { PageOfProductListItemSchema, PRODUCT_NOT_FOUND, ProductSchema } from './catalog.openapi';
import { ProductListQueryForm, TAXON_ID_RANGE } from './product-list-query.form';
import { CatalogService, PRODUCT_LIST } from './services/catalog.service';

/** What a text filter of the grid lists takes besides `criteria[name]=text`. */
const TEXT_FILTER = 'a text: `criteria[name]=text` (contains, case-insensitive) or `criteria[name][type]=contains|not_contains|equal|not_equal|starts_with|ends_with|empty|not_empty|in|not_in&criteria[name][value]=text`';

const ApiProductCode = (name: string) => ApiPathParam(name, 'Product code (exact, case-sensitive match).', string({ example: 'MUG' }));

/** Read-only products, addressed by code (their variants: product-variants.controller.ts). */
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
}
