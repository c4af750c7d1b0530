import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { rawQuery } from '../common/http/raw-query';
import { ApiIdempotentPost, ApiPage, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { conflict, created, noContent, notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { PageOfProductVariantListItemSchema, PRODUCT_NOT_FOUND, PRODUCT_VARIANT_NOT_FOUND, ProductVariantDetailSchema } from './catalog.openapi';
import { CatalogService, VARIANT_LIST } from './services/catalog.service';
import { VariantForm } from './variants/forms/variant.form';
import {
  ApiVariantBody,
  createdVariantExample,
  PRODUCT_VARIANT_IN_USE,
  staleVersion,
  variantCreateExample,
  VariantCreateRequestSchema,
  variantPatchExample,
  VariantPatchRequestSchema,
  VariantReplaceRequestSchema,
  variantUpdateValidationExample,
  variantValidationExample,
} from './variants/product-variants.openapi';
import { variantUpdateFormOptions } from './variants/simple-product-variant';
import { VariantWritesService } from './variants/variant-writes.service';

/** What a text filter of the grid lists takes besides `criteria[name]=text`. */
const TEXT_FILTER = 'a text: `criteria[name]=text` (contains, case-insensitive) or `criteria[name][type]=contains|not_contains|equal|not_equal|starts_with|ends_with|empty|not_empty|in|not_in&criteria[name][value]=text`';

const ApiProductCode = (name: string) => ApiPathParam(name, 'Product code (exact, case-sensitive match).', string({ example: 'MUG' }));
const ApiVariantCode = () => ApiPathParam('code', 'Variant code (exact match); only variants of this product are found.', string({ example: 'MUG_SW' }));
const variantNotFound = () => notFound('The product has no variant with this code (also when the product does not exist).', PRODUCT_VARIANT_NOT_FOUND);

/** A product's variants, addressed by the product's code and their own. */
@ApiTags('Products')
@Controller('api/v1/products/:productCode/variants')
export class ProductVariantsController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly writes: VariantWritesService,
  ) {}

  @Get()
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

  @Post()
  @ApiOperation({
    operationId: 'createProductVariant',
    summary: 'Create a product variant',
    description: 'Placed after the product\'s last variant, with version 1 and no stock unless `onHand` is given. Prices are sent in major units (`"12.34"`).',
  })
  @ApiProductCode('productCode')
  @ApiVariantBody(VariantCreateRequestSchema, variantCreateExample, variantValidationExample)
  @ApiResponses(
    created('The new variant, as GET shows it.', ProductVariantDetailSchema, { created: { summary: 'A new variant', value: createdVariantExample } }),
    notFound('No product has this code.', PRODUCT_NOT_FOUND),
  )
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Param('productCode') productCode: string, @Body(new FormPipe(VariantForm)) form: SubmittedForm<VariantForm>) {
    return this.writes.create(productCode, form);
  }

  @Get(':code')
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

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceProductVariant',
    summary: 'Replace a product variant',
    description: 'A full submit: a field left out is cleared (a checkbox `false`), except `onHand`, which changes only when given; `code` is ignored.',
  })
  @ApiProductCode('productCode')
  @ApiVariantCode()
  @ApiVariantBody(VariantReplaceRequestSchema, { version: 1, tracked: true, shippingRequired: true, channelPricings: { WEB: { price: 13 } } }, variantUpdateValidationExample)
  @ApiResponses(noContent('The variant is replaced.'), variantNotFound(), staleVersion())
  @ApiWriteErrors()
  async replace(@Param('productCode') productCode: string, @Param('code') code: string, @Body(new FormPipe(VariantForm, variantUpdateFormOptions('replace'))) form: SubmittedForm<VariantForm>): Promise<void> {
    await this.writes.update(productCode, code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateProductVariant', summary: 'Change some fields of a product variant', description: 'Only the fields given change; `code` is ignored.' })
  @ApiProductCode('productCode')
  @ApiVariantCode()
  @ApiVariantBody(VariantPatchRequestSchema, variantPatchExample, variantUpdateValidationExample)
  @ApiResponses(noContent('The fields given are changed.'), variantNotFound(), staleVersion())
  @ApiWriteErrors()
  async patch(
    @Param('productCode') productCode: string,
    @Param('code') code: string,
    @Body(new FormPipe(VariantForm, variantUpdateFormOptions('merge'))) form: SubmittedForm<VariantForm>,
  ): Promise<void> {
    await this.writes.update(productCode, code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteProductVariant',
    summary: 'Delete a product variant',
    description: "A variant that a cart or an order holds is kept (409). Its prices, translations and option values go with it.",
  })
  @ApiProductCode('productCode')
  @ApiVariantCode()
  @ApiResponses(noContent('The variant is gone.'), variantNotFound(), conflict('A cart or an order holds the variant.', PRODUCT_VARIANT_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('productCode') productCode: string, @Param('code') code: string): Promise<void> {
    await this.writes.delete(productCode, code);
  }
}
