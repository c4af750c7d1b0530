import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import type { AttributeType } from './attribute-types';
import { ATTRIBUTE_IN_USE } from './product-attribute-messages';
import { ProductAttributeWritesService } from './product-attribute-writes.service';
import { ProductAttributeForm } from './product-attribute.form';
import {
  createdProductAttributeExample,
  PageOfProductAttributesSchema,
  PRODUCT_ATTRIBUTE_NOT_FOUND,
  ProductAttributeCreateRequestSchema,
  productAttributePatchExamples,
  ProductAttributePatchRequestSchema,
  productAttributeReplaceExamples,
  ProductAttributeReplaceRequestSchema,
  productAttributeRequestExamples,
  ProductAttributeSchema,
  productAttributeUpdateValidationExample,
  productAttributeValidationExample,
} from './product-attributes.openapi';
import { ProductAttributesService } from './product-attributes.service';

const ApiAttributeCode = () => ApiPathParam('code', 'Product attribute code (exact match).', string({ example: 'mug_material' }));
const attributeNotFound = () => notFound('No product attribute has this code.', PRODUCT_ATTRIBUTE_NOT_FOUND);
/** The documentation of `POST /product-attributes/{type}`, one route per type. */
function ApiCreateAttribute(type: AttributeType): MethodDecorator {
  const configuration = CONFIGURATION_OF[type];
  return applyDecorators(
    ApiOperation({
      operationId: `create${type[0].toUpperCase()}${type.slice(1)}ProductAttribute`,
      summary: `Create a ${type} product attribute`,
      description: `The path gives the type, which never changes; a path that names no type is an attribute's, where POST is 405. Configuration: ${configuration}`,
    }),
    ApiJsonBody({ form: ProductAttributeForm, schema: ProductAttributeCreateRequestSchema, examples: productAttributeRequestExamples, validationExample: productAttributeValidationExample }),
    ApiResponses(created('The new product attribute.', ProductAttributeSchema, { created: { summary: 'A text attribute', value: createdProductAttributeExample } })),
    ApiIdempotentPost(),
    ApiWriteErrors(),
  );
}

const CONFIGURATION_OF: Record<AttributeType, string> = {
  text: '`{min, max}` text lengths.',
  textarea: '`{min, max}` text lengths.',
  select: '`{choices, multiple, min, max}`; each choice gets a generated UUID key.',
  checkbox: 'none.',
  integer: 'none.',
  percent: 'none.',
  datetime: 'none.',
  date: 'none.',
};

/** `type` is never read from a body (the POST path gives it); `code` is read on POST only. */
const UPDATE_FORM = { disabled: ['type', 'code'] } as const;
/** Every type's POST reads the same form; the service reads its configuration against the type. */
const CREATE_PIPE = new FormPipe(ProductAttributeForm, { disabled: ['type'] });

type Submitted = SubmittedForm<ProductAttributeForm>;

@ApiTags('Product attributes')
@Controller('api/v1/product-attributes')
export class ProductAttributesController {
  constructor(
    private readonly attributes: ProductAttributesService,
    private readonly writes: ProductAttributeWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listProductAttributes', summary: 'List product attributes', description: 'Every product attribute, in the order they were created.' })
  @ApiPlainPage({ page: PageOfProductAttributesSchema, description: 'A page of product attributes.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.attributes.list(rawQuery(request));
  }

  @Post('text')
  @ApiCreateAttribute('text')
  createText(@Body(CREATE_PIPE) form: Submitted) {
    return this.create('text', form);
  }

  @Post('textarea')
  @ApiCreateAttribute('textarea')
  createTextarea(@Body(CREATE_PIPE) form: Submitted) {
    return this.create('textarea', form);
  }

  @Post('checkbox')
  @ApiCreateAttribute('checkbox')
  createCheckbox(@Body(CREATE_PIPE) form: Submitted) {
    return this.create('checkbox', form);
  }

  @Post('integer')
  @ApiCreateAttribute('integer')
  createInteger(@Body(CREATE_PIPE) form: Submitted) {
    return this.create('integer', form);
  }

  @Post('percent')
  @ApiCreateAttribute('percent')
  createPercent(@Body(CREATE_PIPE) form: Submitted) {
    return this.create('percent', form);
  }

  @Post('datetime')
  @ApiCreateAttribute('datetime')
  createDatetime(@Body(CREATE_PIPE) form: Submitted) {
    return this.create('datetime', form);
  }

  @Post('date')
  @ApiCreateAttribute('date')
  createDate(@Body(CREATE_PIPE) form: Submitted) {
    return this.create('date', form);
  }

  @Post('select')
  @ApiCreateAttribute('select')
  createSelect(@Body(CREATE_PIPE) form: Submitted) {
    return this.create('select', form);
  }

  private async create(type: AttributeType, form: Submitted) {
    return this.attributes.show(await this.writes.create(type, form));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showProductAttribute', summary: 'Show a product attribute' })
  @ApiAttributeCode()
  @ApiResponses(ok('The product attribute with its translations and configuration.', ProductAttributeSchema), attributeNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.attributes.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceProductAttribute',
    summary: 'Replace a product attribute',
    description: 'Every translation the attribute has must be sent again (or `null` to remove it) and a configuration setting left out is none; `type` and `code` are ignored, a left-out `position` is unchanged.',
  })
  @ApiAttributeCode()
  @ApiJsonBody({ form: ProductAttributeForm, schema: ProductAttributeReplaceRequestSchema, examples: productAttributeReplaceExamples, validationExample: productAttributeUpdateValidationExample })
  @ApiResponses(noContent('The product attribute is replaced.'), attributeNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(ProductAttributeForm, UPDATE_FORM)) form: Submitted): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateProductAttribute', summary: 'Change some fields of a product attribute', description: 'Only the fields given change, in translations and configuration too; `type` and `code` are ignored.' })
  @ApiAttributeCode()
  @ApiJsonBody({ form: ProductAttributeForm, schema: ProductAttributePatchRequestSchema, examples: productAttributePatchExamples, validationExample: productAttributeUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), attributeNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body(new FormPipe(ProductAttributeForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: Submitted): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteProductAttribute', summary: 'Delete a product attribute', description: 'The attributes after it move up one position. An attribute that products have values of is kept (409).' })
  @ApiAttributeCode()
  @ApiResponses(noContent('The product attribute is gone.'), attributeNotFound(), conflict('Products have values of the attribute.', ATTRIBUTE_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
