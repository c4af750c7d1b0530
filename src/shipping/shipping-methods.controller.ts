import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { FormPipe } from '../common/forms/form.pipe';
import type { SubmittedForm } from '../common/forms/validate-form';
import { rawQuery } from '../common/http/raw-query';
import { ApiIdempotentPost, ApiJsonBody, ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../common/openapi/api-decorators';
import { ApiPlainPage } from '../common/openapi/plain-page';
import { conflict, created, noContent, notFound, ok } from '../common/openapi/responses';
import { string } from '../common/openapi/schema-builders';
import { ShippingMethodForm } from './forms/shipping-method.form';
import { serializeShippingMethod } from './shipment.serializer';
import { ShippingMethodWritesService } from './shipping-method-writes.service';
import {
  createdShippingMethodExample,
  PageOfShippingMethodsSchema,
  SHIPPING_METHOD_IN_USE,
  SHIPPING_METHOD_NOT_FOUND,
  ShippingMethodCreateRequestSchema,
  shippingMethodPatchExamples,
  ShippingMethodPatchRequestSchema,
  shippingMethodReplaceExamples,
  ShippingMethodReplaceRequestSchema,
  shippingMethodRequestExamples,
  shippingMethodUpdateValidationExample,
  shippingMethodValidationExample,
} from './shipping-methods.openapi';
import { ShippingMethodsService } from './shipping-methods.service';
import { ShippingMethodSchema } from './shipping.openapi';

const ApiShippingMethodCode = () => ApiPathParam('code', 'Shipping method code (case-sensitive).', string({ example: 'ups' }));
const shippingMethodNotFound = () => notFound('No shipping method has this code.', SHIPPING_METHOD_NOT_FOUND);
/** On PUT and PATCH `code` is ignored: a code never changes. */
const UPDATE_FORM = { disabled: ['code'] } as const;
const APPLIES = 'Carts use the change from their next change on; their totals stay as they are until then.';

@ApiTags('Shipping')
@Controller('api/v1/shipping-methods')
export class ShippingMethodsController {
  constructor(
    private readonly shippingMethods: ShippingMethodsService,
    private readonly writes: ShippingMethodWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listShippingMethods', summary: 'List shipping methods', description: 'Every shipping method, in the order they were created.' })
  @ApiPlainPage({ page: PageOfShippingMethodsSchema, description: 'A page of shipping methods.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.shippingMethods.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createShippingMethod', summary: 'Create a shipping method', description: APPLIES })
  @ApiJsonBody({ form: ShippingMethodForm, schema: ShippingMethodCreateRequestSchema, examples: shippingMethodRequestExamples, validationExample: shippingMethodValidationExample })
  @ApiResponses(created('The new shipping method.', ShippingMethodSchema, { created: { summary: 'Created', value: createdShippingMethodExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(ShippingMethodForm)) form: SubmittedForm<ShippingMethodForm>) {
    return serializeShippingMethod(await this.writes.create(form));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showShippingMethod', summary: 'Show a shipping method' })
  @ApiShippingMethodCode()
  @ApiResponses(ok('The shipping method.', ShippingMethodSchema), shippingMethodNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.shippingMethods.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replaceShippingMethod',
    summary: 'Replace a shipping method',
    description: `What is left out is cleared, but the position; \`code\` is ignored. ${APPLIES}`,
  })
  @ApiShippingMethodCode()
  @ApiJsonBody({ form: ShippingMethodForm, schema: ShippingMethodReplaceRequestSchema, examples: shippingMethodReplaceExamples, validationExample: shippingMethodUpdateValidationExample })
  @ApiResponses(noContent('The shipping method is replaced.'), shippingMethodNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(ShippingMethodForm, UPDATE_FORM)) form: SubmittedForm<ShippingMethodForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateShippingMethod', summary: 'Change some fields of a shipping method', description: `Only the fields given change; \`code\` is ignored. ${APPLIES}` })
  @ApiShippingMethodCode()
  @ApiJsonBody({ form: ShippingMethodForm, schema: ShippingMethodPatchRequestSchema, examples: shippingMethodPatchExamples, validationExample: shippingMethodUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), shippingMethodNotFound())
  @ApiWriteErrors()
  async patch(
    @Param('code') code: string,
    @Body(new FormPipe(ShippingMethodForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<ShippingMethodForm>,
  ): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteShippingMethod', summary: 'Delete a shipping method', description: 'A method that any shipment names is kept (409): disable it instead.' })
  @ApiShippingMethodCode()
  @ApiResponses(noContent('The shipping method is gone.'), shippingMethodNotFound(), conflict('A shipment names the method.', SHIPPING_METHOD_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
