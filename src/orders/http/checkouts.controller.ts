import { Body, Controller, Get, HttpCode, Param, Patch, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { resourceNotFound, resourceNotFoundMessage } from '../../common/errors/api-error';
import { parseId } from '../../common/errors/parse-id';
import { FormPipe } from '../../common/forms/form.pipe';
import type { SubmittedForm } from '../../common/forms/validate-form';
import { ApiPathParam, ApiResponses, ApiStandardErrors, ApiWriteErrors } from '../../common/openapi/api-decorators';
import { badRequest, invalidJson, noContent, notFound, ok, payloadTooLarge, unsupportedMediaType } from '../../common/openapi/responses';
import { integer, type Schema } from '../../common/openapi/schema-builders';
import {
  AddressingRequestSchema,
  addressingInvalid,
  CheckoutSummarySchema,
  completionInvalid,
  CompletionRequestSchema,
  orderNotPriceable,
  PaymentChoicesSchema,
  paymentSelectionInvalid,
  PaymentSelectionRequestSchema,
  ShippingChoicesSchema,
  shippingSelectionInvalid,
  ShippingSelectionRequestSchema,
  wrongCheckoutState,
} from './checkouts.openapi';
import { AddressingForm } from './forms/addressing.form';
import { CompletionForm } from './forms/completion.form';
import { PaymentSelectionForm, ShippingSelectionForm } from './forms/method-selection.forms';
import { PAYMENT_METHODS_UNRESOLVABLE, SHIPPING_METHODS_UNRESOLVABLE, CheckoutsService } from '../services/checkouts.service';

const ORDER_NOT_FOUND = resourceNotFoundMessage('order');
const orderId = (raw: string): number => parseId(raw, () => resourceNotFound('order'));
const ApiOrderId = () => ApiPathParam('id', 'Order id: a cart, or a placed order (which every step refuses).', integer({ minimum: 1, example: 4 }));
const unknownOrder = () => notFound('No order has this id.', ORDER_NOT_FOUND);

/** A JSON body with the answers that come with one (the 400 tree is the step's own). */
const ApiStepBody = (schema: Schema, description: string, examples: Record<string, { summary: string; value: unknown }>) =>
  ApiBody({ required: true, description: `${description} An empty body is read as \`{}\`; a missing Content-Type is read as JSON.`, schema, examples });
const BODY_ERRORS = [invalidJson(), payloadTooLarge(), unsupportedMediaType()];

const ADDRESS = { firstName: 'Oliver', lastName: 'Queen', countryCode: 'US', provinceCode: 'US-NY', street: 'Main St 1', city: 'Star City', postcode: '12345' };
const BLANK_ADDRESS = {
  children: {
    firstName: { errors: ['Please enter first name.'] }, lastName: { errors: ['Please enter last name.'] }, phoneNumber: {}, company: {},
    countryCode: { errors: ['Please select country.'] }, street: { errors: ['Please enter street.'] }, city: { errors: ['Please enter city.'] },
    postcode: { errors: ['Please enter postcode.'] },
  },
};

const PAYMENT_INVALID_EXAMPLE = {
  code: 400,
  message: 'Validation Failed',
  errors: { children: { payments: { children: [{ children: { method: { errors: ['This value is not valid.'], children: [{}, {}] } } }] } } },
};

@ApiTags('Checkouts')
@Controller('api/v1/checkouts')
export class CheckoutsController {
  constructor(private readonly checkouts: CheckoutsService) {}

  @Put('addressing/:id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'addressCheckout',
    summary: 'Address the checkout',
    description:
      'Sets the shipping and billing addresses (the billing address copies the shipping address unless `differentBillingAddress` is true), moves the checkout to `addressed`, recalculates the order (taxes follow the shipping address) and passes over the shipping and payment steps when there is nothing to ship or pay.',
  })
  @ApiOrderId()
  @ApiStepBody(AddressingRequestSchema, 'The addresses.', {
    same: { summary: 'Billing to the shipping address', value: { shippingAddress: ADDRESS } },
    different: { summary: 'A different billing address', value: { shippingAddress: ADDRESS, billingAddress: { ...ADDRESS, street: 'Second St 2' }, differentBillingAddress: true } },
  })
  @ApiResponses(
    noContent('The order is addressed and recalculated.'),
    addressingInvalid({ code: 400, message: 'Validation Failed', errors: { children: { shippingAddress: BLANK_ADDRESS, billingAddress: BLANK_ADDRESS, differentBillingAddress: {} } } }),
    ...BODY_ERRORS,
    orderNotPriceable(),
    unknownOrder(),
    wrongCheckoutState('address'),
  )
  @ApiWriteErrors()
  async address(@Param('id') id: string, @Body(new FormPipe(AddressingForm)) form: SubmittedForm<AddressingForm>): Promise<void> {
    await this.checkouts.address(orderId(id), form);
  }

  @Get('select-shipping/:id')
  @ApiOperation({ operationId: 'listCheckoutShippingMethods', summary: 'List the shipping methods of a cart', description: 'The methods each shipment may use, with what each charges.' })
  @ApiOrderId()
  @ApiResponses(
    ok('The methods per shipment, or `[]` when the cart has no shipment.', ShippingChoicesSchema),
    badRequest(`The order is placed, or its checkout is not at a step where shipping can be chosen: "${SHIPPING_METHODS_UNRESOLVABLE}"; or the shop cannot price a method.`),
    unknownOrder(),
  )
  @ApiStandardErrors()
  shippingMethods(@Param('id') id: string) {
    return this.checkouts.shippingMethods(orderId(id));
  }

  @Put('select-shipping/:id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'selectCheckoutShipping', summary: 'Choose the shipping methods', description: 'Entry n sets the method of the n-th shipment; the order is recalculated.' })
  @ApiOrderId()
  @ApiStepBody(ShippingSelectionRequestSchema, 'The method of each shipment.', { ups: { summary: 'UPS for the shipment', value: { shipments: [{ method: 'ups' }] } } })
  @ApiResponses(
    noContent('Shipping is chosen and the order recalculated.'),
    shippingSelectionInvalid({ code: 400, message: 'Validation Failed', errors: { children: { shipments: { children: [{ children: { method: { errors: ['Please select shipping method.'], children: [{}] } } }] } } } }),
    ...BODY_ERRORS,
    orderNotPriceable(),
    unknownOrder(),
    wrongCheckoutState('select_shipping'),
  )
  @ApiWriteErrors()
  async selectShipping(@Param('id') id: string, @Body(new FormPipe(ShippingSelectionForm)) form: SubmittedForm<ShippingSelectionForm>): Promise<void> {
    await this.checkouts.selectShipping(orderId(id), form);
  }

  @Get('select-payment/:id')
  @ApiOperation({ operationId: 'listCheckoutPaymentMethods', summary: 'List the payment methods of a cart', description: "The channel's enabled payment methods for each payment." })
  @ApiOrderId()
  @ApiResponses(
    ok('The methods per payment, or `[]` when the cart has no payment.', PaymentChoicesSchema),
    badRequest(`The order is placed, or its checkout is not at a step where payment can be chosen: "${PAYMENT_METHODS_UNRESOLVABLE}".`),
    unknownOrder(),
  )
  @ApiStandardErrors()
  paymentMethods(@Param('id') id: string) {
    return this.checkouts.paymentMethods(orderId(id));
  }

  @Put('select-payment/:id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'selectCheckoutPayment', summary: 'Choose the payment methods', description: 'Entry n sets the method of the n-th open payment; every open payment needs one.' })
  @ApiOrderId()
  @ApiStepBody(PaymentSelectionRequestSchema, 'The method of each open payment.', { cod: { summary: 'Cash on delivery', value: { payments: [{ method: 'cash_on_delivery' }] } } })
  @ApiResponses(noContent('Payment is chosen and the order recalculated.'), paymentSelectionInvalid(PAYMENT_INVALID_EXAMPLE), ...BODY_ERRORS, orderNotPriceable(), unknownOrder(), wrongCheckoutState('select_payment'))
  @ApiWriteErrors()
  async replacePayment(@Param('id') id: string, @Body(new FormPipe(PaymentSelectionForm)) form: SubmittedForm<PaymentSelectionForm>): Promise<void> {
    await this.checkouts.selectPayment(orderId(id), form, false);
  }

  @Patch('select-payment/:id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'updateCheckoutPayment', summary: 'Choose the payment methods (keeping what is not sent)', description: 'As PUT, but a payment without an entry keeps its method.' })
  @ApiOrderId()
  @ApiStepBody(PaymentSelectionRequestSchema, 'The method of each open payment, where it changes.', { keep: { summary: 'Keep the current methods', value: {} } })
  @ApiResponses(noContent('Payment is chosen and the order recalculated.'), paymentSelectionInvalid(PAYMENT_INVALID_EXAMPLE), ...BODY_ERRORS, orderNotPriceable(), unknownOrder(), wrongCheckoutState('select_payment'))
  @ApiWriteErrors()
  async updatePayment(@Param('id') id: string, @Body(new FormPipe(PaymentSelectionForm)) form: SubmittedForm<PaymentSelectionForm>): Promise<void> {
    await this.checkouts.selectPayment(orderId(id), form, true);
  }

  @Put('complete/:id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'completeCheckout',
    summary: 'Place the order',
    description:
      'Completes the checkout (payment selected or skipped): order number, stock held, promotion and coupon usage counted, addresses kept in a registered customer\'s address book; payments become `new` and shipments `ready`. ' +
      'A coupon that is used up by now (its usage limit, or its limit per customer, counting the orders placed meanwhile) or expired refuses the completion with `Coupon code is invalid.` and changes nothing. ' +
      'The same service as `npm run cli -- order:complete`.',
  })
  @ApiOrderId()
  @ApiStepBody(CompletionRequestSchema, 'Optional notes, stored with the order.', { notes: { summary: 'With notes', value: { notes: 'Leave it at the door.' } } })
  @ApiResponses(
    noContent('The order is placed.'),
    completionInvalid({ code: 400, message: 'Validation Failed', errors: { errors: ['Mug does not have sufficient stock.'], children: { notes: {} } } }),
    ...BODY_ERRORS,
    orderNotPriceable(),
    unknownOrder(),
    wrongCheckoutState('complete'),
  )
  @ApiWriteErrors()
  async complete(@Param('id') id: string, @Body(new FormPipe(CompletionForm)) form: SubmittedForm<CompletionForm>): Promise<void> {
    await this.checkouts.complete(orderId(id), form);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'showCheckout', summary: 'Show the checkout of an order', description: 'Any order, carts and placed orders alike, in the checkout summary shape.' })
  @ApiOrderId()
  @ApiResponses(ok('The order as the checkout shows it.', CheckoutSummarySchema), unknownOrder())
  @ApiStandardErrors()
  summary(@Param('id') id: string) {
    return this.checkouts.summary(orderId(id));
  }
}
