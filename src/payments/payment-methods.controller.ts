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
import { PaymentMethodForm } from './forms/payment-method.form';
import { PaymentMethodWritesService } from './payment-method-writes.service';
import {
  createdPaymentMethodExample,
  PAYMENT_METHOD_IN_USE,
  PAYMENT_METHOD_NOT_FOUND,
  PageOfPaymentMethodsSchema,
  PaymentMethodCreateRequestSchema,
  paymentMethodPatchExamples,
  PaymentMethodPatchRequestSchema,
  paymentMethodReplaceExamples,
  PaymentMethodReplaceRequestSchema,
  paymentMethodRequestExamples,
  paymentMethodUpdateValidationExample,
  paymentMethodValidationExample,
} from './payment-methods.openapi';
import { PaymentMethodsService } from './payment-methods.service';
import { PaymentMethodSchema } from './payments.openapi';

const ApiPaymentMethodCode = () => ApiPathParam('code', 'Payment method code (case-sensitive).', string({ example: 'cash_on_delivery' }));
const paymentMethodNotFound = () => notFound('No payment method has this code.', PAYMENT_METHOD_NOT_FOUND);
/** On PUT and PATCH `code` is ignored: a code never changes. */
const UPDATE_FORM = { disabled: ['code'] } as const;

@ApiTags('Payments')
@Controller('api/v1/payment-methods')
export class PaymentMethodsController {
  constructor(
    private readonly paymentMethods: PaymentMethodsService,
    private readonly writes: PaymentMethodWritesService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listPaymentMethods', summary: 'List payment methods', description: 'Every payment method, in the order they were created.' })
  @ApiPlainPage({ page: PageOfPaymentMethodsSchema, description: 'A page of payment methods.' })
  @ApiStandardErrors()
  list(@Req() request: FastifyRequest) {
    return this.paymentMethods.list(rawQuery(request));
  }

  @Post()
  @ApiOperation({ operationId: 'createPaymentMethod', summary: 'Create a payment method' })
  @ApiJsonBody({ form: PaymentMethodForm, schema: PaymentMethodCreateRequestSchema, examples: paymentMethodRequestExamples, validationExample: paymentMethodValidationExample })
  @ApiResponses(created('The new payment method.', PaymentMethodSchema, { created: { summary: 'Created', value: createdPaymentMethodExample } }))
  @ApiIdempotentPost()
  @ApiWriteErrors()
  async create(@Body(new FormPipe(PaymentMethodForm)) form: SubmittedForm<PaymentMethodForm>) {
    return this.paymentMethods.show(await this.writes.create(form));
  }

  @Get(':code')
  @ApiOperation({ operationId: 'showPaymentMethod', summary: 'Show a payment method' })
  @ApiPaymentMethodCode()
  @ApiResponses(ok('The payment method with its translations and channels.', PaymentMethodSchema), paymentMethodNotFound())
  @ApiStandardErrors()
  show(@Param('code') code: string) {
    return this.paymentMethods.show(code);
  }

  @Put(':code')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'replacePaymentMethod',
    summary: 'Replace a payment method',
    description: 'Left-out `channels` are none and a left-out `enabled` is `false`; every translation the method has must be sent again (or `null` to remove it); `code` is ignored.',
  })
  @ApiPaymentMethodCode()
  @ApiJsonBody({ form: PaymentMethodForm, schema: PaymentMethodReplaceRequestSchema, examples: paymentMethodReplaceExamples, validationExample: paymentMethodUpdateValidationExample })
  @ApiResponses(noContent('The payment method is replaced.'), paymentMethodNotFound())
  @ApiWriteErrors()
  async replace(@Param('code') code: string, @Body(new FormPipe(PaymentMethodForm, UPDATE_FORM)) form: SubmittedForm<PaymentMethodForm>): Promise<void> {
    await this.writes.update(code, form, 'replace');
  }

  @Patch(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updatePaymentMethod', summary: 'Change some fields of a payment method', description: 'Only the fields given change, in translations too; `code` is ignored.' })
  @ApiPaymentMethodCode()
  @ApiJsonBody({ form: PaymentMethodForm, schema: PaymentMethodPatchRequestSchema, examples: paymentMethodPatchExamples, validationExample: paymentMethodUpdateValidationExample })
  @ApiResponses(noContent('The fields given are changed.'), paymentMethodNotFound())
  @ApiWriteErrors()
  async patch(
    @Param('code') code: string,
    @Body(new FormPipe(PaymentMethodForm, { ...UPDATE_FORM, partial: true, validateNulls: true })) form: SubmittedForm<PaymentMethodForm>,
  ): Promise<void> {
    await this.writes.update(code, form, 'merge');
  }

  @Delete(':code')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deletePaymentMethod', summary: 'Delete a payment method', description: 'A method that any payment names is kept (409): disable it instead.' })
  @ApiPaymentMethodCode()
  @ApiResponses(noContent('The payment method is gone.'), paymentMethodNotFound(), conflict('A payment names the method.', PAYMENT_METHOD_IN_USE))
  @ApiWriteErrors()
  async remove(@Param('code') code: string): Promise<void> {
    await this.writes.delete(code);
  }
}
