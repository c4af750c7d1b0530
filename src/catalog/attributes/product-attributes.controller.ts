import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { validateForm } from '../../common/forms/validate-form';
import { rawQuery } from '../../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { ApiPlainPage } from '../../common/openapi/plain-page';
import { created, noContent, notFound, ok } from '../../common/openapi/responses';
import { string } from '../../common/openapi/schema-builders';
import { sentConfiguration } from './attribute-configuration';
import type { AttributeType } from './attribute-types';
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
/** `type` is never read from a body (the POST path gives it); `code` is read on POST only. */
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

const CREATE_FORM = { disabled: ['type'] } as const;
const UPDATE_FORM = { disabled: ['type', 'code'] } as const;

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
  createText(@Body() body: unknown) {
    return this.create('text', body);
  }

  @Post('textarea')
  @ApiCreateAttribute('textarea')
  createTextarea(@Body() body: unknown) {
    return this.create('textarea', body);
  }

  @Post('checkbox')
  @ApiCreateAttribute('checkbox')
  createCheckbox(@Body() body: unknown) {
    return this.create('checkbox', body);
  }

  @Post('integer')
  @ApiCreateAttribute('integer')
  createInteger(@Body() body: unknown) {
    return this.create('integer', body);
  }

  @Post('percent')
  @ApiCreateAttribute('percent')
  createPercent(@Body() body: unknown) {
    return this.create('percent', body);
  }

  @Post('datetime')
  @ApiCreateAttribute('datetime')
  createDatetime(@Body() body: unknown) {
    return this.create('datetime', body);
  }

  @Post('date')
  @ApiCreateAttribute('date')
  createDate(@Body() body: unknown) {
    return this.create('date', body);
  }

  @Post('select')
  @ApiCreateAttribute('select')
  createSelect(@Body() body: unknown) {
    return this.create('select', body);
  }

  private async create(type: AttributeType, body: unknown) {
    const form = validateForm(ProductAttributeForm, body, CREATE_FORM);
    return this.attributes.show(await this.writes.create(type, form, sentConfiguration(body)));
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
  async replace(@Param('code') code: string, @Body() body: unknown): Promise<void> {
    await this.writes.update(code, validateForm(ProductAttributeForm, body, UPDATE_FORM), sentConfiguration(body), 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateProductAttribute', summary: 'Change some fields of a product attribute', description: 'Only the fields given change, in translations and configuration too; `type` and `code` are ignored.' })
  @ApiAttributeCode()
  @ApiJsonBody({ form: ProductAttributeForm, schema: ProductAttributePatchRequestSchema, examples: productAttributePatchExamples, validationExample: productAttributeUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), attributeNotFound())
  @ApiWriteErrors()
  async patch(@Param('code') code: string, @Body() body: unknown): Promise<void> {
    await this.writes.update(code, validateForm(ProductAttributeForm, body, { ...UPDATE_FORM, partial: true, validateNulls: true }), sentConfiguration(body), 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteProductAttribute', summary: 'Delete a product attribute', description: 'The attributes after it move up one position.' })
  @ApiAttributeCode()
  @ApiResponses(noContent('The product attribute is gone.'), attributeNotFound())
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
