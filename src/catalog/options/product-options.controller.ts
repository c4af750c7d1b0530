import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { ApiTranslatedJsonBody } from '../translations/translations-openapi';
import { ProductOptionForm } from './product-option.form';
import { serializeProductOption } from './product-option.serializer';
import { ProductOptionWritesService } from './product-option-writes.service';
import { ProductOptionsService } from './product-options.service';
import {
  PageOfProductOptionsSchema,
  PRODUCT_OPTION_IN_USE,
  PRODUCT_OPTION_NOT_FOUND,
  ProductOptionCreateRequestSchema,
  ProductOptionPatchRequestSchema,
  ProductOptionReplaceRequestSchema,
  productOptionRequestExamples,
  ProductOptionSchema,
  productOptionUpdateExamples,
  productOptionUpdateValidationExample,
  productOptionValidationExample,
  ProductOptionValidationErrorSchema,
} from './product-options.openapi';

const ApiProductOptionCode = () => ApiPathParam('code', 'Product option code (exact match).', string({ example: 'MUG_SIZE' }));
const productOptionNotFound = () => notFound('No product option has this code.', PRODUCT_OPTION_NOT_FOUND);
/** On PUT and PATCH the option's `code` is ignored: a code never changes. */
const UPDATE_FORM = { disabled: ['code'] } as const;

@ApiTags('Product options')
@Controller('api/v1/product-options')
export class ProductOptionsController {
  constructor(
    private readonly options: ProductOptionsService,
    private readonly writes: ProductOptionWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listProductOptions', summary: 'List product options', description: 'Every product option with its values, in the order they were created.' })
  @ApiPlainPage({ page: PageOfProductOptionsSchema, description: 'A page of product options.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.options.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({
    operationId: 'createProductOption',
    summary: 'Create a product option',
    description: 'Without `position` the option goes last; a position past the end is the last place, and the options after it move down one.',
  })
  @ApiTranslatedJsonBody({
    schema: ProductOptionCreateRequestSchema,
    examples: productOptionRequestExamples,
    validation: ProductOptionValidationErrorSchema,
    validationExample: productOptionValidationExample,
  })
  @ApiResponses(created('The new product option.', ProductOptionSchema))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(ProductOptionForm)) form: SubmittedForm<ProductOptionForm>) {
    const { option, translations } = await this.writes.create(form);
    return serializeProductOption(option, translations);
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showProductOption', summary: 'Show a product option' })
  @ApiProductOptionCode()
  @ApiResponses(ok('The product option.', ProductOptionSchema), productOptionNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.options.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceProductOption',
    summary: 'Replace a product option',
    description:
      'Every stored translation must be sent again (one left out is blanked and fails), and so must those of each value sent. Values left out are kept; `position` left out is kept; `code` is ignored.',
  })
  @ApiProductOptionCode()
  @ApiTranslatedJsonBody({
    schema: ProductOptionReplaceRequestSchema,
    examples: productOptionUpdateExamples,
    validation: ProductOptionValidationErrorSchema,
    validationExample: productOptionUpdateValidationExample,
  })
  @ApiResponses(noContent('The product option is replaced.'), productOptionNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(ProductOptionForm, UPDATE_FORM)) form: SubmittedForm<ProductOptionForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateProductOption', summary: 'Change some fields of a product option', description: 'Only what is given changes; `code` is ignored.' })
  @ApiProductOptionCode()
  @ApiTranslatedJsonBody({
    schema: ProductOptionPatchRequestSchema,
    examples: productOptionUpdateExamples,
    validation: ProductOptionValidationErrorSchema,
    validationExample: productOptionUpdateValidationExample,
  })
  @ApiResponses(noContent('The fields given are changed.'), productOptionNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(ProductOptionForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<ProductOptionForm>): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'deleteProductOption',
    summary: 'Delete a product option',
    description: 'Its translations and values go with it; the options after it move up one. An option a product offers, or whose value a variant has, is kept (409).',
  })
  @ApiProductOptionCode()
  @ApiResponses(noContent('The product option is gone.'), productOptionNotFound(), conflict('A product offers the option, or a variant has one of its values.', PRODUCT_OPTION_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
