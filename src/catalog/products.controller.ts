import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { rawQuery } from '../common/http/raw-query';
import { ApiIdempotentPost, ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { FormPipe } from '../common/forms/form.pipe';
import { NOT_VALID } from '../common/forms/messages';
import type { SubmittedForm } from '../common/forms/validate-form';
import { conflict, created, noContent, notFound, ok, validationFailed } from '../common/openapi/responses';
import { integer, string } from '../common/openapi/schema-builders';
import { PageOfProductListItemSchema, PRODUCT_NOT_FOUND, ProductSchema } from './catalog.openapi';
import { ProductForm } from './forms/product.form';
import { ProductListQueryForm, TAXON_ID_RANGE } from './product-list-query.form';
import {
  ApiProductBody,
  createdProductExample,
  PRODUCT_IN_USE,
  ProductCreateRequestSchema,
  ProductPatchRequestSchema,
  productPatchExamples,
  ProductReplaceRequestSchema,
  productReplaceExamples,
  productRequestExamples,
  productEmptyValidationExample,
  productSimpleVariantValidationExample,
  staleVariantVersion,
  productUnpricedChannelExample,
  productUpdateValidationExample,
  productValidationExample,
} from './product-writes.openapi';
import { CatalogService, PRODUCT_LIST } from './services/catalog.service';
import { ProductWritesService } from './services/product-writes.service';

/** What a text filter of the grid lists takes besides `criteria[name]=text`. */
const TEXT_FILTER = 'a text: `criteria[name]=text` (contains, case-insensitive) or `criteria[name][type]=contains|not_contains|equal|not_equal|starts_with|ends_with|empty|not_empty|in|not_in&criteria[name][value]=text`';

const ApiProductCode = (name: string) => ApiPathParam(name, 'Product code (exact, case-sensitive match).', string({ example: 'MUG' }));
const productNotFound = () => notFound('No product has this code.', PRODUCT_NOT_FOUND);
/** `code` is a child of the update forms that is never read (a code never changes). */
const UPDATE_FORM = { disabled: ['code'] } as const;
/** The 400 of a change that assigns a channel some variant of the product has no price in. */
const unpricedChannel = {
  status: 400,
  examples: {
    unpricedChannel: { summary: 'A new channel without the variants\' prices', value: productUnpricedChannelExample },
    simpleVariant: { summary: 'A simple product with an invalid `variant` (in place of `options`)', value: productSimpleVariantValidationExample },
  },
};

/** Products, addressed by code (their variants: product-variants.controller.ts). */
@ApiTags('Products')
@Controller('api/v1/products')
export class ProductsController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly writes: ProductWritesService,
  ) {}

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

  @Post()
  @ApiOperation({
    operationId: 'createProduct',
    summary: 'Create a product',
    description: 'A product without variants; a locale left out of `translations` gets no translation, and a left-out `enabled` is false.',
  })
  @ApiProductBody({
    schema: ProductCreateRequestSchema,
    examples: productRequestExamples,
    validationExample: productValidationExample,
  })
  @ApiResponses(
    created('The new product, as GET shows it.', ProductSchema, { created: { summary: 'Created with two translations', value: createdProductExample } }),
    { status: 400, examples: { empty: { summary: 'An empty body', value: productEmptyValidationExample } } },
  )
  @ApiIdempotentPost()
  @ApiWriteErrors()
  create(@Body(new FormPipe(ProductForm)) form: SubmittedForm<ProductForm>) {
    return this.writes.create(form);
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showProduct', summary: 'Show a product', description: 'Disabled products are shown too.' })
  @ApiProductCode('code')
  @ApiResponses(ok('The product with its variants in the full form.', ProductSchema), productNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.catalog.product(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceProduct',
    summary: 'Replace a product',
    description: 'Every field left out is cleared, and every translation the product has must be sent again; `code` is ignored, and `options` once the product has variants. A simple product (one variant, no options) takes `variant` (its variant, replaced as PUT of the variant does) instead of `options`.',
  })
  @ApiProductCode('code')
  @ApiProductBody({ schema: ProductReplaceRequestSchema, examples: productReplaceExamples, validationExample: productUpdateValidationExample })
  @ApiResponses(noContent('The product is replaced.'), productNotFound(), unpricedChannel, staleVariantVersion())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(ProductForm, UPDATE_FORM)) form: SubmittedForm<ProductForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'updateProduct',
    summary: 'Change some fields of a product',
    description: 'Only the fields given change (in `translations`, only the locales and texts given); `code` is ignored, and `options` once the product has variants. A simple product (one variant, no options) takes `variant` (its variant, changed as PATCH of the variant does) instead of `options`.',
  })
  @ApiProductCode('code')
  @ApiProductBody({ schema: ProductPatchRequestSchema, examples: productPatchExamples, validationExample: productUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), productNotFound(), unpricedChannel, staleVariantVersion())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(ProductForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<ProductForm>): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteProduct',
    summary: 'Delete a product',
    description: 'With its variants, their prices and its translations. A product one of whose variants is in a cart or an order is kept (409).',
  })
  @ApiProductCode('code')
  @ApiResponses(noContent('The product is gone.'), productNotFound(), conflict('A variant of the product is in a cart or an order.', PRODUCT_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
